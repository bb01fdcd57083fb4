import { z } from 'zod/mini';
import { isoDateSchema, timeOfDaySchema } from './common.js';
import { evaluationNotesSchema, measurementsSchema, planSchema } from './evaluations.js';
import { PAGE_SIZE } from './pages.js';
import { SESSION_SETS_MAX } from './sessions.js';
import { LOAD_MAX, weekdaySchema } from './workouts.js';

/**
 * The plan file of the operator CLI (`plan:import`, `plan:export`): one evaluation with its diets
 * and workouts, as the team writes them. Containers are named in English, fields as the API names
 * them. Objects are strict so that a misspelt field is reported instead of silently dropped.
 */

/** Days of access a consultation gives when the file names no `vencimento`. */
export const PLAN_VALIDITY_DAYS = 60;

/**
 * Every text of a plan has a maximum length, and every list a maximum count, so that what one team
 * member writes stays the size of a plan: a title or a muscle group of 120 characters, a food of 200,
 * a note of 500. A list holds at most one page (PAGE_SIZE), which is what the app reads of it.
 */
export const PLAN_TITLE_MAX = 120;
export const PLAN_REPS_MAX = 40;
export const PLAN_FOOD_MAX = 200;
export const PLAN_NOTE_MAX = 500;
/** Video links are a few dozen characters (youtu.be/…); a longer one is a pasted page, not a link. */
export const PLAN_VIDEO_MAX = 500;
export const PLAN_MEAL_OPTIONS_MAX = 20;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1, 'expected a non-empty text'), z.maxLength(max, `expected at most ${max} characters`));
const title = text(PLAN_TITLE_MAX);
const optionalNote = z.nullish(text(PLAN_NOTE_MAX));
const list = <T extends z.ZodMiniType>(item: T, max = PAGE_SIZE) => z.array(item).check(z.maxLength(max, `expected at most ${max} items`));

/**
 * An http(s) link, stored as the URL parser writes it (`new URL(v).href`): an accent, a space or a
 * `|` is percent-encoded, so what is stored is a URI by any reader's rules (decision 053).
 */
export const videoUrlSchema = z
  .url({ protocol: /^https?$/, normalize: true, message: 'expected an http(s) URL' })
  .check(z.maxLength(PLAN_VIDEO_MAX, `expected at most ${PLAN_VIDEO_MAX} characters`));

export const planEvaluationSchema = z.extend(
  z.strictObject({
    plano: planSchema,
    /** Day of the consultation, `YYYY-MM-DD`; today when absent. */
    data_consulta: z.optional(isoDateSchema),
    /** Last day of access, `YYYY-MM-DD`; PLAN_VALIDITY_DAYS after the consultation when absent. */
    vencimento: z.optional(isoDateSchema),
    peso: z.number().check(z.gte(20, 'expected kilograms (e.g. 67.5)'), z.lte(400, 'expected kilograms (e.g. 67.5)')),
    // Metres (1.65) are the likely slip; the app reads centimetres.
    altura: z.number().check(z.gte(50, 'expected centimetres (e.g. 165)'), z.lte(260, 'expected centimetres (e.g. 165)')),
    objetivo: text(PLAN_TITLE_MAX),
    /** Daily water goal in ml; the app falls back to its default when absent. */
    consumo_ideal_agua: z.nullish(z.number().check(z.int('expected whole millilitres (e.g. 2500)'), z.gte(250, 'expected millilitres (e.g. 2500)'), z.lte(10_000))),
    /** Notes for the client, shown on their Perfil and in the PDF; blank is none. */
    observacoes: z.nullish(evaluationNotesSchema),
  }),
  measurementsSchema.shape,
);
export type PlanEvaluation = z.infer<typeof planEvaluationSchema>;

export const planMealSchema = z
  .strictObject({
    titulo: title,
    /** A time window (`horario_inicio` and `horario_fim`) or one custom time (`horario_customizado`). */
    horario_inicio: z.nullish(timeOfDaySchema),
    horario_fim: z.nullish(timeOfDaySchema),
    horario_customizado: z.nullish(timeOfDaySchema),
    /** Each option is a list of food groups ('2 ovos mexidos', '1 banana'); the client picks one option. */
    opcoes: z._default(list(list(text(PLAN_FOOD_MAX)), PLAN_MEAL_OPTIONS_MAX), []),
  })
  .check(z.superRefine((meal, ctx) => {
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
  }));
export type PlanMeal = z.infer<typeof planMealSchema>;

export const planDietSchema = z.strictObject({
  titulo: title,
  is_dia_de_treino: z.boolean(),
  meals: list(planMealSchema),
});
export type PlanDiet = z.infer<typeof planDietSchema>;

export const planExerciseSchema = z.strictObject({
  /** The activity is shared by every exercise with the same title, muscle group and video. */
  atividade: z.strictObject({
    titulo: title,
    grupo_muscular: title,
    video: z.nullish(videoUrlSchema),
  }),
  series: z.number().check(z.int('expected a whole number'), z.gte(1), z.lte(100)),
  /** Free text: '12', '10-12', '40 s', '10 cada perna'. */
  repeticoes: text(PLAN_REPS_MAX),
  /** kg; the client updates it in the app. */
  carga: z.nullish(z.number().check(z.gte(0), z.lte(LOAD_MAX))),
  /** Rest between series, in seconds. */
  tempo_descanso: z.number().check(z.int('expected whole seconds'), z.gte(0), z.lte(3600)),
  observacao: optionalNote,
});
export type PlanExercise = z.infer<typeof planExerciseSchema>;

export const planWorkoutSchema = z.strictObject({
  titulo: title,
  /** Weekday codes SEGUNDA ... DOMINGO (TERÇA and SÁBADO read as TERCA and SABADO). */
  dias: list(weekdaySchema, 7),
  observacao: optionalNote,
  exercises: list(planExerciseSchema),
}).check(z.refine((workout) => workout.exercises.reduce((sum, exercise) => sum + exercise.series, 0) <= SESSION_SETS_MAX, {
  path: ['exercises'],
  // Train mode sends every set of the plan in one session, which may hold no more.
  message: `at most ${SESSION_SETS_MAX} series in one workout, over all its exercises`,
}));
export type PlanWorkout = z.infer<typeof planWorkoutSchema>;

export const planFileSchema = z.strictObject({
  evaluation: planEvaluationSchema,
  diets: z._default(list(planDietSchema), []),
  workouts: z._default(list(planWorkoutSchema), []),
});
export type PlanFile = z.infer<typeof planFileSchema>;
