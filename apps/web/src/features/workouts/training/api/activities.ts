import { activityListReadSchema, type LibraryActivity, paths, SWAP_CHOICES_PAGE } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const activityKeys = {
  ofGroup: (grupoMuscular: string) => ['activities', grupoMuscular] as const,
};

/** The first page of the library's activities of one muscle group, by title: what an exercise may be swapped for. */
export async function fetchActivitiesOfGroup(grupoMuscular: string): Promise<LibraryActivity[]> {
  return (await api.call(paths.activities, activityListReadSchema, { params: { grupo_muscular: grupoMuscular, ...SWAP_CHOICES_PAGE } })).results;
}

export function getActivitiesOfGroupQueryOptions(grupoMuscular: string) {
  // The library changes when the team adds to it: seldom.
  return queryOptions({ queryKey: activityKeys.ofGroup(grupoMuscular), queryFn: () => fetchActivitiesOfGroup(grupoMuscular), staleTime: 60 * 60_000 });
}

export function useActivitiesOfGroup(grupoMuscular: string, enabled: boolean) {
  return useQuery({ ...getActivitiesOfGroupQueryOptions(grupoMuscular), enabled: enabled && grupoMuscular !== '' });
}
