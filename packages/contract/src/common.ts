import { z } from 'zod';

/** The largest id: PostgreSQL's `integer` columns end here, and a larger one must not reach a query. */
const MAX_ID = 2 ** 31 - 1;
export const idSchema = z.coerce.number().int().positive().max(MAX_ID);
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/** Calendar dates travel as `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date();
/** Times of day travel as `HH:mm`. */
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:mm');

export const PAGE_SIZE = 50;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });
}
export interface Paged<T> {
  results: T[];
  page: number;
  size: number;
  total: number;
}

export function resultsSchema<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item) });
}
