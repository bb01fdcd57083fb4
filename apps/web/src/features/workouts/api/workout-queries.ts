import {
  exerciseReadSchema,
  paths,
  workoutReadSchema,
  type Exercise,
  type LoadUpdate,
  type Workout,
} from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exerciseKeys, getExercisesQueryOptions } from '../../../lib/workout-exercises';

export { fetchExercises, getExercisesQueryOptions } from '../../../lib/workout-exercises';

/** SPEC.md §9: a workout is cached for 20 minutes (its exercises too: lib/workout-exercises.ts, shared with Home). */
const DETAIL_STALE_TIME = 20 * 60_000;

export const workoutKeys = {
  detail: (id: number) => ['workouts', 'detail', id] as const,
  allExercises: exerciseKeys.all,
};

export async function fetchWorkout(id: number): Promise<Workout> {
  return api.call(paths.workout(id), workoutReadSchema);
}

export async function updateLoad(exerciseId: number, body: LoadUpdate): Promise<Exercise> {
  return api.call(paths.exercise(exerciseId), exerciseReadSchema, { method: 'PUT', body });
}

export function getWorkoutQueryOptions(id: number) {
  return queryOptions({ queryKey: workoutKeys.detail(id), queryFn: () => fetchWorkout(id), staleTime: DETAIL_STALE_TIME });
}

export function useWorkout(id: number) {
  return useQuery(getWorkoutQueryOptions(id));
}

export function useExercises(workoutId: number) {
  return useQuery(getExercisesQueryOptions(workoutId));
}
