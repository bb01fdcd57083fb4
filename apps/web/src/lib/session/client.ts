import { clientReadSchema, paths, type Client } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { getCurrentUserId } from './current-user';
import { sessionKeys } from './query-keys';

export async function fetchClient(): Promise<Client> {
  return api.call(paths.client(getCurrentUserId()), clientReadSchema);
}

export function getClientQueryOptions() {
  // The client's name and birth date hardly change during a visit.
  return queryOptions({ queryKey: sessionKeys.client, queryFn: fetchClient, staleTime: 30 * 60_000 });
}

/** The signed-in client's record (name, birth date). */
export function useClient() {
  return useQuery(getClientQueryOptions());
}
