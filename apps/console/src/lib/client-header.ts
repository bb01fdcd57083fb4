import { clientHeaderSchema, teamPaths } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { teamKeys } from './query-keys';

/** The head of a client's page (who they are, their plan, how they keep up, who looks after them); the plan editor names the client by it. */
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
