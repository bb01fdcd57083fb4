import type { Paged, PageQuery } from '@acompanha/contract';

/** The rows of a page: LIMIT and OFFSET. */
export type PageLimits = { limit: number; offset: number };

/**
 * One page of a list the client owns. `readPage` reads the rows with their ownership check and the
 * list's whole length as `total` (a scalar `count(*)` subquery: SQLite runs it once, where a
 * `count(*) over ()` window sorts the rows again and took twice the time of the rest of the
 * statement), so a page with rows costs one statement. An empty page cannot tell an empty list
 * from one that is not the client's (or a page past the end): `emptyPageTotal` then answers the
 * list's length, undefined when it is not theirs.
 */
export async function paginate<O extends { total: number | string | null }, T>(
  readPage: (limits: PageLimits) => Promise<O[]>,
  { page, size }: PageQuery,
  map: (row: O) => T,
  emptyPageTotal: () => Promise<number | undefined>,
): Promise<Paged<T> | undefined> {
  const rows = await readPage({ limit: size, offset: page * size });
  const total = rows.length > 0 ? Number(rows[0]!.total) : await emptyPageTotal();
  return total === undefined ? undefined : { results: rows.map(map), page, size, total };
}

/** The length a `count(...)` column holds, or undefined when the row is missing. */
export const countOf = (row: { total: number | string | bigint } | undefined) => (row ? Number(row.total) : undefined);
