import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * Photos and consents (DECISIONS.md §6, decision 070):
 * - `media`: a photo an account uploaded, re-encoded, whose bytes are in the media storage under
 *   keys made from its owner and id; `client_id` is whose data it is (the client who sent it, or the
 *   client whose conversation a team member's photo went to) and decides who else may read it;
 * - `message_media`: the photos of a message, in order; a photo belongs to one message;
 * - `consents`: each consent a client gave, to which version of the privacy notice, and its withdrawal.
 */
export async function up(db: Db): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('largura', 'integer', (col) => col.notNull())
    .addColumn('altura', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('etag', 'text', (col) => col.notNull())
    .addColumn('miniatura_bytes', 'integer', (col) => col.notNull())
    .addColumn('miniatura_etag', 'text', (col) => col.notNull())
    .addColumn('criada_em', 'text', (col) => col.notNull())
    .execute();
  // What an account stores (its ceiling) and what is kept of a client (erasure, export).
  await db.schema.createIndex('media_owner_idx').on('media').column('owner_id').execute();
  await db.schema.createIndex('media_client_idx').on('media').column('client_id').execute();

  await db.schema
    .createTable('message_media')
    .addColumn('message_id', 'text', (col) => col.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('posicao', 'integer', (col) => col.notNull())
    .addColumn('media_id', 'text', (col) => col.notNull().unique().references('media.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('message_media_pk', ['message_id', 'posicao'])
    .execute();

  await db.schema
    .createTable('consents')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tipo', 'text', (col) => col.notNull())
    .addColumn('versao', 'text', (col) => col.notNull())
    .addColumn('aceito_em', 'text', (col) => col.notNull())
    .addColumn('retirado_em', 'text')
    .execute();
  await db.schema.createIndex('consents_user_idx').on('consents').columns(['user_id', 'tipo']).execute();
}
