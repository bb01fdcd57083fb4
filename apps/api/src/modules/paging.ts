import type { Paged, PageQuery } from '@acompanha/contract';
import { sql, type SelectQueryBuilder } from 'kysely';

/** The list's whole length on each of its rows (a window count, taken before LIMIT/OFFSET). */
export const listTotal = sql<number | string>`count(*) over ()`.as('total');

/**
 * One page of a list the client owns. `query` reads the rows with their ownership check and
 * `listTotal`, so a page with rows costs one statement. An empty page cannot tell an empty list
 * from one that is not the client's (or a page past the end): `emptyPageTotal` then answers the
 * list's length, undefined when it is not theirs.
 */
export async function paginate<DB, TB extends keyof DB, O extends { total: number | string }, T>(
  query: SelectQueryBuilder<DB, TB, O>,
  { page, size }: PageQuery,
  map: (row: O) => T,
  emptyPageTotal: () => Promise<number | undefined>,
): Promise<Paged<T> | undefined> {
  const rows = await query.limit(size).offset(page * size).execute();
  const total = rows.length > 0 ? Number(rows[0]!.total) : await emptyPageTotal();
  return total === undefined ? undefined : { results: rows.map(map), page, size, total };
}

/** The length a `count(...)` column holds, or undefined when the row is missing. */
export const countOf = (row: { total: number | string | bigint } | undefined) => (row ? Number(row.total) : undefined);
