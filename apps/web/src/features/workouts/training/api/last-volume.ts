import { sessionPageReadSchema, sessionVolume } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { trainingKeys } from '../../../../lib/training-keys';

/** The volume of the workout's last session (kg), or null when it has none: what the summary compares with. */
export async function fetchLastVolume(workoutId: number): Promise<number | null> {
  const { data } = await apiClient.get<unknown>(`/v1/treinos/${workoutId}/sessoes`, { params: { page: 0, size: 1 } });
  const last = sessionPageReadSchema.parse(data).results[0];
  return last ? sessionVolume(last.series) : null;
}

/**
 * Read while the workout is trained, so that the summary has it at the end, online or not (the
 * query cache is kept on the device). A session sent reads it again (`trainingKeys.all`).
 */
export function getLastVolumeQueryOptions(workoutId: number) {
  return queryOptions({ queryKey: trainingKeys.lastVolume(workoutId), queryFn: () => fetchLastVolume(workoutId), staleTime: 5 * 60_000 });
}

export function useLastVolume(workoutId: number, enabled: boolean) {
  return useQuery({ ...getLastVolumeQueryOptions(workoutId), enabled });
}
