import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * Delivery with retries: how many relays were tried, when the next is due (null once sent, given
 * up, or with no relay configured), and the reply-to address a retry needs again.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('outbox').addColumn('next_attempt_at', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('reply_to', 'text').execute();
  // The worker looks for due e-mails every half minute: only the unsent ones are in this index.
  await db.schema.createIndex('outbox_due_idx').on('outbox').column('next_attempt_at').where('next_attempt_at', 'is not', null).execute();
}
