import { normalizeWeekday, type Workout } from '@acompanha/contract';
import { weekdayOf } from '../../../lib/dates';

/** SPEC.md §2: the workout whose days include today's weekday on the device's calendar, else the first. */
export function todaysWorkoutIndex(workouts: readonly Workout[], today: Date = new Date()): number {
  const weekday = weekdayOf(today);
  const index = workouts.findIndex((workout) => workout.dias.some((code) => normalizeWeekday(code) === weekday));
  return index === -1 ? 0 : index;
}
