import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * The chat with the team (DECISIONS.md §5): one conversation per client, each message with who
 * wrote it. A client's message keeps the id the phone made (a UUID, so that one sent again is the
 * same one); the server makes a team message's. Staff accounts get a name to sign their messages
 * with; a client's name stays in their profile (clients.nome).
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('nome', 'text').execute();
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.user_id').onDelete('cascade'))
    // No cascade: a team member's replies stay in the client's thread (staff accounts are disabled, not deleted).
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('autor', 'text', (col) => col.notNull())
    .addColumn('texto', 'text', (col) => col.notNull())
    .addColumn('enviada_em', 'text', (col) => col.notNull())
    .addColumn('lida_em', 'text')
    .execute();
  // A conversation newest first, paged back from a message.
  await db.schema.createIndex('messages_conversation_idx').on('messages').columns(['client_id', 'enviada_em', 'id']).execute();
  // What one side has not read yet: counted on every list and on the team's roster, set on reading.
  await db.schema.createIndex('messages_unread_idx').on('messages').columns(['client_id', 'autor', 'lida_em']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.alterTable('users').dropColumn('nome').execute();
}
