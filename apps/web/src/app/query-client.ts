import { QueryClient } from '@tanstack/react-query';
import { isTransientError } from '../lib/api-client';

export const MAX_QUERY_RETRIES = 5;

/** DECISIONS.md §3: a 404 or 403 shows its message at once; only transient failures are retried. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isTransientError(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false },
    },
  });
}
