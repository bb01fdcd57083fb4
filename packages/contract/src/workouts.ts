import { z } from 'zod/mini';
import { pagedSchema } from './common.js';

export const WEEKDAYS = ['SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO', 'DOMINGO'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The accented spellings that also exist (DECISIONS.md §2) read as their plain codes. */
const ACCENTED: Record<string, Weekday> = { TERÇA: 'TERCA', SÁBADO: 'SABADO' };

export function normalizeWeekday(code: string): Weekday | undefined {
  const upper = code.toUpperCase();
  return (WEEKDAYS as readonly string[]).includes(upper) ? (upper as Weekday) : ACCENTED[upper];
}

export const weekdaySchema = z.pipe(
  z.string(),
  z.transform((code, ctx) => {
    const day = normalizeWeekday(code);
    if (!day) {
      // A mini transform's ctx has no addIssue: push the issue classic's addIssue made (code 'custom', the value as input).
      ctx.issues.push({ code: 'custom', message: `expected one of ${WEEKDAYS.join(', ')}`, input: code });
      return z.NEVER;
    }
    return day;
  }),
);

export const workoutSchema = z.object({
  id: z.number().check(z.int()),
  titulo: z.string(),
  dias: z.array(weekdaySchema),
  observacao: z.nullable(z.string()),
});
export type Workout = z.infer<typeof workoutSchema>;
export const workoutPageSchema = pagedSchema(workoutSchema);

export const activitySchema = z.object({
  titulo: z.string(),
  grupo_muscular: z.string(),
  video: z.nullable(z.string()),
});
export type Activity = z.infer<typeof activitySchema>;

export const LOAD_MAX = 9999;

export const exerciseSchema = z.object({
  id: z.number().check(z.int()),
  series: z.number().check(z.int()),
  repeticoes: z.string(),
  carga: z.nullable(z.number()),
  tempo_descanso: z.number().check(z.int()),
  observacao: z.nullable(z.string()),
  atividade: activitySchema,
});
export type Exercise = z.infer<typeof exerciseSchema>;
export const exercisePageSchema = pagedSchema(exerciseSchema);

/** SPEC.md §5: a number at least 0, nullable; the input holds at most 4 characters. */
export const loadUpdateSchema = z.object({ carga: z.nullable(z.number().check(z.gte(0), z.lte(LOAD_MAX))) });
export type LoadUpdate = z.infer<typeof loadUpdateSchema>;
