import { z } from 'zod/mini';
import { clientSchema } from './clients.js';
import { dietPageSchema } from './diets.js';
import { evaluationListSchema } from './evaluations.js';
import { sessionPageSchema } from './sessions.js';
import { exercisePageSchema, workoutPageSchema } from './workouts.js';

/**
 * What Home shows first, in one read (decision 050): each part exactly as its own call answers it
 * (`GET /v2/clientes/{id}`, `/v1/clientes/{id}/avaliacoes`, the latest evaluation's `/treinos` and
 * `/dietas`, each workout's `/exercicios`, pages of HOME_PAGE, and each workout's latest `/sessoes`, a
 * page of LATEST_SESSIONS_PAGE: pages.ts), so that the app reads each part as that call. Without an evaluation the lists are null and there are no exercises.
 */
export const homeSchema = z.object({
  cliente: clientSchema,
  avaliacoes: evaluationListSchema,
  treinos: z.nullable(workoutPageSchema),
  dietas: z.nullable(dietPageSchema),
  /** By workout id. */
  exercicios: z.record(z.string(), exercisePageSchema),
  /** By workout id. */
  sessoes: z.record(z.string(), sessionPageSchema),
});
export type Home = z.infer<typeof homeSchema>;
