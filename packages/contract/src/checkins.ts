import { z } from 'zod/mini';
import { isoDateSchema, pagedSchema } from './common.js';
import { mediaIdSchema } from './media.js';
import { parseDecimal } from './number.js';
import { WEEKDAYS, type Weekday } from './workouts.js';

/**
 * The weekly check-in (DECISIONS.md §6): once a week, on the client's check-in day, their weight
 * and measurements, three photos (front, side, back) and the answers to the team's questions. The
 * team reads it beside the week before, and answers.
 */

export const CHECKIN_QUESTION_TYPES = ['escala', 'percentual', 'sim_nao', 'texto', 'numero'] as const;
export type CheckinQuestionType = (typeof CHECKIN_QUESTION_TYPES)[number];

/** The most characters of a question, of a text answer, of the team's review (a chat message, with the week named before it); the most questions. */
export const CHECKIN_QUESTION_MAX = 200;
export const CHECKIN_TEXT_ANSWER_MAX = 2000;
export const CHECKIN_REVIEW_MAX = 1900;
export const CHECKIN_QUESTIONS_MAX = 20;

export const checkinQuestionSchema = z.strictObject({
  id: z.string().check(z.regex(/^[a-z0-9_-]{1,40}$/, 'letras minúsculas, números, _ ou -, até 40.')),
  texto: z.string().check(z.trim(), z.minLength(1, 'escreva a pergunta.'), z.maxLength(CHECKIN_QUESTION_MAX, `no máximo ${CHECKIN_QUESTION_MAX} caracteres.`)),
  tipo: z.enum(CHECKIN_QUESTION_TYPES),
  obrigatoria: z.boolean(),
});
export type CheckinQuestion = z.infer<typeof checkinQuestionSchema>;

/** The questions every client starts with: how the week went, in a minute. */
export const DEFAULT_CHECKIN_QUESTIONS: readonly CheckinQuestion[] = [
  { id: 'sono', texto: 'Como foi o seu sono?', tipo: 'escala', obrigatoria: true },
  { id: 'energia', texto: 'Como esteve a sua energia?', tipo: 'escala', obrigatoria: true },
  { id: 'fome', texto: 'Quanta fome você sentiu?', tipo: 'escala', obrigatoria: true },
  { id: 'estresse', texto: 'Qual foi o seu nível de estresse?', tipo: 'escala', obrigatoria: true },
  { id: 'dieta', texto: 'Quanto você seguiu a dieta?', tipo: 'percentual', obrigatoria: true },
  { id: 'treino', texto: 'Quanto você seguiu o treino?', tipo: 'percentual', obrigatoria: true },
  { id: 'semana', texto: 'Como foi a sua semana?', tipo: 'texto', obrigatoria: false },
];

/** A client's check-in settings, which the team sets: the day and the questions, in order, each id once. */
export const checkinSettingsSchema = z
  .strictObject({
    dia: z.enum(WEEKDAYS),
    perguntas: z.array(checkinQuestionSchema).check(z.minLength(1, 'ao menos uma pergunta.'), z.maxLength(CHECKIN_QUESTIONS_MAX, `no máximo ${CHECKIN_QUESTIONS_MAX} perguntas.`)),
  })
  .check(
    z.superRefine((settings, ctx) => {
      const seen = new Set<string>();
      settings.perguntas.forEach((question, index) => {
        if (seen.has(question.id)) ctx.addIssue({ code: 'custom', path: ['perguntas', index, 'id'], message: 'já existe outra pergunta com este id.' });
        seen.add(question.id);
      });
    }),
  );
export type CheckinSettings = z.infer<typeof checkinSettingsSchema>;

export const CHECKIN_MEASUREMENTS = ['cintura', 'quadril', 'braco', 'coxa', 'peito'] as const;
export type CheckinMeasurement = (typeof CHECKIN_MEASUREMENTS)[number];
export const CHECKIN_POSES = ['frente', 'lado', 'costas'] as const;
export type CheckinPose = (typeof CHECKIN_POSES)[number];

/** A decimal as a phone may send it: a number, or its text with a comma ('72,4'). */
const decimal = (min: number, max: number, unit: string) =>
  z.pipe(
    z.union([z.number(), z.pipe(z.string(), z.transform((text) => parseDecimal(text) ?? Number.NaN))]),
    z.number(`em ${unit}, um número.`).check(z.gte(min, `de ${min} a ${max} ${unit}.`), z.lte(max, `de ${min} a ${max} ${unit}.`)),
  );

export const CHECKIN_WEIGHT_LIMITS = { min: 20, max: 400 } as const;
export const CHECKIN_MEASUREMENT_LIMITS = { min: 10, max: 300 } as const;

/** One answer: the question's id and its value, checked against the question's kind by the server. */
const answerRequestSchema = z.strictObject({ pergunta_id: z.string(), valor: z.union([z.number(), z.string(), z.boolean()]) });

export const checkinRequestSchema = z.strictObject({
  id: z.uuid(),
  /** The Monday of the check-in's week. */
  semana: isoDateSchema,
  peso: z._default(z.nullable(decimal(CHECKIN_WEIGHT_LIMITS.min, CHECKIN_WEIGHT_LIMITS.max, 'kg')), null),
  medidas: z._default(
    z.strictObject(
      Object.fromEntries(CHECKIN_MEASUREMENTS.map((name) => [name, z.optional(z.nullable(decimal(CHECKIN_MEASUREMENT_LIMITS.min, CHECKIN_MEASUREMENT_LIMITS.max, 'cm')))])) as Record<
        CheckinMeasurement,
        z.ZodMiniOptional<z.ZodMiniNullable<ReturnType<typeof decimal>>>
      >,
    ),
    {},
  ),
  respostas: z._default(z.array(answerRequestSchema).check(z.maxLength(CHECKIN_QUESTIONS_MAX)), []),
  fotos: z._default(
    z.strictObject(
      Object.fromEntries(CHECKIN_POSES.map((pose) => [pose, z._default(z.nullable(mediaIdSchema), null)])) as Record<CheckinPose, z.ZodMiniDefault<z.ZodMiniNullable<typeof mediaIdSchema>>>,
    ),
    { frente: null, lado: null, costas: null },
  ),
});
export type CheckinRequest = z.input<typeof checkinRequestSchema>;
export type ParsedCheckinRequest = z.output<typeof checkinRequestSchema>;

/** An answer as kept: with the question as it read when the client answered, so that editing it later changes no past check-in. */
export const checkinAnswerSchema = z.object({
  pergunta_id: z.string(),
  texto: z.string(),
  tipo: z.enum(CHECKIN_QUESTION_TYPES),
  valor: z.union([z.number(), z.string(), z.boolean()]),
});
export type CheckinAnswer = z.infer<typeof checkinAnswerSchema>;

export const checkinReviewSchema = z.object({ texto: z.string(), autor_nome: z.string(), revisado_em: z.string() });

export const checkinSchema = z.object({
  id: z.string(),
  semana: z.string(),
  peso: z.nullable(z.number()),
  medidas: z.partialRecord(z.enum(CHECKIN_MEASUREMENTS), z.number()),
  respostas: z.array(checkinAnswerSchema),
  fotos: z.object({ frente: z.nullable(z.string()), lado: z.nullable(z.string()), costas: z.nullable(z.string()) }),
  estado: z.enum(['enviado', 'revisado']),
  enviado_em: z.string(),
  revisao: z.nullable(checkinReviewSchema),
});
export type Checkin = z.infer<typeof checkinSchema>;
export const checkinPageSchema = pagedSchema(checkinSchema);

/** `GET /api/v1/checkins/atual`: this week, the client's day and questions, and the week's check-in if sent. */
export const currentCheckinSchema = z.object({
  semana: z.string(),
  dia: z.enum(WEEKDAYS),
  perguntas: z.array(checkinQuestionSchema),
  checkin: z.nullable(checkinSchema),
});
export type CurrentCheckin = z.infer<typeof currentCheckinSchema>;

/** A check-in in the team's queue: with whose it is. */
export const teamCheckinSchema = z.extend(checkinSchema, { cliente: z.object({ id: z.number().check(z.int()), nome: z.string() }) });
export type TeamCheckin = z.infer<typeof teamCheckinSchema>;
export const teamCheckinPageSchema = pagedSchema(teamCheckinSchema);

export const teamCheckinQuerySchema = z.object({
  estado: z._default(z.enum(['enviado', 'revisado']), 'enviado'),
  page: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
});

export const checkinReviewRequestSchema = z.strictObject({
  texto: z.string().check(z.trim(), z.minLength(1, 'escreva a revisão.'), z.maxLength(CHECKIN_REVIEW_MAX, `no máximo ${CHECKIN_REVIEW_MAX} caracteres.`)),
});

/** The Monday of the week of a `YYYY-MM-DD` date. */
export function mondayOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const utc = new Date(Date.UTC(year!, month! - 1, day!));
  utc.setUTCDate(utc.getUTCDate() - ((utc.getUTCDay() + 6) % 7));
  return utc.toISOString().slice(0, 10);
}

/** The weekday of a `YYYY-MM-DD` date. */
export function weekdayOfDate(date: string): Weekday {
  const [year, month, day] = date.split('-').map(Number);
  return WEEKDAYS[(new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay() + 6) % 7]!;
}

/**
 * Reads an answer's value for its question's kind, or says what is wrong: a scale is a whole
 * number from 1 to 5, a percentage from 0 to 100, yes/no a boolean, a number any decimal, a text
 * at most CHECKIN_TEXT_ANSWER_MAX characters (trimmed; blank is no answer, null).
 */
export function readAnswer(tipo: CheckinQuestionType, valor: unknown): { value: number | string | boolean | null } | { error: string } {
  switch (tipo) {
    case 'escala':
      return typeof valor === 'number' && Number.isInteger(valor) && valor >= 1 && valor <= 5 ? { value: valor } : { error: 'de 1 a 5.' };
    case 'percentual':
      return typeof valor === 'number' && Number.isInteger(valor) && valor >= 0 && valor <= 100 ? { value: valor } : { error: 'de 0 a 100 %.' };
    case 'sim_nao':
      return typeof valor === 'boolean' ? { value: valor } : { error: 'sim ou não.' };
    case 'numero': {
      const number = typeof valor === 'number' ? valor : typeof valor === 'string' ? parseDecimal(valor, { signed: true }) : null;
      return number !== null && Number.isFinite(number) && Math.abs(number) <= 1_000_000 ? { value: number } : { error: 'um número.' };
    }
    case 'texto': {
      if (typeof valor !== 'string') return { error: 'um texto.' };
      const text = valor.trim();
      if (text.length > CHECKIN_TEXT_ANSWER_MAX) return { error: `no máximo ${CHECKIN_TEXT_ANSWER_MAX} caracteres.` };
      return { value: text || null };
    }
  }
}
