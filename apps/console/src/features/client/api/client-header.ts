import { clientHeaderSchema, teamPaths } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** The head of a client's page: who they are, their plan, and how they are keeping up. */
export function getClientHeaderQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: teamKeys.header(clientId),
    queryFn: () => api.call(teamPaths.client(clientId), clientHeaderSchema),
    staleTime: 60_000,
  });
}

export function useClientHeader(clientId: number) {
  return useQuery(getClientHeaderQueryOptions(clientId));
}
