import {
  exercisePageReadSchema,
  exerciseReadSchema,
  workoutReadSchema,
  type Exercise,
  type LoadUpdate,
  type Workout,
} from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** SPEC.md §9: a workout and its exercises are cached for 20 minutes. */
const DETAIL_STALE_TIME = 20 * 60_000;

export const workoutKeys = {
  detail: (id: number) => ['workouts', 'detail', id] as const,
  allExercises: ['workouts', 'exercises'] as const,
  exercises: (workoutId: number) => ['workouts', 'exercises', workoutId] as const,
};

export async function fetchWorkout(id: number): Promise<Workout> {
  const { data } = await apiClient.get<unknown>(`/v1/treinos/${id}`);
  return workoutReadSchema.parse(data);
}

export async function fetchExercises(workoutId: number): Promise<Exercise[]> {
  const { data } = await apiClient.get<unknown>(`/v1/treinos/${workoutId}/exercicios`, { params: { page: 0, size: 50 } });
  return exercisePageReadSchema.parse(data).results;
}

export async function updateLoad(exerciseId: number, body: LoadUpdate): Promise<Exercise> {
  const { data } = await apiClient.put<unknown>(`/v1/exercicios/${exerciseId}`, body);
  return exerciseReadSchema.parse(data);
}

export function getWorkoutQueryOptions(id: number) {
  return queryOptions({ queryKey: workoutKeys.detail(id), queryFn: () => fetchWorkout(id), staleTime: DETAIL_STALE_TIME });
}

export function getExercisesQueryOptions(workoutId: number) {
  return queryOptions({
    queryKey: workoutKeys.exercises(workoutId),
    queryFn: () => fetchExercises(workoutId),
    staleTime: DETAIL_STALE_TIME,
  });
}

export function useWorkout(id: number) {
  return useQuery(getWorkoutQueryOptions(id));
}

export function useExercises(workoutId: number) {
  return useQuery(getExercisesQueryOptions(workoutId));
}
