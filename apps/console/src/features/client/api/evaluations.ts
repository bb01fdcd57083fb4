import { type Evaluation, evaluationListReadSchema, teamPaths } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** Every evaluation of a client, oldest first. */
export async function fetchClientEvaluations(clientId: number): Promise<Evaluation[]> {
  return (await api.call(teamPaths.clientEvaluations(clientId), evaluationListReadSchema)).results;
}

export function getClientEvaluationsQueryOptions(clientId: number) {
  // A new evaluation comes from a consultation or a published plan, a few times a year.
  return queryOptions({ queryKey: teamKeys.evaluations(clientId), queryFn: () => fetchClientEvaluations(clientId), staleTime: 5 * 60_000 });
}

export function useClientEvaluations(clientId: number) {
  return useQuery(getClientEvaluationsQueryOptions(clientId));
}
