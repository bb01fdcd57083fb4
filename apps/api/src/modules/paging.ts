import type { Paged, PageQuery } from '@acompanha/contract';
import type { SelectQueryBuilder } from 'kysely';

/**
 * One page of a list the client owns. `query` reads the rows with their ownership check and the
 * list's whole length as `total` (a scalar `count(*)` subquery: SQLite runs it once, where a
 * `count(*) over ()` window sorts the rows again and took twice the time of the rest of the
 * statement), so a page with rows costs one statement. An empty page cannot tell an empty list
 * from one that is not the client's (or a page past the end): `emptyPageTotal` then answers the
 * list's length, undefined when it is not theirs.
 */
export async function paginate<DB, TB extends keyof DB, O extends { total: number | string | null }, T>(
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
