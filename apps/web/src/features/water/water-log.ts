import { DEFAULT_WATER_GOAL_ML, WATER_UNIT_ML } from '@acompanha/contract';
import { isSameDay } from 'date-fns';

/** SPEC.md §9: each add is one 250 ml glass. */
export { WATER_UNIT_ML };

/** The day's goal: the latest evaluation's consumo_ideal_agua, else 2000 ml (SPEC.md §3). */
export function waterGoal(idealMillilitres: number | null | undefined): number {
  return idealMillilitres && idealMillilitres > 0 ? idealMillilitres : DEFAULT_WATER_GOAL_ML;
}

/** SPEC.md §4: adds stop once the count reaches ceil(goal / 250). */
export function maxGlasses(goal: number): number {
  return Math.ceil(goal / WATER_UNIT_ML);
}

/** DECISIONS.md §3: only entries of today's local calendar day count; a new day starts at 0 ml. */
export function entriesOfDay(timestamps: readonly number[], day: Date): number[] {
  return timestamps.filter((timestamp) => isSameDay(timestamp, day));
}

/** The share of the goal drunk, in whole percent, capped at 100. */
export function progressPercent(millilitres: number, goal: number): number {
  return Math.min(100, Math.round((millilitres / goal) * 100));
}
