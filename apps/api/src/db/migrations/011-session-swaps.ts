import { sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * An exercise a session did as another activity (the machine was taken): a library activity, or a
 * name the client wrote, one of the two. One per exercise of a session; its sets stay keyed by the
 * planned exercise, and a history reads the activity done through this row.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('session_swaps')
    .addColumn('session_id', 'text', (col) => col.notNull().references('workout_sessions.id').onDelete('cascade'))
    .addColumn('exercise_id', 'integer', (col) => col.notNull().references('exercises.id').onDelete('cascade'))
    .addColumn('activity_id', 'integer', (col) => col.references('activities.id'))
    .addColumn('nome', 'text')
    .addPrimaryKeyConstraint('session_swaps_pk', ['session_id', 'exercise_id'])
    .addCheckConstraint('session_swaps_one_activity', sql`(activity_id is null) <> (nome is null)`)
    .execute();
  // An activity's history finds the sessions that swapped to it.
  await db.schema.createIndex('session_swaps_activity_idx').on('session_swaps').column('activity_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('session_swaps').execute();
}
