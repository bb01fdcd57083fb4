import { z } from 'zod';
import { isoDateSchema } from './common.js';

export const clientSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  data_nascimento: isoDateSchema.nullable(),
});
export type Client = z.infer<typeof clientSchema>;

export const userIdParamsSchema = z.object({ user_id: z.coerce.number().int().positive() });
export const userIdCamelParamsSchema = z.object({ userId: z.coerce.number().int().positive() });
