import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** The contract's searchKey as it was when this ran: lower case, without accents. */
const searchKey = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');

/** The roster's searchTerms as they were when this ran: each word-start suffix of the name's and the e-mail's key. */
const searchTerms = (nome: string, email: string) =>
  [...new Set([nome, email].flatMap((text) => {
    const key = searchKey(text).trim();
    return [...key.matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}]/gu)].map((match) => key.slice(match.index));
  }))];

/**
 * The roster at a business's size (decision 068):
 * - `clients.personal_id` and `clients.nutricionista_id`: who looks after the client (DECISIONS.md §6);
 * - `roster`: one row per client with what the team's list filters and orders by, kept by every
 *   write that changes it (modules/roster), so that a page of the list reads 50 rows by an index
 *   instead of every client's sessions and messages: the name's search key (compared byte by byte
 *   on both databases, "C" on PostgreSQL), the latest evaluation's expiry, the latest session, the
 *   oldest unread client message, the newest message, and whether the invitation is pending;
 * - `roster_terms`: what the search finds a client by, each suffix of their name's and e-mail's key
 *   that starts a word, so that a word searched is a range of an index.
 * Filled here for the clients there are.
 */
export async function up(db: Db): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const keyType = isPostgres ? sql`text collate "C"` : 'text';
  // Staff accounts are disabled, never deleted, and the service checks each id's role: no foreign key,
  // which SQLite could not drop again with the column.
  await db.schema.alterTable('clients').addColumn('personal_id', 'integer').execute();
  await db.schema.alterTable('clients').addColumn('nutricionista_id', 'integer').execute();
  await db.schema.createIndex('clients_personal_idx').on('clients').column('personal_id').execute();
  await db.schema.createIndex('clients_nutricionista_idx').on('clients').column('nutricionista_id').execute();

  await db.schema
    .createTable('roster')
    .addColumn('client_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('nome_chave', keyType, (col) => col.notNull())
    .addColumn('vencimento', 'text')
    .addColumn('ultimo_treino', 'text')
    .addColumn('aguardando_desde', 'text')
    .addColumn('ultima_mensagem_em', 'text')
    .addColumn('convite_pendente', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Each order's index ends with the name's, so that a page is read in order and no sort is needed.
  // Without a plan, without a session: first, which is where SQLite puts nulls in an ascending index.
  const nullsFirst = isPostgres ? sql` nulls first` : sql``;
  await db.schema.createIndex('roster_nome_idx').on('roster').columns(['nome_chave', 'client_id']).execute();
  await db.schema.createIndex('roster_vencimento_idx').on('roster').expression(sql`vencimento${nullsFirst}, nome_chave, client_id`).execute();
  await db.schema.createIndex('roster_ultimo_treino_idx').on('roster').expression(sql`ultimo_treino${nullsFirst}, nome_chave, client_id`).execute();
  await db.schema.createIndex('roster_aguardando_idx').on('roster').columns(['aguardando_desde', 'nome_chave', 'client_id']).execute();
  await db.schema.createIndex('roster_conversa_idx').on('roster').columns(['ultima_mensagem_em', 'client_id']).execute();
  await db.schema.createIndex('roster_convite_idx').on('roster').columns(['convite_pendente', 'nome_chave', 'client_id']).execute();
  await db.schema
    .createTable('roster_terms')
    .addColumn('term', keyType, (col) => col.notNull())
    .addColumn('client_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('roster_terms_pk', ['term', 'client_id'])
    .execute();
  await db.schema.createIndex('roster_terms_client_idx').on('roster_terms').column('client_id').execute();

  await fillRoster(db);
}

/** A row for each client there is, from what is stored (exported for its test). */
export async function fillRoster(db: Db): Promise<void> {
  const clients: { user_id: number; nome: string; email: string }[] = await db
    .selectFrom('clients')
    .innerJoin('users', 'users.id', 'clients.user_id')
    .select(['clients.user_id', 'clients.nome', 'users.email'])
    .execute();
  for (const client of clients) {
    await db
      .insertInto('roster')
      .values({ client_id: client.user_id, nome_chave: searchKey(client.nome) })
      .execute();
    await db
      .insertInto('roster_terms')
      .values(searchTerms(client.nome, client.email).map((term) => ({ term, client_id: client.user_id })))
      .execute();
  }
  await db
    .updateTable('roster')
    .set((eb) => ({
      vencimento: eb
        .selectFrom('evaluations')
        .select('evaluations.vencimento')
        .whereRef('evaluations.client_id', '=', 'roster.client_id')
        .orderBy('evaluations.created_at', 'desc')
        .orderBy('evaluations.id', 'desc')
        .limit(1),
      ultimo_treino: eb.selectFrom('workout_sessions').select((sub) => sub.fn.max('iniciado_em').as('last')).whereRef('workout_sessions.client_id', '=', 'roster.client_id'),
      aguardando_desde: eb
        .selectFrom('messages')
        .select((sub) => sub.fn.min('enviada_em').as('first'))
        .whereRef('messages.client_id', '=', 'roster.client_id')
        .where('messages.autor', '=', 'CLIENTE')
        .where('messages.lida_em', 'is', null),
      ultima_mensagem_em: eb.selectFrom('messages').select((sub) => sub.fn.max('enviada_em').as('last')).whereRef('messages.client_id', '=', 'roster.client_id'),
      convite_pendente: eb.selectFrom('users').select(sql<number>`case when users.password_hash is null then 1 else 0 end`.as('pending')).whereRef('users.id', '=', 'roster.client_id'),
    }))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('roster_terms').execute();
  await db.schema.dropTable('roster').execute();
  await db.schema.dropIndex('clients_nutricionista_idx').execute();
  await db.schema.dropIndex('clients_personal_idx').execute();
  await db.schema.alterTable('clients').dropColumn('nutricionista_id').execute();
  await db.schema.alterTable('clients').dropColumn('personal_id').execute();
}
