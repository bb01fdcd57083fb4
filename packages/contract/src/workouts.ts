import { z } from 'zod';
import { pagedSchema } from './common.js';

export const WEEKDAYS = ['SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO', 'DOMINGO'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The accented spellings that also exist (DECISIONS.md §2) read as their plain codes. */
const ACCENTED: Record<string, Weekday> = { TERÇA: 'TERCA', SÁBADO: 'SABADO' };

export function normalizeWeekday(code: string): Weekday | undefined {
  const upper = code.toUpperCase();
  return (WEEKDAYS as readonly string[]).includes(upper) ? (upper as Weekday) : ACCENTED[upper];
}

export const weekdaySchema = z.string().transform((code, ctx) => {
  const day = normalizeWeekday(code);
  if (!day) {
    ctx.addIssue({ code: 'custom', message: `expected one of ${WEEKDAYS.join(', ')}` });
    return z.NEVER;
  }
  return day;
});

export const workoutSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  dias: z.array(weekdaySchema),
  observacao: z.string().nullable(),
});
export type Workout = z.infer<typeof workoutSchema>;
export const workoutPageSchema = pagedSchema(workoutSchema);

export const activitySchema = z.object({
  titulo: z.string(),
  grupo_muscular: z.string(),
  video: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

export const LOAD_MAX = 9999;

export const exerciseSchema = z.object({
  id: z.number().int(),
  series: z.number().int(),
  repeticoes: z.string(),
  carga: z.number().nullable(),
  tempo_descanso: z.number().int(),
  observacao: z.string().nullable(),
  atividade: activitySchema,
});
export type Exercise = z.infer<typeof exerciseSchema>;
export const exercisePageSchema = pagedSchema(exerciseSchema);

/** SPEC.md §5: a number at least 0, nullable; the input holds at most 4 characters. */
export const loadUpdateSchema = z.object({ carga: z.number().min(0).max(LOAD_MAX).nullable() });
export type LoadUpdate = z.infer<typeof loadUpdateSchema>;
