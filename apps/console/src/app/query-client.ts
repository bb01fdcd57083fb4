import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@acompanha/client';

/** Only what may succeed a moment later is retried: a 403 or 404 shows its message at once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 3 && error instanceof ApiError && error.transient,
      },
    },
  });
}
