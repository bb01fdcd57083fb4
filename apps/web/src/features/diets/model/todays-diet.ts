import type { Diet, Workout } from '@acompanha/contract';
import { isPlannedToday } from '../../../lib/plan-lists';

export type DayKind = 'training' | 'rest';

/**
 * Whether today is a training day: one of the plan's workouts is planned for today's weekday.
 * Unknown (null) without workouts to read: a PRO plan, or none written yet.
 */
export function todaysKind(workouts: readonly Workout[] | undefined, today: Date = new Date()): DayKind | null {
  if (!workouts || workouts.length === 0) return null;
  return workouts.some((workout) => isPlannedToday(workout, today)) ? 'training' : 'rest';
}

const kindOf = (diet: Diet): DayKind => (diet.is_dia_de_treino ? 'training' : 'rest');

export interface TodaysDietLine {
  /** 'Hoje é dia de treino', or of rest; none when today's kind is unknown. */
  today: string | null;
  text: string;
  /** Whether this diet is today's; null when unknown. */
  isToday: boolean | null;
}

/** What the diet screen says about today (docs/decisions/044). */
export function todaysDietLine(diet: Diet, kind: DayKind | null): TodaysDietLine {
  if (kind === null) {
    return { today: null, text: diet.is_dia_de_treino ? 'Siga esta dieta nos dias em que você treinar.' : 'Siga esta dieta nos dias sem treino.', isToday: null };
  }
  const today = kind === 'training' ? 'Hoje é dia de treino' : 'Hoje é dia de descanso';
  if (kindOf(diet) === kind) return { today, text: 'Esta é a sua dieta de hoje.', isToday: true };
  return { today, text: kind === 'training' ? 'Hoje vale a dieta para dias de treino.' : 'Hoje vale a dieta para dias sem treino.', isToday: false };
}

/** The plan's diet for today's kind, to link to from the other one. */
export function dietOfKind(diets: readonly Diet[] | undefined, kind: DayKind): Diet | undefined {
  return diets?.find((diet) => kindOf(diet) === kind);
}
