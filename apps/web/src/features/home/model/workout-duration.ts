import type { Exercise } from '@acompanha/contract';

/** Seconds one repetition takes at a controlled pace (about one second up, two down). */
export const SECONDS_PER_REP = 3;
/** The reps assumed when the plan's text names no number ('Até a falha'). */
const REPS_WITHOUT_A_NUMBER = 10;

const TIMED = /(\d+(?:[.,]\d+)?)\s*(s|seg|segundos?|min|minutos?)\b/i;
const RANGE = /(\d+)\s*(?:-|–|a|até)\s*(\d+)/i;
const NUMBER = /\d+/;
const EACH_SIDE = /\bcada\s+(?:perna|lado|braço|braco)\b/i;

/**
 * How long one set works, in seconds, read from the plan's free text (`repeticoes`): a time
 * ('40 s', '1 min') is that time; a range ('10-12') counts its middle, a number itself, text
 * without one 10 reps, each rep SECONDS_PER_REP; 'cada perna' (or lado, braço) counts both sides.
 */
export function setWorkSeconds(repeticoes: string): number {
  const sides = EACH_SIDE.test(repeticoes) ? 2 : 1;
  const timed = TIMED.exec(repeticoes);
  if (timed) {
    const amount = Number(timed[1]!.replace(',', '.'));
    return amount * (timed[2]!.toLowerCase().startsWith('min') ? 60 : 1) * sides;
  }
  const range = RANGE.exec(repeticoes);
  const number = NUMBER.exec(repeticoes);
  const reps = range ? (Number(range[1]) + Number(range[2])) / 2 : number ? Number(number[0]) : REPS_WITHOUT_A_NUMBER;
  return reps * SECONDS_PER_REP * sides;
}

/**
 * A workout's estimated duration in minutes (docs/decisions/044), the one formula of it:
 *
 *   seconds = Σ over the exercises of series × (setWorkSeconds(repeticoes) + tempo_descanso)
 *
 * Every set is followed by its rest; the last set's rest stands for the move to the next exercise.
 * Rounded to the nearest 5 minutes (an estimate, not a promise), at least 5; 0 without exercises.
 */
export function estimatedMinutes(exercises: readonly Pick<Exercise, 'series' | 'repeticoes' | 'tempo_descanso'>[]): number {
  if (exercises.length === 0) return 0;
  const seconds = exercises.reduce(
    (sum, exercise) => sum + Math.max(1, exercise.series) * (setWorkSeconds(exercise.repeticoes) + Math.max(0, exercise.tempo_descanso)),
    0,
  );
  return Math.max(5, Math.round(seconds / 300) * 5);
}
