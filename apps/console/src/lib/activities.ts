import { activityListSchema } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { teamKeys } from './query-keys';

/**
 * The whole activity library, which the plan editor picks from and the library screen edits; both
 * search it in the page as the API would (`searchActivities`): a library is hundreds of rows.
 */
export function getActivitiesQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.activities,
    queryFn: async () => (await callApi('/v1/equipe/atividades', activityListSchema)).results,
    staleTime: 5 * 60_000,
  });
}

export const useActivities = () => useQuery(getActivitiesQueryOptions());
