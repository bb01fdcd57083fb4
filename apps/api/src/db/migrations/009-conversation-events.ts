import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * The live stream's log (decision 035): one row per new message and per reading, numbered in the
 * order they were committed, so that `Last-Event-ID` names a point every later event comes after
 * (a message's UUID and send time do not order commits). A `mensagem` row names its message; a
 * `leitura` row says which side read (`leitor`) and when.
 */
export async function up(db: Db): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('conversation_events')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.user_id').onDelete('cascade'))
    .addColumn('tipo', 'text', (col) => col.notNull())
    .addColumn('message_id', 'text', (col) => col.references('messages.id').onDelete('cascade'))
    .addColumn('leitor', 'text')
    .addColumn('lida_em', 'text')
    .execute();
  // A client's stream resumes from a cursor within its own conversation.
  await db.schema.createIndex('conversation_events_client_idx').on('conversation_events').columns(['client_id', 'id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('conversation_events').execute();
}
