import { paths, type WaterDay, waterDayReadSchema, type WaterDayRequest } from '@acompanha/contract';
import { queryOptions, useMutation, useQuery, type MutationObserverOptions, type QueryClient } from '@tanstack/react-query';
import { isTransientError } from '@acompanha/client';
import { api } from '../../../lib/api-client';
import { assertMadeBySignedInUser, madeBySignedInUser } from '../../../lib/session/current-user';

/** The day's water log as the server keeps it for the account (decision 041). */
export const waterKeys = {
  all: ['water'] as const,
  day: (date: string) => ['water', 'day', date] as const,
};

export async function fetchWaterDay(date: string): Promise<WaterDay> {
  return api.call(paths.water(date), waterDayReadSchema);
}

export async function saveWaterDay(date: string, day: WaterDayRequest): Promise<WaterDay> {
  return api.call(paths.water(date), waterDayReadSchema, { method: 'PUT', body: day });
}

/**
 * The server's copy of a local date, which another device may have added to: read when the card
 * opens, when the app comes back to the foreground and when the connection returns.
 */
export function getWaterDayQueryOptions(date: string) {
  return queryOptions({
    queryKey: waterKeys.day(date),
    queryFn: () => fetchWaterDay(date),
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
}

export function useServerWaterDay(date: string, enabled: boolean) {
  return useQuery({ ...getWaterDayQueryOptions(date), enabled });
}

export const waterSyncKey = ['water', 'sync'] as const;

export interface WaterSyncVariables {
  date: string;
  day: WaterDayRequest;
}

/**
 * Every save of the day runs with these, also one made offline and resumed after a reload or at the
 * client's next sign-in (lib/unsent-work.ts). Each carries the whole day the device held, and the
 * server merges it into its own, so a save sent twice or late changes nothing; saves go out one at
 * a time, for the client who made them only, tried again as long as the connection fails.
 */
export function waterSyncDefaults(queryClient: QueryClient): MutationObserverOptions<WaterDay, Error, WaterSyncVariables> {
  return {
    mutationFn: ({ date, day }, { meta }) => {
      assertMadeBySignedInUser(meta);
      return saveWaterDay(date, day);
    },
    scope: { id: 'water' },
    retry: (_failures, error) => isTransientError(error),
    onSuccess: (answer, { date }) => queryClient.setQueryData(waterKeys.day(date), answer),
  };
}

/** PUT /v1/agua/{data}, with the defaults above. */
export function useSyncWater() {
  return useMutation<WaterDay, Error, WaterSyncVariables>({ mutationKey: waterSyncKey, meta: madeBySignedInUser() });
}
