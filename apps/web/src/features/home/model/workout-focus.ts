import type { Exercise } from '@acompanha/contract';

/** What a workout trains, which picks its card's artwork (docs/decisions/044). */
export type WorkoutFocus = 'lower' | 'upper' | 'full' | 'core' | 'cardio';

/**
 * Muscle groups (`atividade.grupo_muscular`, free text written by the team) by the part of the body
 * they belong to, matched without case or accents. 'Abdutores' is a hip muscle, not 'abdômen'.
 */
const GROUPS: ReadonlyArray<readonly [WorkoutFocus, RegExp]> = [
  ['cardio', /cardio|aerobi|corrida|caminhada|bicicleta|bike|esteira|eliptico|hiit|corda/],
  ['full', /corpo (inteiro|todo)|full ?body|funcional/],
  ['core', /abdom|core|obliquo|lombar/],
  ['lower', /quadricep|posterior|isquio|gluteo|panturrilha|perna|coxa|adutor|abdutor|inferior/],
  ['upper', /peit|dorsa|costa|ombro|deltoide|bicep|tricep|trapezio|antebraco|braco|superior/],
];

const plain = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** The part of the body a muscle group belongs to, or null for a group not recognised. */
export function focusOfGroup(grupoMuscular: string): WorkoutFocus | null {
  const group = plain(grupoMuscular);
  return GROUPS.find(([, pattern]) => pattern.test(group))?.[0] ?? null;
}

/**
 * The workout's focus, counting its exercises by the part of the body of their muscle group:
 * - cardio when at least half of the exercises recognised are cardio;
 * - full body when 'corpo inteiro' exercises lead, or when lower and upper body each make at least
 *   a third of the strength exercises (legs and back, say), or when no group is recognised;
 * - otherwise the part with the most exercises, lower before upper before core on a tie
 *   (glutes with a few abdominals is a lower-body day).
 */
export function workoutFocus(exercises: readonly Pick<Exercise, 'atividade'>[]): WorkoutFocus {
  const count: Record<WorkoutFocus, number> = { lower: 0, upper: 0, full: 0, core: 0, cardio: 0 };
  for (const exercise of exercises) {
    const focus = focusOfGroup(exercise.atividade.grupo_muscular);
    if (focus) count[focus] += 1;
  }
  const strength = count.lower + count.upper + count.core + count.full;
  if (count.cardio > 0 && count.cardio >= strength) return 'cardio';
  if (strength === 0) return 'full';
  const leader = (['lower', 'upper', 'core'] as const).reduce((best, focus) => (count[focus] > count[best] ? focus : best));
  if (count.full >= count[leader]) return 'full';
  if (Math.min(count.lower, count.upper) * 3 >= strength) return 'full';
  return leader;
}
