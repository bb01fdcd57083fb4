import { z } from 'zod/mini';
import { isoDateSchema, resultsSchema } from './common.js';
import { messageAuthorRoleSchema } from './messages.js';

export const PLANS = ['BASIC', 'PRO', 'ULTIMATE'] as const;
export const planSchema = z.enum(PLANS);
export type Plan = z.infer<typeof planSchema>;

/** The largest skinfold accepted, in millimetres: the thickest sites measure about 60 mm. */
export const SKINFOLD_MAX_MM = 100;
const skinfold = z.optional(z.nullable(z.number().check(z.gte(0), z.lte(SKINFOLD_MAX_MM))));

/**
 * Optional anthropometric measurements (DECISIONS.md §2), for the PDF and the charts: body fat (%),
 * lean mass (kg), circumferences (cm) and the seven skinfolds of the usual protocols (mm).
 */
export const measurementsSchema = z.object({
  percentual_gordura: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(100)))),
  massa_magra: z.optional(z.nullable(z.number().check(z.gte(0)))),
  circunferencia_cintura: z.optional(z.nullable(z.number().check(z.gte(0)))),
  circunferencia_quadril: z.optional(z.nullable(z.number().check(z.gte(0)))),
  circunferencia_braco: z.optional(z.nullable(z.number().check(z.gte(0)))),
  circunferencia_coxa: z.optional(z.nullable(z.number().check(z.gte(0)))),
  circunferencia_peito: z.optional(z.nullable(z.number().check(z.gte(0)))),
  dobra_triceps: skinfold,
  dobra_subescapular: skinfold,
  dobra_suprailiaca: skinfold,
  dobra_abdominal: skinfold,
  dobra_coxa: skinfold,
  dobra_peitoral: skinfold,
  dobra_axilar_media: skinfold,
});

/** The most characters of an evaluation's notes for the client. */
export const EVALUATION_NOTES_MAX = 2000;

/** An evaluation's notes for the client as the team writes them: trimmed, and blank is none (null). */
export const evaluationNotesSchema = z.pipe(
  z.string().check(z.trim(), z.maxLength(EVALUATION_NOTES_MAX)),
  z.transform((notes) => notes || null),
);

/**
 * Who published an evaluation from the console, as the client's PDF and Perfil sign it: the member's
 * name ('Equipe' for an account without one), professional role, and registration (CREF, CRN) if any,
 * as they were when it was published (decision 055).
 */
export const evaluationProfessionalSchema = z.object({
  nome: z.string(),
  papel: messageAuthorRoleSchema,
  registro: z.nullable(z.string()),
});
export type EvaluationProfessional = z.infer<typeof evaluationProfessionalSchema>;

export const evaluationSchema = z.extend(
  z.object({
    id: z.number().check(z.int()),
    plano: planSchema,
    vencimento: isoDateSchema,
    created_at: z.iso.datetime({ offset: true }),
    peso: z.number(),
    altura: z.number(),
    objetivo: z.string(),
    consumo_ideal_agua: z.nullable(z.number()),
    /** Notes for the client (at most EVALUATION_NOTES_MAX characters); null when none. */
    observacoes: z.nullable(z.string()),
    /** Who published it from the console; null for a plan imported with the CLI, and older evaluations. */
    profissional: z.nullable(evaluationProfessionalSchema),
  }),
  measurementsSchema.shape,
);
export type Evaluation = z.infer<typeof evaluationSchema>;

export const evaluationListSchema = resultsSchema(evaluationSchema);
export type EvaluationList = z.infer<typeof evaluationListSchema>;

export const DEFAULT_WATER_GOAL_ML = 2000;
