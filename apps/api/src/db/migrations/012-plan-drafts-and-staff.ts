import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * The team writes plans in the console (decision 040): each client's plan draft, kept as the editor
 * saves it; who published each evaluation and when (null for imports before this and demo data);
 * and staff accounts an administrator disabled (they keep their messages, so they are never deleted).
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  // No cascade: an evaluation keeps its author, who is disabled rather than deleted.
  await db.schema.alterTable('evaluations').addColumn('published_by', 'integer', (col) => col.references('users.id')).execute();
  await db.schema.alterTable('evaluations').addColumn('published_at', 'text').execute();
  await db.schema
    .createTable('plan_drafts')
    .addColumn('client_id', 'integer', (col) => col.primaryKey().references('clients.user_id').onDelete('cascade'))
    // The plan as the editor holds it, JSON text: a draft may be incomplete, so nothing of it is checked.
    .addColumn('plano', 'text', (col) => col.notNull())
    // The evaluation the editor started from (null for a client without one), for publishing's check.
    .addColumn('avaliacao_base', 'integer')
    .addColumn('updated_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('plan_drafts').execute();
  await db.schema.alterTable('evaluations').dropColumn('published_at').execute();
  await db.schema.alterTable('evaluations').dropColumn('published_by').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
