import { dietPageReadSchema, HOME_PAGE, normalizeWeekday, paths, weekdayOf, workoutPageReadSchema, type Diet, type Workout } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/*
 * The plan's lists of an evaluation: its workouts and its diets. Home lists them; the diet screen
 * reads the workouts' days to say whether today is a training day (docs/decisions/044).
 */

/** SPEC.md §9: the plan lists are cached for 15 minutes. */
const LIST_STALE_TIME = 15 * 60_000;

export const planListKeys = {
  workouts: (evaluationId: number) => ['workouts', 'list', evaluationId] as const,
  diets: (evaluationId: number) => ['diets', 'list', evaluationId] as const,
};

export async function fetchWorkouts(evaluationId: number): Promise<Workout[]> {
  return (await api.call(paths.workouts(evaluationId), workoutPageReadSchema, { params: HOME_PAGE })).results;
}

export async function fetchDiets(evaluationId: number): Promise<Diet[]> {
  return (await api.call(paths.diets(evaluationId), dietPageReadSchema, { params: HOME_PAGE })).results;
}

export function getWorkoutsQueryOptions(evaluationId: number) {
  return queryOptions({
    queryKey: planListKeys.workouts(evaluationId),
    queryFn: () => fetchWorkouts(evaluationId),
    staleTime: LIST_STALE_TIME,
  });
}

export function getDietsQueryOptions(evaluationId: number) {
  return queryOptions({
    queryKey: planListKeys.diets(evaluationId),
    queryFn: () => fetchDiets(evaluationId),
    staleTime: LIST_STALE_TIME,
  });
}

export function useWorkouts(evaluationId: number) {
  return useQuery(getWorkoutsQueryOptions(evaluationId));
}

export function useDiets(evaluationId: number) {
  return useQuery(getDietsQueryOptions(evaluationId));
}

/** Whether the workout is planned for today's weekday on the device's calendar (Home's 'Hoje', the diet of the day). */
export function isPlannedToday(workout: Workout, today: Date = new Date()): boolean {
  const weekday = weekdayOf(today);
  return workout.dias.some((code) => normalizeWeekday(code) === weekday);
}
