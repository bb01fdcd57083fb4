import { normalizeWeekday, type Workout } from '@acompanha/contract';
import { weekdayOf } from '@acompanha/ui/dates';

/** SPEC.md §2: the workout whose days include today's weekday on the device's calendar, else the first. */
export function todaysWorkoutIndex(workouts: readonly Workout[], today: Date = new Date()): number {
  const index = workouts.findIndex((workout) => isPlannedToday(workout, today));
  return index === -1 ? 0 : index;
}

/** Whether the workout is planned for today's weekday: its card says 'Hoje'. */
export function isPlannedToday(workout: Workout, today: Date = new Date()): boolean {
  const weekday = weekdayOf(today);
  return workout.dias.some((code) => normalizeWeekday(code) === weekday);
}
