import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * A word after each session (DECISIONS.md §6, 'Como foi?'): the effort (1 to 5), whether it hurt
 * and where, and a note. `esforco` null is a session without it (skipped, or sent before it existed).
 * And a set's load far above that activity's history when it was logged (`carga_suspeita`, 0/1):
 * possibly mistyped. Sets logged before are not flagged.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('session_sets').addColumn('carga_suspeita', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('workout_sessions').addColumn('esforco', 'integer').execute();
  await db.schema.alterTable('workout_sessions').addColumn('dor', 'integer').execute();
  await db.schema.alterTable('workout_sessions').addColumn('dor_local', 'text').execute();
  await db.schema.alterTable('workout_sessions').addColumn('nota', 'text').execute();
}
