import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * Train mode: the sessions a client logs, each with the id the phone gave it (a UUID, so that a
 * session sent again is the same one), and the sets done in it.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('workout_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.user_id').onDelete('cascade'))
    .addColumn('workout_id', 'integer', (col) => col.notNull().references('workouts.id').onDelete('cascade'))
    .addColumn('iniciado_em', 'text', (col) => col.notNull())
    .addColumn('concluido_em', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('workout_sessions_workout_idx').on('workout_sessions').columns(['workout_id', 'iniciado_em']).execute();
  await db.schema
    .createTable('session_sets')
    .addColumn('session_id', 'text', (col) => col.notNull().references('workout_sessions.id').onDelete('cascade'))
    .addColumn('exercise_id', 'integer', (col) => col.notNull().references('exercises.id').onDelete('cascade'))
    .addColumn('numero', 'integer', (col) => col.notNull())
    .addColumn('carga', 'double precision', (col) => col.notNull())
    .addColumn('repeticoes', 'integer', (col) => col.notNull())
    .addColumn('feito_em', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('session_sets_pk', ['session_id', 'exercise_id', 'numero'])
    .execute();
  // An exercise's history reads its sets across sessions.
  await db.schema.createIndex('session_sets_exercise_idx').on('session_sets').column('exercise_id').execute();
}
