import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** The contract's searchKey as it was when this ran: lower case, without accents. */
const searchKey = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');

/**
 * The library searched, ordered and paged by the database (decision 053): each title and muscle
 * group beside its search key, compared byte by byte on both databases ("C" on PostgreSQL, whose
 * default collation would order spaces and punctuation unlike SQLite); and `retired_at`, an
 * activity kept for the plans that name it but left out of the library's lists. With the indexes
 * those reads and the bounded histories (decision 053) use.
 */
export async function up(db: Db): Promise<void> {
  const keyType = db.getExecutor().adapter instanceof PostgresAdapter ? sql`text collate "C"` : 'text';
  await db.schema.alterTable('activities').addColumn('titulo_chave', keyType, (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('activities').addColumn('grupo_chave', keyType, (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('activities').addColumn('retired_at', 'text').execute();
  const rows: { id: number; titulo: string; grupo_muscular: string }[] = await db.selectFrom('activities').select(['id', 'titulo', 'grupo_muscular']).execute();
  for (const row of rows) {
    await db
      .updateTable('activities')
      .set({ titulo_chave: searchKey(row.titulo), grupo_chave: searchKey(row.grupo_muscular) })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.createIndex('activities_order_idx').on('activities').columns(['titulo_chave', 'grupo_chave', 'id']).execute();
  await db.schema.createIndex('activities_group_idx').on('activities').columns(['grupo_chave', 'titulo_chave', 'id']).execute();
  // An import and the library find an activity by its title and muscle group (then its video).
  await db.schema.createIndex('activities_identity_idx').on('activities').columns(['titulo', 'grupo_muscular']).execute();
  // Retiring or merging asks whether an exercise names the activity.
  await db.schema.createIndex('exercises_activity_idx').on('exercises').column('activity_id').execute();
  // A history reads the client's latest sessions (HISTORY_SESSIONS_MAX).
  await db.schema.createIndex('workout_sessions_client_idx').on('workout_sessions').columns(['client_id', 'iniciado_em']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('workout_sessions_client_idx').execute();
  await db.schema.dropIndex('exercises_activity_idx').execute();
  await db.schema.dropIndex('activities_identity_idx').execute();
  await db.schema.dropIndex('activities_group_idx').execute();
  await db.schema.dropIndex('activities_order_idx').execute();
  await db.schema.alterTable('activities').dropColumn('retired_at').execute();
  await db.schema.alterTable('activities').dropColumn('grupo_chave').execute();
  await db.schema.alterTable('activities').dropColumn('titulo_chave').execute();
}
