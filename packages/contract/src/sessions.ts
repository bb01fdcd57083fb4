import { z } from 'zod/mini';
import { pagedSchema } from './common.js';
import { LOAD_MAX } from './workouts.js';

/**
 * Train mode (DECISIONS.md, beyond SPEC.md): a session is made on the phone, with an id of its
 * own, and sent once it ends, perhaps much later when a signal returns. Sending it again gives the
 * stored one back, so a retry never makes a second.
 */

const dateTimeSchema = z.iso.datetime({ offset: true });

/**
 * The most sets one session may hold: a long workout is 10 exercises of 5 sets, and a plan may not
 * ask for more than this in one workout (plan.ts), so train mode never sends more.
 */
export const SESSION_SETS_MAX = 100;

/** The most reps one set may hold. */
export const SET_REPS_MAX = 1000;

/** A row's id as the databases hold it (a 32-bit integer). */
const rowIdSchema = z.number().check(z.int(), z.positive(), z.lte(2 ** 31 - 1));

export const sessionSetSchema = z.object({
  exercicio_id: rowIdSchema,
  /** The set's number within its exercise, from 1. */
  numero: z.number().check(z.int(), z.gte(1), z.lte(50)),
  /** Kilograms lifted, as the stepper left it. */
  carga: z.number().check(z.gte(0), z.lte(LOAD_MAX)),
  repeticoes: z.number().check(z.int(), z.gte(1), z.lte(SET_REPS_MAX)),
  feito_em: dateTimeSchema,
});
export type SessionSet = z.infer<typeof sessionSetSchema>;

/** The most characters of an activity's name the client writes for a swap. */
export const SWAP_NAME_MAX = 80;

/**
 * An exercise done today as another activity (the machine was taken): one of the library's
 * (`atividade_id`) or a name the client writes (`nome`), one of the two. Its sets keep the planned
 * exercise's id; the history of the activity done gets them.
 */
export const sessionSwapRequestSchema = z
  .strictObject({
    exercicio_id: rowIdSchema,
    atividade_id: z.optional(rowIdSchema),
    nome: z.optional(z.string().check(z.trim(), z.minLength(1, 'escreva o nome do exercício.'), z.maxLength(SWAP_NAME_MAX, `no máximo ${SWAP_NAME_MAX} caracteres.`))),
  })
  .check(z.superRefine((swap, ctx) => {
    if ((swap.atividade_id === undefined) === (swap.nome === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['atividade_id'], message: 'escolha uma atividade da biblioteca ou escreva um nome, um dos dois.' });
    }
  }));
export type SessionSwapRequest = z.infer<typeof sessionSwapRequestSchema>;

/** A swap as stored: the library activity's id (null for a written name) and the name of what was done. */
export const sessionSwapSchema = z.object({
  exercicio_id: z.number().check(z.int()),
  atividade_id: z.nullable(z.number().check(z.int())),
  nome: z.string(),
});
export type SessionSwap = z.infer<typeof sessionSwapSchema>;

/** The most characters of where it hurt, and of the note, in 'Como foi?'. */
export const FEEDBACK_PAIN_PLACE_MAX = 120;
export const FEEDBACK_NOTE_MAX = 1000;

/** A text of 'Como foi?': trimmed, and blank or left out is none (null). */
const feedbackText = (max: number) =>
  z._default(z.nullable(z.pipe(z.string().check(z.trim(), z.maxLength(max, `no máximo ${max} caracteres.`)), z.transform((text) => text || null))), null);

/**
 * 'Como foi?' (DECISIONS.md §6), the client's word after a session: the effort from 1 (leve) to 5
 * (máximo), whether something hurt and where, and a note. Where it hurt is kept only when it did.
 */
export const sessionFeedbackSchema = z.pipe(
  z.strictObject({
    esforco: z.number().check(z.int('de 1 a 5.'), z.gte(1, 'de 1 a 5.'), z.lte(5, 'de 1 a 5.')),
    dor: z.boolean(),
    dor_local: feedbackText(FEEDBACK_PAIN_PLACE_MAX),
    nota: feedbackText(FEEDBACK_NOTE_MAX),
  }),
  z.transform((feedback) => ({ ...feedback, dor_local: feedback.dor ? feedback.dor_local : null })),
);
/** 'Como foi?' as a phone sends it (the texts may be left out). */
export type SessionFeedbackRequest = z.input<typeof sessionFeedbackSchema>;

/** 'Como foi?' as stored and answered. */
export const sessionFeedbackAnswerSchema = z.object({
  esforco: z.number().check(z.int()),
  dor: z.boolean(),
  dor_local: z.nullable(z.string()),
  nota: z.nullable(z.string()),
});
export type SessionFeedback = z.infer<typeof sessionFeedbackAnswerSchema>;

export const sessionRequestSchema = z
  .object({
    id: z.uuid(),
    iniciado_em: dateTimeSchema,
    concluido_em: dateTimeSchema,
    series: z.array(sessionSetSchema).check(z.maxLength(SESSION_SETS_MAX)),
    // Phones from before swaps send none.
    trocas: z._default(z.array(sessionSwapRequestSchema).check(z.maxLength(SESSION_SETS_MAX)), []),
    // Skipped (null), or a phone from before 'Como foi?' (left out).
    como_foi: z._default(z.nullable(sessionFeedbackSchema), null),
  })
  .check(z.superRefine((session, ctx) => {
    if (Date.parse(session.concluido_em) < Date.parse(session.iniciado_em)) {
      ctx.addIssue({ code: 'custom', path: ['concluido_em'], message: 'must not be before iniciado_em' });
    }
    const seen = new Set<string>();
    session.series.forEach((set, index) => {
      const key = `${set.exercicio_id}:${set.numero}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['series', index, 'numero'], message: 'this set of this exercise is already in the session' });
      seen.add(key);
    });
    const swapped = new Set<number>();
    session.trocas.forEach((swap, index) => {
      if (swapped.has(swap.exercicio_id)) ctx.addIssue({ code: 'custom', path: ['trocas', index, 'exercicio_id'], message: 'this exercise is already swapped in the session' });
      swapped.add(swap.exercicio_id);
    });
  }));
/** A session as a phone sends it (`trocas` may be left out). */
export type SessionRequest = z.input<typeof sessionRequestSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  treino_id: z.number().check(z.int()),
  iniciado_em: z.string(),
  concluido_em: z.string(),
  series: z.array(z.extend(sessionSetSchema, { feito_em: z.string() })),
  trocas: z.array(sessionSwapSchema),
  como_foi: z.nullable(sessionFeedbackAnswerSchema),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionPageSchema = pagedSchema(sessionSchema);

/**
 * The sessions a history reads: the client's latest 200 (four a week for about a year), so that an
 * exercise's history, the records the phone finds in it and the team's progress lines stay the
 * same size however many sessions a client logs.
 */
export const HISTORY_SESSIONS_MAX = 200;

/** The best set of one past session of an exercise: the one with the highest estimated one-rep max. */
export const historyEntrySchema = z.object({
  sessao_id: z.string(),
  /** When the session started (ISO date-time). */
  data: z.string(),
  carga: z.number(),
  repeticoes: z.number().check(z.int()),
  /** How many sets of the exercise the session had (beyond DECISIONS.md's fields: 'Último treino: 3 × 10 com 30 kg'). */
  series: z.number().check(z.int()),
  /** Epley's estimate: carga × (1 + repeticoes / 30), to one decimal; carga itself for a single rep. */
  rm_estimado: z.number(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const exerciseHistorySchema = z.array(historyEntrySchema);

/** A session's volume: load × reps over its sets, in kilograms, to one decimal. */
export function sessionVolume(sets: readonly Pick<SessionSet, 'carga' | 'repeticoes'>[]): number {
  return Math.round(sets.reduce((sum, set) => sum + set.carga * set.repeticoes, 0) * 10) / 10;
}

/**
 * Whether a set's load is far above the best load of its activity before it (DECISIONS.md §6): more
 * than double it, or over 20 kg more. Possibly mistyped: 12 typed as 120. Without a history, never.
 */
export function isSuspectLoad(carga: number, bestBefore: number | undefined): boolean {
  if (bestBefore === undefined) return false;
  return carga - bestBefore > 20 || (bestBefore > 0 && carga > 2 * bestBefore);
}

/** Epley's one-rep max, to one decimal. */
export function estimatedOneRepMax(carga: number, repeticoes: number): number {
  if (repeticoes <= 1) return Math.round(carga * 10) / 10;
  return Math.round(carga * (1 + repeticoes / 30) * 10) / 10;
}
