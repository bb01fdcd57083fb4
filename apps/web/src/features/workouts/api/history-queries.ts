import { exerciseHistoryReadSchema, type HistoryEntry, paths } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { trainingKeys } from '../../../lib/training-keys';

/** The best set (the contract's `bestSet`, picked by the API) of each past session of an exercise, oldest first. */
export async function fetchExerciseHistory(exerciseId: number): Promise<HistoryEntry[]> {
  return api.call(paths.exerciseHistory(exerciseId), exerciseHistoryReadSchema);
}

export function getExerciseHistoryQueryOptions(exerciseId: number) {
  // A session ends on this phone: the history changes when the client trains, not behind their back.
  return queryOptions({ queryKey: trainingKeys.history(exerciseId), queryFn: () => fetchExerciseHistory(exerciseId), staleTime: 20 * 60_000 });
}

export function useExerciseHistory(exerciseId: number) {
  return useQuery(getExerciseHistoryQueryOptions(exerciseId));
}
