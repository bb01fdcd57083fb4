import type { Workout } from '@acompanha/contract';
import { isPlannedToday } from '../../../lib/plan-lists';

/** SPEC.md §2: the workout whose days include today's weekday on the device's calendar, else the first. */
export function todaysWorkoutIndex(workouts: readonly Workout[], today: Date = new Date()): number {
  const index = workouts.findIndex((workout) => isPlannedToday(workout, today));
  return index === -1 ? 0 : index;
}
