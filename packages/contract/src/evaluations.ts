import { z } from 'zod';
import { isoDateSchema, resultsSchema } from './common.js';

export const PLANS = ['BASIC', 'PRO', 'ULTIMATE'] as const;
export const planSchema = z.enum(PLANS);
export type Plan = z.infer<typeof planSchema>;

/** Optional anthropometric measurements (DECISIONS.md §2), for the PDF and the charts. */
export const measurementsSchema = z.object({
  percentual_gordura: z.number().min(0).max(100).nullable().optional(),
  massa_magra: z.number().min(0).nullable().optional(),
  circunferencia_cintura: z.number().min(0).nullable().optional(),
  circunferencia_quadril: z.number().min(0).nullable().optional(),
  circunferencia_braco: z.number().min(0).nullable().optional(),
  circunferencia_coxa: z.number().min(0).nullable().optional(),
  circunferencia_peito: z.number().min(0).nullable().optional(),
});

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
  })
  .extend(measurementsSchema.shape);
export type Evaluation = z.infer<typeof evaluationSchema>;

export const evaluationListSchema = resultsSchema(evaluationSchema);
export type EvaluationList = z.infer<typeof evaluationListSchema>;

export const DEFAULT_WATER_GOAL_ML = 2000;
