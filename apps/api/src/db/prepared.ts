import { createQueryId, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
import { isPostgres, keepPrepared, type Db } from './database.js';

const PARAM = Symbol('prepared query parameter');
type Marker = { [PARAM]: string };
const isMarker = (value: unknown): value is Marker => typeof value === 'object' && value !== null && PARAM in value;

/** Where a call's value goes in a prepared query; typed as the value so Kysely's builder takes it. */
export type Param<P> = <K extends keyof P & string>(name: K) => P[K];

/**
 * A query Kysely builds and compiles once per database, then runs with each call's values. For a
 * plan read, building and compiling took more time than the database took to run it (about 60 µs
 * against 50 µs a call on SQLite), and PostgreSQL planning it took longer than running it: the calls
 * every screen makes are prepared, and on PostgreSQL kept as named statements (decision 023). `build`
 * puts `param('name')` where a call's value goes; anything else it writes is fixed at compile time.
 */
export function preparedQuery<P extends Record<string, unknown>, R>(build: (db: Db, param: Param<P>) => Compilable<R>) {
  const compiled = new WeakMap<Db, { query: CompiledQuery<R>; slots: (Marker | { value: unknown })[] }>();
  return (db: Db, values: P): Promise<QueryResult<R>> => {
    let prepared = compiled.get(db);
    if (!prepared) {
      const query = build(db, (name) => ({ [PARAM]: name }) as never).compile();
      prepared = { query, slots: query.parameters.map((value) => (isMarker(value) ? value : { value })) };
      if (isPostgres(db)) keepPrepared(query.sql);
      compiled.set(db, prepared);
    }
    const { query, slots } = prepared;
    const parameters = slots.map((slot) => (isMarker(slot) ? values[slot[PARAM]] : slot.value));
    return db.executeQuery<R>({ query: query.query, sql: query.sql, parameters, queryId: createQueryId() });
  };
}
