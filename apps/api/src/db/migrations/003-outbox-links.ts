import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const LINK = /https?:\/\/\S*\/api\/v1\/auth\/link\?token=[\w-]+/g;

/**
 * A password link leaves the stored body: it is kept in `link`, next to the hash of its token, only
 * until it is relayed, used or expired.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('link', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('link_token_hash', 'text').execute();
  // A user's links are counted (reset e-mails per hour) and spent together (a password set).
  await db.schema.createIndex('link_tokens_user_idx').on('link_tokens').columns(['user_id', 'created_at']).execute();
  // Links already stored were relayed or can be sent again (client:invite, a new reset request).
  const rows = await db.selectFrom('outbox').select(['id', 'body']).where('body', 'like', '%/api/v1/auth/link?token=%').execute();
  for (const row of rows as { id: number; body: string }[]) {
    await db.updateTable('outbox').set({ body: row.body.replace(LINK, '[password link]') }).where('id', '=', row.id).execute();
  }
}
