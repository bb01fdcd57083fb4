import { z } from 'zod/mini';

/** Every error the API answers has this body (DECISIONS.md §2). */
export const errorBodySchema = z.object({
  status: z.number().check(z.int()),
  error: z.string(),
  message: z.string(),
  /** `ExpiredJwtException` for an expired access token, `TooManyRequests` for 429. */
  code: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const EXPIRED_JWT_CODE = 'ExpiredJwtException';
