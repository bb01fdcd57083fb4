import { onlineManager, QueryClient } from '@tanstack/react-query';
import { sendMessageDefaults, sendMessageKey } from '../features/messages/api/messages';
import { waterSyncDefaults, waterSyncKey } from '../features/water/api/water-day';
import { loadUpdateDefaults, loadUpdateKey } from '../features/workouts/api/load-update';
import { sessionFeedbackDefaults, sessionFeedbackKey } from '../features/workouts/training/api/session-feedback';
import { sessionUploadDefaults, sessionUploadKey } from '../features/workouts/training/api/session-upload';
import { isTransientError } from '@acompanha/client';

export const MAX_QUERY_RETRIES = 5;

/**
 * The wait before each retry (decision 045): six attempts within about 7.5 s of waiting, so that a
 * screen whose server keeps failing says so with 'Tentar novamente' instead of showing placeholders
 * for half a minute (TanStack's default doubles from 1 s: 31 s).
 */
export const QUERY_RETRY_DELAYS_MS = [500, 1000, 1500, 2000, 2500] as const;

export function queryRetryDelay(failureCount: number): number {
  return QUERY_RETRY_DELAYS_MS[Math.min(failureCount, QUERY_RETRY_DELAYS_MS.length - 1)]!;
}

/** DECISIONS.md §3: a 404 or 403 shows its message at once; only transient failures are retried. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isTransientError(error);
}

export function createQueryClient(): QueryClient {
  // TanStack Query assumes online until an 'offline' event: an app opened without a connection must know at once.
  // (navigator.onLine is only trusted when it says offline.)
  if (!navigator.onLine) onlineManager.setOnline(false);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
        // A screen left behind stays in memory, and so on disk, so that it opens offline (the persisted copy ages out
        // after PERSISTED_CACHE_MAX_AGE; a finite 30 days would not fit in a timer).
        gcTime: Infinity,
      },
    },
  });
  queryClient.setMutationDefaults(loadUpdateKey, loadUpdateDefaults(queryClient));
  queryClient.setMutationDefaults(sessionUploadKey, sessionUploadDefaults(queryClient));
  queryClient.setMutationDefaults(sessionFeedbackKey, sessionFeedbackDefaults());
  queryClient.setMutationDefaults(sendMessageKey, sendMessageDefaults(queryClient));
  queryClient.setMutationDefaults(waterSyncKey, waterSyncDefaults(queryClient));
  return queryClient;
}
