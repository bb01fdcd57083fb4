import { z } from 'zod/mini';
import { PAGE_SIZE } from './pages.js';

/** The largest id: PostgreSQL's `integer` columns end here, and a larger one must not reach a query. */
const MAX_ID = 2 ** 31 - 1;
export const idSchema = z.coerce.number().check(z.int(), z.positive(), z.lte(MAX_ID));
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/** Calendar dates travel as `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date();
/** Times of day travel as `HH:mm`. */
export const timeOfDaySchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:mm'));

export const pageQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pagedSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    results: z.array(item),
    page: z.number().check(z.int()),
    size: z.number().check(z.int()),
    total: z.number().check(z.int()),
  });
}
export interface Paged<T> {
  results: T[];
  page: number;
  size: number;
  total: number;
}

export function resultsSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ results: z.array(item) });
}
