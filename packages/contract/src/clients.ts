import { z } from 'zod/mini';
import { idSchema, isoDateSchema } from './common.js';

export const clientSchema = z.object({
  id: z.number().check(z.int()),
  nome: z.string(),
  email: z.string(),
  data_nascimento: z.nullable(isoDateSchema),
});
export type Client = z.infer<typeof clientSchema>;

export const userIdParamsSchema = z.object({ user_id: idSchema });
export const userIdCamelParamsSchema = z.object({ userId: idSchema });
