import { activityListReadSchema, SWAP_CHOICES_PAGE, type LibraryActivity } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

const activityKeys = {
  ofGroup: (grupoMuscular: string) => ['activities', grupoMuscular] as const,
};

/** The first page of the library's activities of one muscle group, by title: what an exercise may be swapped for. */
export async function fetchActivitiesOfGroup(grupoMuscular: string): Promise<LibraryActivity[]> {
  const { data } = await apiClient.get<unknown>('/v1/atividades', { params: { grupo_muscular: grupoMuscular, ...SWAP_CHOICES_PAGE } });
  return activityListReadSchema.parse(data).results;
}

export function getActivitiesOfGroupQueryOptions(grupoMuscular: string) {
  // The library changes when the team adds to it: seldom.
  return queryOptions({ queryKey: activityKeys.ofGroup(grupoMuscular), queryFn: () => fetchActivitiesOfGroup(grupoMuscular), staleTime: 60 * 60_000 });
}

export function useActivitiesOfGroup(grupoMuscular: string, enabled: boolean) {
  return useQuery({ ...getActivitiesOfGroupQueryOptions(grupoMuscular), enabled: enabled && grupoMuscular !== '' });
}
