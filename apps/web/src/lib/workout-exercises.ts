import { exercisePageReadSchema, HOME_PAGE, paths, type Exercise } from '@acompanha/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** SPEC.md §9: a workout's exercises are cached for 20 minutes. */
const EXERCISES_STALE_TIME = 20 * 60_000;

/**
 * A workout's exercises: its screen lists them and Home's cards count and time them, from one
 * cache entry, so that a card read on Home opens its workout at once and the other way round.
 */
export const exerciseKeys = {
  all: ['workouts', 'exercises'] as const,
  of: (workoutId: number) => ['workouts', 'exercises', workoutId] as const,
};

export async function fetchExercises(workoutId: number): Promise<Exercise[]> {
  return (await api.call(paths.exercises(workoutId), exercisePageReadSchema, { params: HOME_PAGE })).results;
}

export function getExercisesQueryOptions(workoutId: number) {
  return queryOptions({ queryKey: exerciseKeys.of(workoutId), queryFn: () => fetchExercises(workoutId), staleTime: EXERCISES_STALE_TIME });
}
