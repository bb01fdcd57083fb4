import { z } from 'zod';
import { isoDateSchema, resultsSchema } from './common.js';
import { messageAuthorRoleSchema } from './messages.js';

export const PLANS = ['BASIC', 'PRO', 'ULTIMATE'] as const;
export const planSchema = z.enum(PLANS);
export type Plan = z.infer<typeof planSchema>;

/** The largest skinfold accepted, in millimetres: the thickest sites measure about 60 mm. */
export const SKINFOLD_MAX_MM = 100;
const skinfold = z.number().min(0).max(SKINFOLD_MAX_MM).nullable().optional();

/**
 * Optional anthropometric measurements (DECISIONS.md §2), for the PDF and the charts: body fat (%),
 * lean mass (kg), circumferences (cm) and the seven skinfolds of the usual protocols (mm).
 */
export const measurementsSchema = z.object({
  percentual_gordura: z.number().min(0).max(100).nullable().optional(),
  massa_magra: z.number().min(0).nullable().optional(),
  circunferencia_cintura: z.number().min(0).nullable().optional(),
  circunferencia_quadril: z.number().min(0).nullable().optional(),
  circunferencia_braco: z.number().min(0).nullable().optional(),
  circunferencia_coxa: z.number().min(0).nullable().optional(),
  circunferencia_peito: z.number().min(0).nullable().optional(),
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
export const evaluationNotesSchema = z
  .string()
  .trim()
  .max(EVALUATION_NOTES_MAX)
  .transform((notes) => notes || null);

/**
 * Who published an evaluation from the console, as the client's PDF and Perfil sign it: the member's
 * name ('Equipe' for an account without one), professional role, and registration (CREF, CRN) if any.
 */
export const evaluationProfessionalSchema = z.object({
  nome: z.string(),
  papel: messageAuthorRoleSchema,
  registro: z.string().nullable(),
});
export type EvaluationProfessional = z.infer<typeof evaluationProfessionalSchema>;

export const evaluationSchema = z
  .object({
    id: z.number().int(),
    plano: planSchema,
    vencimento: isoDateSchema,
    created_at: z.iso.datetime({ offset: true }),
    peso: z.number(),
    altura: z.number(),
    objetivo: z.string(),
    consumo_ideal_agua: z.number().nullable(),
    /** Notes for the client (at most EVALUATION_NOTES_MAX characters); null when none. */
    observacoes: z.string().nullable(),
    /** Who published it from the console; null for a plan imported with the CLI, and older evaluations. */
    profissional: evaluationProfessionalSchema.nullable(),
  })
  .extend(measurementsSchema.shape);
export type Evaluation = z.infer<typeof evaluationSchema>;

export const evaluationListSchema = resultsSchema(evaluationSchema);
export type EvaluationList = z.infer<typeof evaluationListSchema>;

export const DEFAULT_WATER_GOAL_ML = 2000;
