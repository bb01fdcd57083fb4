import { z } from 'zod/mini';
import { idSchema, isoDateSchema, pagedSchema } from './common.js';
import { errorBodySchema } from './errors.js';
import { planSchema } from './evaluations.js';
import { UNNAMED_STAFF } from './messages.js';
import { planFileSchema } from './plan.js';

/**
 * The team's plan editor (decision 040): a draft per client kept on the server, publishing a plan
 * (checked whole with plan.ts, as `plan:import` checks a file), and every published plan. The plan
 * travels in the plan file's shape (plan.ts) everywhere, so one form reads and writes all three.
 */

/** `/api/v1/equipe/clientes/{id}/planos/{avaliacao_id}`. */
export const clientEvaluationParamsSchema = z.object({ id: idSchema, avaliacao_id: idSchema });
export type ClientEvaluationParams = z.infer<typeof clientEvaluationParamsSchema>;

/** A team member as a change, a plan or a client's entry names them: their name, or 'Equipe' for an account without one. */
export const staffRefSchema = z.object({ id: z.number().check(z.int()), nome: z.string() });
export type StaffRef = z.infer<typeof staffRefSchema>;

/** The reference to a staff account by its id and stored name; null for no account. */
export const staffRefOf = (id: number | null, nome: string | null): StaffRef | null => (id === null ? null : { id, nome: nome ?? UNNAMED_STAFF });

/**
 * The evaluation the editor started from: the client's latest when it opened, null for a client
 * without one (or a blank plan for them). Publishing compares it with the latest then.
 */
const baseEvaluationSchema = z.nullable(idSchema);

/**
 * How deep a draft may nest: a plan file nests six levels (the plan, its workouts, a workout, its
 * exercises, an exercise, its activity), and every reader of a draft on the server (the store, the
 * answer) walks it on the stack, which a draft 5,000 deep overflows.
 */
export const DRAFT_DEPTH_MAX = 16;

/** Whether `value` nests at most `levels` objects or arrays deep; stops at the first level past it. */
const nestsWithin = (value: unknown, levels: number): boolean =>
  typeof value !== 'object' || value === null || (levels > 0 && Object.values(value).every((item) => nestsWithin(item, levels - 1)));

/** A plan as the editor holds it: the plan file's shape, possibly incomplete or wrong. Stored as sent. */
export const draftPlanSchema = z
  .record(z.string(), z.unknown())
  .check(z.refine((plan) => nestsWithin(plan, DRAFT_DEPTH_MAX), `não pode ter mais de ${DRAFT_DEPTH_MAX} níveis.`));

/** `PUT /api/v1/equipe/clientes/{id}/rascunho`: the whole draft, replacing the one stored. */
export const planDraftRequestSchema = z.strictObject({
  plano: draftPlanSchema,
  avaliacao_base: baseEvaluationSchema,
});
export type PlanDraftRequest = z.infer<typeof planDraftRequestSchema>;

export const planDraftSchema = z.object({
  plano: draftPlanSchema,
  avaliacao_base: z.nullable(z.number().check(z.int())),
  /** Who saved it last: the one editing it, as a second team member opening the client reads. */
  editado_por: staffRefSchema,
  /** When it was saved last (ISO date-time). */
  editado_em: z.string(),
});
export type PlanDraft = z.infer<typeof planDraftSchema>;

/** `GET` and `PUT .../rascunho` answer the client's draft; `GET` answers null when there is none. */
export const planDraftAnswerSchema = z.object({ rascunho: z.nullable(planDraftSchema) });
export type PlanDraftAnswer = z.infer<typeof planDraftAnswerSchema>;

/** `POST /api/v1/equipe/clientes/{id}/planos`: the plan, with what the editor knew when it opened. */
export const publishPlanRequestSchema = z.strictObject({
  plano: planFileSchema,
  avaliacao_base: baseEvaluationSchema,
  /** Publish even though a newer plan than `avaliacao_base` was published since (after the 409's warning). */
  substituir: z._default(z.boolean(), false),
});
export type PublishPlanRequest = z.input<typeof publishPlanRequestSchema>;

/**
 * What the route reads before the plan: the plan itself is then checked whole (planFileSchema), so
 * that the answer lists every error of it, not the first.
 */
export const publishPlanEnvelopeSchema = z.extend(publishPlanRequestSchema, { plano: z.record(z.string(), z.unknown()) });
export type PublishPlanEnvelope = z.infer<typeof publishPlanEnvelopeSchema>;

/** A published plan (an evaluation) in the client's history. */
export const planSummarySchema = z.object({
  /** The evaluation's id: `GET .../planos/{id}` reads the plan. */
  id: z.number().check(z.int()),
  plano: planSchema,
  data_consulta: isoDateSchema,
  vencimento: isoDateSchema,
  /** When it was published (ISO date-time); null for plans stored before the console (demo data). */
  publicado_em: z.nullable(z.string()),
  /** Who published it from the console; null for `plan:import` and demo data. */
  publicado_por: z.nullable(staffRefSchema),
  dietas: z.number().check(z.int()),
  treinos: z.number().check(z.int()),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

/** `GET /api/v1/equipe/clientes/{id}/planos?page=&size=`: a page, newest first; the first is the plan the client sees. */
export const planHistorySchema = pagedSchema(planSummarySchema);
export type PlanHistory = z.infer<typeof planHistorySchema>;

/** One reason a plan cannot be published, at its field. */
export const planErrorSchema = z.object({
  /** The field's path in the plan as `plan:import` prints it: `workouts[0].exercises[1].series`; '' for the whole plan. */
  campo: z.string(),
  /** The same path as keys: `['workouts', 0, 'exercises', 1, 'series']`. */
  caminho: z.array(z.union([z.string(), z.number()])),
  /** plan.ts's message, as `plan:import` prints it. */
  mensagem: z.string(),
});
export type PlanError = z.infer<typeof planErrorSchema>;

/** The 400 of a plan that cannot be published: every error, nothing stored. `field` is the first error's. */
export const invalidPlanBodySchema = z.extend(errorBodySchema, { field: z.string(), erros: z.array(planErrorSchema) });
export type InvalidPlanBody = z.infer<typeof invalidPlanBodySchema>;

/** The 409 of a plan published over a newer one than the editor started from: that newer plan. */
export const newerPlanBodySchema = z.extend(errorBodySchema, { field: z.literal('avaliacao_base'), plano_recente: planSummarySchema });
export type NewerPlanBody = z.infer<typeof newerPlanBodySchema>;

/** The code of `newerPlanBodySchema`'s answers. */
export const NEWER_PLAN_CODE = 'NewerPlanPublished';
/** The code of `invalidPlanBodySchema`'s answers. */
export const INVALID_PLAN_CODE = 'InvalidPlan';
