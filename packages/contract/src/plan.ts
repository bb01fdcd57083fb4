import { z } from 'zod';
import { isoDateSchema, timeOfDaySchema } from './common.js';
import { evaluationNotesSchema, measurementsSchema, planSchema } from './evaluations.js';
import { SESSION_SETS_MAX } from './sessions.js';
import { LOAD_MAX, weekdaySchema } from './workouts.js';

/**
 * The plan file of the operator CLI (`plan:import`, `plan:export`): one evaluation with its diets
 * and workouts, as the team writes them. Containers are named in English, fields as the API names
 * them. Objects are strict so that a misspelt field is reported instead of silently dropped.
 */

/** Days of access a consultation gives when the file names no `vencimento`. */
export const PLAN_VALIDITY_DAYS = 60;

const text = z.string().trim().min(1, 'expected a non-empty text');
const optionalText = text.nullish();

export const planEvaluationSchema = z
  .strictObject({
    plano: planSchema,
    /** Day of the consultation, `YYYY-MM-DD`; today when absent. */
    data_consulta: isoDateSchema.optional(),
    /** Last day of access, `YYYY-MM-DD`; PLAN_VALIDITY_DAYS after the consultation when absent. */
    vencimento: isoDateSchema.optional(),
    peso: z.number().min(20, 'expected kilograms (e.g. 67.5)').max(400, 'expected kilograms (e.g. 67.5)'),
    // Metres (1.65) are the likely slip; the app reads centimetres.
    altura: z.number().min(50, 'expected centimetres (e.g. 165)').max(260, 'expected centimetres (e.g. 165)'),
    objetivo: text,
    /** Daily water goal in ml; the app falls back to its default when absent. */
    consumo_ideal_agua: z.number().int('expected whole millilitres (e.g. 2500)').min(250, 'expected millilitres (e.g. 2500)').max(10_000).nullish(),
    /** Notes for the client, shown on their Perfil and in the PDF; blank is none. */
    observacoes: evaluationNotesSchema.nullish(),
  })
  .extend(measurementsSchema.shape);
export type PlanEvaluation = z.infer<typeof planEvaluationSchema>;

export const planMealSchema = z
  .strictObject({
    titulo: text,
    /** A time window (`horario_inicio` and `horario_fim`) or one custom time (`horario_customizado`). */
    horario_inicio: timeOfDaySchema.nullish(),
    horario_fim: timeOfDaySchema.nullish(),
    horario_customizado: timeOfDaySchema.nullish(),
    /** Each option is a list of food groups ('2 ovos mexidos', '1 banana'); the client picks one option. */
    opcoes: z.array(z.array(text)).default([]),
  })
  .superRefine((meal, ctx) => {
    const custom = meal.horario_customizado != null;
    const window = meal.horario_inicio != null || meal.horario_fim != null;
    if (custom && window) {
      ctx.addIssue({ code: 'custom', path: ['horario_customizado'], message: 'expected either horario_customizado or horario_inicio and horario_fim, not both' });
    } else if (!custom && !window) {
      ctx.addIssue({ code: 'custom', path: [], message: 'expected horario_inicio and horario_fim, or horario_customizado' });
    } else if (!custom) {
      for (const field of ['horario_inicio', 'horario_fim'] as const) {
        if (meal[field] == null) ctx.addIssue({ code: 'custom', path: [field], message: 'expected HH:mm (a window needs horario_inicio and horario_fim)' });
      }
    }
  });
export type PlanMeal = z.infer<typeof planMealSchema>;

export const planDietSchema = z.strictObject({
  titulo: text,
  is_dia_de_treino: z.boolean(),
  meals: z.array(planMealSchema),
});
export type PlanDiet = z.infer<typeof planDietSchema>;

export const planExerciseSchema = z.strictObject({
  /** The activity is shared by every exercise with the same title, muscle group and video. */
  atividade: z.strictObject({
    titulo: text,
    grupo_muscular: text,
    video: z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' }).nullish(),
  }),
  series: z.number().int('expected a whole number').min(1).max(100),
  /** Free text: '12', '10-12', '40 s', '10 cada perna'. */
  repeticoes: text,
  /** kg; the client updates it in the app. */
  carga: z.number().min(0).max(LOAD_MAX).nullish(),
  /** Rest between series, in seconds. */
  tempo_descanso: z.number().int('expected whole seconds').min(0).max(3600),
  observacao: optionalText,
});
export type PlanExercise = z.infer<typeof planExerciseSchema>;

export const planWorkoutSchema = z.strictObject({
  titulo: text,
  /** Weekday codes SEGUNDA ... DOMINGO (TERÇA and SÁBADO read as TERCA and SABADO). */
  dias: z.array(weekdaySchema),
  observacao: optionalText,
  exercises: z.array(planExerciseSchema),
}).refine((workout) => workout.exercises.reduce((sum, exercise) => sum + exercise.series, 0) <= SESSION_SETS_MAX, {
  path: ['exercises'],
  // Train mode sends every set of the plan in one session, which may hold no more.
  message: `at most ${SESSION_SETS_MAX} series in one workout, over all its exercises`,
});
export type PlanWorkout = z.infer<typeof planWorkoutSchema>;

export const planFileSchema = z.strictObject({
  evaluation: planEvaluationSchema,
  diets: z.array(planDietSchema).default([]),
  workouts: z.array(planWorkoutSchema).default([]),
});
export type PlanFile = z.infer<typeof planFileSchema>;
