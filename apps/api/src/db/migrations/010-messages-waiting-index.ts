import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * The team's roster tells since when each client has waited: the send time of their oldest unread
 * message. Over (client_id, autor, lida_em, enviada_em) that is the first entry of the unread ones;
 * without enviada_em, SQLite walked the whole conversation in time order (every message, read or
 * not, of a client the team is up to date with). It serves the unread counts and the readings the
 * old index did, so that one goes.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('messages_waiting_idx').on('messages').columns(['client_id', 'autor', 'lida_em', 'enviada_em']).execute();
  await db.schema.dropIndex('messages_unread_idx').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.createIndex('messages_unread_idx').on('messages').columns(['client_id', 'autor', 'lida_em']).execute();
  await db.schema.dropIndex('messages_waiting_idx').execute();
}
