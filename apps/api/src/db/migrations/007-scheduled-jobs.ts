import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * Jobs that run once a day across every instance (modules/retention): one row each, with when it
 * is next due. An instance claims a run by moving that time forward in one conditional update.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('next_run_at', 'text', (col) => col.notNull())
    .execute();
  await db.insertInto('scheduled_jobs').values({ name: 'retention', next_run_at: new Date(0).toISOString() }).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('scheduled_jobs').execute();
}
