import type { Paged, PageQuery } from '@acompanha/contract';
import type { SelectQueryBuilder } from 'kysely';

/** Applies `page`/`size` to a query and wraps the rows in the paged envelope. */
export async function paginate<DB, TB extends keyof DB, O, T>(
  query: SelectQueryBuilder<DB, TB, O>,
  total: number,
  { page, size }: PageQuery,
  map: (row: O) => T,
): Promise<Paged<T>> {
  const rows = total > page * size ? await query.limit(size).offset(page * size).execute() : [];
  return { results: rows.map(map), page, size, total };
}
