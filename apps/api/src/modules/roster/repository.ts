import {
  normalizeWeekday,
  ROSTER_FILTERS,
  searchKey,
  staffRefOf,
  type ClientHeader,
  type LastMessage,
  type MessageAuthor,
  type Plan,
  type RosterEntry,
  type RosterFilter,
  type RosterFilterCounts,
  type RosterQuery,
  type StaffRef,
  type Weekday,
} from '@acompanha/contract';
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { addDays, daysFromToday } from '../../dates.js';
import { isPostgres, type Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/**
 * The team's list of clients at a business's size (decision 068). The `roster` table holds, per
 * client, what the list filters and orders by; each write that changes one of those (a session, a
 * message, a reading, an evaluation, a password) calls `refreshRosterEntry` in its transaction. A
 * page is then read by an index, 50 rows at most, and only those rows' entries are built.
 */

/**
 * What the search finds a client by: each suffix of their name's and e-mail's search key that starts
 * a word ('joao alvares', 'alvares'; 'joao@exemplo.com', 'exemplo.com', 'com'). A word searched is then
 * a range of roster_terms' key: the terms it starts.
 */
export function searchTerms(nome: string, email: string): string[] {
  const suffixes = (text: string) => {
    const key = searchKey(text).trim();
    return [...key.matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}]/gu)].map((match) => key.slice(match.index));
  };
  return [...new Set([...suffixes(nome), ...suffixes(email)])];
}

type NamedClient = { id: number; nome: string; email: string };

/** The roster's rows of new clients, with what the search finds them by; the rest is refreshed from what is stored. */
async function insertRosterRows(db: Db, clients: NamedClient[]) {
  if (clients.length === 0) return;
  await db
    .insertInto('roster')
    .values(clients.map((client) => ({ client_id: client.id, nome_chave: searchKey(client.nome) })))
    .execute();
  await db
    .insertInto('roster_terms')
    .values(clients.flatMap((client) => searchTerms(client.nome, client.email).map((term) => ({ term, client_id: client.id }))))
    .execute();
}

/** Adds a new client to the roster. */
export async function addToRoster(db: Db, client: NamedClient) {
  await insertRosterRows(db, [client]);
  await refreshRosterEntry(db, client.id);
}

/**
 * Recomputes the client's row from what is stored: the latest evaluation's expiry, the latest
 * session, the oldest unread client message, the newest message and the invitation. A few index
 * lookups; a staff account's id changes nothing.
 */
export async function refreshRosterEntry(db: Db, clientId: number) {
  await refreshRows(db).where('roster.client_id', '=', clientId).execute();
}

/** The update of the roster's rows from what is stored, for the rows the caller's where picks (every row without one). */
function refreshRows(db: Db) {
  return db
    .updateTable('roster')
    .set((eb) => ({
      vencimento: eb
        .selectFrom('evaluations')
        .select('evaluations.vencimento')
        .whereRef('evaluations.client_id', '=', 'roster.client_id')
        .orderBy('evaluations.created_at', 'desc')
        .orderBy('evaluations.id', 'desc')
        .limit(1),
      ultimo_treino: eb
        .selectFrom('workout_sessions')
        .select((sub) => sub.fn.max('workout_sessions.iniciado_em').as('last'))
        .whereRef('workout_sessions.client_id', '=', 'roster.client_id'),
      aguardando_desde: eb
        .selectFrom('messages')
        .select((sub) => sub.fn.min('messages.enviada_em').as('first'))
        .whereRef('messages.client_id', '=', 'roster.client_id')
        .where('messages.autor', '=', 'CLIENTE')
        .where('messages.lida_em', 'is', null),
      ultima_mensagem_em: eb
        .selectFrom('messages')
        .select((sub) => sub.fn.max('messages.enviada_em').as('last'))
        .whereRef('messages.client_id', '=', 'roster.client_id'),
      convite_pendente: eb
        .selectFrom('users')
        .select(sql<number>`case when users.password_hash is null then 1 else 0 end`.as('pending'))
        .whereRef('users.id', '=', 'roster.client_id'),
      checkin_pendente: eb
        .case()
        .when(eb.exists(eb.selectFrom('checkins').select('checkins.id').whereRef('checkins.client_id', '=', 'roster.client_id').where('checkins.revisado_em', 'is', null)))
        .then(1)
        .else(0)
        .end(),
    }));
}

/** Every client's row anew (a fill that went around the repositories, such as bench:data's). */
export async function rebuildRoster(db: Db) {
  const clients = await db.selectFrom('clients').innerJoin('users', 'users.id', 'clients.user_id').select(['clients.user_id as id', 'clients.nome', 'users.email']).execute();
  await db.deleteFrom('roster_terms').execute();
  await db.deleteFrom('roster').execute();
  // Batches within PostgreSQL's 65,535 parameters a statement: a client has a dozen terms or so.
  const BATCH = 200;
  for (let start = 0; start < clients.length; start += BATCH) await insertRosterRows(db, clients.slice(start, start + BATCH));
  await refreshRows(db).execute();
}

type RosterQueryBuilder = SelectQueryBuilder<Database, 'roster', object>;

/** Who is reading, and when: `meus` is theirs, and the windows are counted from `now`. */
export interface Reader {
  staffId: number;
  now: Date;
}

/** Above every character: a term starts `word` when it lies between `word` and this after it (byte order). */
const LAST_CHARACTER = '\u{10FFFF}';

/** The words searched, folded as the terms are. */
const searchWords = (busca: string | undefined) => searchKey(busca ?? '').split(/\s+/).filter(Boolean);

/**
 * The roster's rows whose name or e-mail has a word started by each word of the search, without
 * regard to case or accents. On PostgreSQL each word's terms are fenced off (`offset 0`) and read
 * first: flattened into a join, the planner walked the names in order and looked up each client's
 * terms, 8 ms for 'joao' at 10,000 clients against 2 ms fenced (SQLite reads the terms first unasked,
 * and takes no offset without a limit).
 */
function searched(db: Db, busca: string | undefined): RosterQueryBuilder {
  const fenced = isPostgres(db);
  return searchWords(busca).reduce(
    (narrowed, word) =>
      narrowed.where('roster.client_id', 'in', (eb) => {
        const terms = eb.selectFrom('roster_terms').select('roster_terms.client_id').where('roster_terms.term', '>=', word).where('roster_terms.term', '<', word + LAST_CHARACTER);
        return fenced ? terms.offset(0) : terms;
      }),
    db.selectFrom('roster'),
  );
}

/** Sessions within this window count as recent: without one, a client is 'sem treino'. */
const RECENT_SESSIONS_MS = 7 * 24 * 60 * 60 * 1000;
/** A plan expiring within this many days is 'vencendo'. */
const EXPIRING_DAYS = 10;

/** The condition a filter puts on the roster's rows. */
function filterCondition(eb: ExpressionBuilder<Database, 'roster'>, filter: RosterFilter, { staffId, now }: Reader): Expression<SqlBool> {
  switch (filter) {
    case 'vencendo': {
      const today = daysFromToday(0, now);
      return eb.and([eb('roster.vencimento', '>=', today), eb('roster.vencimento', '<=', addDays(today, EXPIRING_DAYS))]);
    }
    case 'sem_treino':
      return eb.or([eb('roster.ultimo_treino', 'is', null), eb('roster.ultimo_treino', '<', new Date(now.getTime() - RECENT_SESSIONS_MS).toISOString())]);
    case 'nao_lidas':
      return eb('roster.aguardando_desde', 'is not', null);
    case 'convite_pendente':
      return eb('roster.convite_pendente', '=', 1);
    case 'checkin_pendente':
      return eb('roster.checkin_pendente', '=', 1);
    case 'meus':
      return eb(
        'roster.client_id',
        'in',
        eb
          .selectFrom('clients')
          .select('clients.user_id')
          .where((where) => where.or([where('clients.personal_id', '=', staffId), where('clients.nutricionista_id', '=', staffId)])),
      );
  }
}

const filtered = (query: RosterQueryBuilder, filter: RosterFilter | undefined, reader: Reader): RosterQueryBuilder =>
  filter === undefined ? query : query.where((eb) => filterCondition(eb, filter, reader));

const countOf = (query: RosterQueryBuilder) => query.select((eb) => eb.fn.countAll<number | string>().as('n'));

async function countRows(query: RosterQueryBuilder) {
  return Number((await countOf(query).executeTakeFirstOrThrow()).n);
}

interface Limits {
  limit: number;
  offset: number;
}

/** The client ids of a page of `part`, in its order. */
const idsOf = async (part: RosterQueryBuilder, { limit, offset }: Limits) =>
  limit <= 0 ? [] : (await part.select('roster.client_id').limit(limit).offset(offset).execute()).map((row) => row.client_id);

/**
 * A page of two lists shown one after the other, each read by its own index: `first`, then `then`.
 * How many rows `first` has is read only for a page past its end: a page that starts within it
 * knows where it ends from the rows it got.
 */
async function pageAcross(first: RosterQueryBuilder, then: RosterQueryBuilder, { limit, offset }: Limits) {
  const head = await idsOf(first, { limit, offset });
  if (head.length === limit) return head;
  const thenOffset = head.length > 0 ? 0 : offset - (await countRows(first.clearOrderBy()));
  return [...head, ...(await idsOf(then, { limit: limit - head.length, offset: Math.max(0, thenOffset) }))];
}

/** The ids of a page in `order`; 'aguardando' shows the waiting clients first, the longest on top, then the others by name. */
async function pageIds(db: Db, query: RosterQueryBuilder, order: RosterQuery['ordem'], limits: Limits): Promise<number[]> {
  const byName = (part: RosterQueryBuilder) => part.orderBy('roster.nome_chave').orderBy('roster.client_id');
  switch (order) {
    case 'nome':
      return idsOf(byName(query), limits);
    case 'vencimento':
      return idsOf(byName(query.orderBy(sql`roster.vencimento${nullsFirst(db)}`)), limits);
    case 'ultimo_treino':
      return idsOf(byName(query.orderBy(sql`roster.ultimo_treino${nullsFirst(db)}`)), limits);
    case 'aguardando': {
      const waiting = query.where('roster.aguardando_desde', 'is not', null);
      return pageAcross(byName(waiting.orderBy('roster.aguardando_desde')), byName(query.where('roster.aguardando_desde', 'is', null)), limits);
    }
  }
}

/** PostgreSQL puts nulls last in an ascending order, SQLite first: the roster's indexes put them first on both. */
const nullsFirst = (db: Db) => (isPostgres(db) ? sql` nulls first` : sql``);

/**
 * How many clients the search finds, and how many of them each filter shows, in one statement.
 * Without a search each count reads its own index (a range of it, or the whole of the smallest);
 * with one, the few rows the search finds are read once and each filter counted among them: six
 * counts would each look the search's terms up again.
 */
async function countFilters(db: Db, busca: string | undefined, reader: Reader): Promise<Record<'todos' | RosterFilter, number | string | null>> {
  if (searchWords(busca).length === 0) {
    return db
      .selectNoFrom((eb) => [countOf(eb.selectFrom('roster')).as('todos'), ...ROSTER_FILTERS.map((filter) => countOf(filtered(eb.selectFrom('roster'), filter, reader)).as(filter))])
      .executeTakeFirstOrThrow();
  }
  return searched(db, busca)
    .select((eb) => [eb.fn.countAll<number | string>().as('todos'), ...ROSTER_FILTERS.map((filter) => eb.fn.countAll<number | string>().filterWhere(filterCondition(eb, filter, reader)).as(filter))])
    .executeTakeFirstOrThrow();
}

/** A page of the roster, searched, filtered and ordered, with how many each filter shows within the search. */
export async function pageRoster(db: Db, query: RosterQuery, reader: Reader) {
  // On PostgreSQL the page and the counts run side by side, on two connections of the pool: the
  // counts, which grow with the business, then add nothing to the answer's time while the page takes longer.
  const [ids, counted] = await Promise.all([
    pageIds(db, filtered(searched(db, query.busca), query.filtro, reader), query.ordem, { limit: query.size, offset: query.page * query.size }),
    countFilters(db, query.busca, reader),
  ]);
  const filtros = Object.fromEntries(ROSTER_FILTERS.map((filter) => [filter, Number(counted[filter])])) as RosterFilterCounts;
  const total = query.filtro ? filtros[query.filtro] : Number(counted.todos);
  return { results: await rosterEntries(db, ids, reader.now), page: query.page, size: query.size, total, filtros };
}

/** A page of the conversations: those waiting for the team first (the longest on top), then by latest message, newest first. */
export async function pageConversations(db: Db, { page, size }: { page: number; size: number }, now: Date) {
  const withMessages = db.selectFrom('roster').where('roster.ultima_mensagem_em', 'is not', null);
  const [ids, total] = await Promise.all([
    pageAcross(
      withMessages.where('roster.aguardando_desde', 'is not', null).orderBy('roster.aguardando_desde').orderBy('roster.nome_chave').orderBy('roster.client_id'),
      withMessages.where('roster.aguardando_desde', 'is', null).orderBy('roster.ultima_mensagem_em', 'desc').orderBy('roster.client_id', 'desc'),
      { limit: size, offset: page * size },
    ),
    countRows(withMessages),
  ]);
  return { results: await rosterEntries(db, ids, now), page, size, total };
}

/**
 * One column of the newest message of the client's conversation, from either side, as a scalar
 * subquery of a query over clients: a step back along messages_conversation_idx each.
 */
const newestMessage = <C extends 'autor' | 'texto' | 'enviada_em'>(eb: ExpressionBuilder<Database, 'clients'>, column: C) =>
  eb
    .selectFrom('messages as newest')
    .select(`newest.${column}` as `newest.${C}`)
    .whereRef('newest.client_id', '=', 'clients.user_id')
    .orderBy('newest.enviada_em', 'desc')
    .orderBy('newest.id', 'desc')
    .limit(1);

/**
 * Each of these clients' latest evaluation, the one latestEvaluationId picks (the newest, then the
 * highest id), read by the clients' index: joined to each client by that subquery, PostgreSQL hashed
 * every evaluation of the business instead.
 */
async function latestEvaluations(db: Db, ids: number[]) {
  const rows = await db
    .selectFrom('evaluations')
    .select(['id', 'client_id', 'plano', 'vencimento', 'objetivo', 'peso', 'altura'])
    .where('client_id', 'in', ids)
    .orderBy('client_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const latest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.client_id)) latest.set(row.client_id, row);
  return latest;
}

/**
 * How many weekdays the workouts of each of these evaluations cover. The days are read in
 * JavaScript as the app reads them (normalizeWeekday): old rows may hold accented or lower-case
 * codes, which SQLite's upper() would not fold as PostgreSQL's does.
 */
async function plannedDays(db: Db, evaluationIds: number[]) {
  const rows = evaluationIds.length === 0 ? [] : await db.selectFrom('workouts').select(['evaluation_id', 'dias']).where('evaluation_id', 'in', evaluationIds).execute();
  const days = new Map<number, Set<Weekday>>();
  for (const row of rows) {
    const covered = days.get(row.evaluation_id) ?? new Set();
    for (const code of row.dias.split(',')) {
      const day = normalizeWeekday(code);
      if (day) covered.add(day);
    }
    days.set(row.evaluation_id, covered);
  }
  return (evaluationId: number | undefined) => (evaluationId === undefined ? 0 : (days.get(evaluationId)?.size ?? 0));
}

/**
 * The entries of these clients, in this order: each with their profile, their latest evaluation,
 * their latest session, the sessions started in the last 7 days, the weekdays their plan covers,
 * their messages the team has not read (how many, and since when), their conversation's newest
 * message and who looks after them. Three statements, each reading only these clients' rows by an
 * index (the ids are given to each table, not left to a join), whatever the size of the business.
 * Session starts and send times compare as the ISO text the app writes (UTC).
 */
async function followedClients(db: Db, ids: number[], now: Date) {
  if (ids.length === 0) return [];
  const since = new Date(now.getTime() - RECENT_SESSIONS_MS).toISOString();
  const rows = await db
    .selectFrom('clients')
    .innerJoin('users', 'users.id', 'clients.user_id')
    .innerJoin('roster', 'roster.client_id', 'clients.user_id')
    .leftJoin('users as personal', 'personal.id', 'clients.personal_id')
    .leftJoin('users as nutricionista', 'nutricionista.id', 'clients.nutricionista_id')
    .select((eb) => [
      'clients.user_id',
      'clients.nome',
      'clients.data_nascimento',
      'users.email',
      'roster.ultimo_treino',
      'roster.aguardando_desde',
      'roster.convite_pendente',
      'personal.id as personal_id',
      'personal.nome as personal_nome',
      'nutricionista.id as nutricionista_id',
      'nutricionista.nome as nutricionista_nome',
      eb
        .selectFrom('workout_sessions')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('workout_sessions.client_id', '=', 'clients.user_id')
        .where('workout_sessions.iniciado_em', '>=', since)
        .as('treinos_7_dias'),
      eb
        .selectFrom('messages')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('messages.client_id', '=', 'clients.user_id')
        .where('messages.autor', '=', 'CLIENTE')
        .where('messages.lida_em', 'is', null)
        .as('nao_lidas'),
      newestMessage(eb, 'autor').as('ultima_autor'),
      newestMessage(eb, 'texto').as('ultima_texto'),
      newestMessage(eb, 'enviada_em').as('ultima_enviada_em'),
    ])
    .where('clients.user_id', 'in', ids)
    .where('users.id', 'in', ids)
    .where('roster.client_id', 'in', ids)
    .execute();
  const evaluations = await latestEvaluations(db, ids);
  const daysOf = await plannedDays(
    db,
    [...evaluations.values()].map((evaluation) => evaluation.id),
  );
  const byId = new Map(
    rows.map((row) => {
      const latest = evaluations.get(row.user_id);
      const entry: RosterEntry = {
        id: row.user_id,
        nome: row.nome,
        email: row.email,
        plano: (latest?.plano ?? null) as Plan | null,
        vencimento: latest?.vencimento ?? null,
        ultimo_treino: row.ultimo_treino,
        treinos_7_dias: Number(row.treinos_7_dias),
        dias_planejados: daysOf(latest?.id),
        nao_lidas: Number(row.nao_lidas),
        aguardando_desde: row.aguardando_desde,
        ultima_mensagem: lastMessageOf(row),
        convite_pendente: Boolean(row.convite_pendente),
        responsaveis: { personal: staffRefOf(row.personal_id, row.personal_nome), nutricionista: staffRefOf(row.nutricionista_id, row.nutricionista_nome) },
      };
      return [row.user_id, { entry, row, latest }] as const;
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The newest message's columns, each read by its own subquery: all null before the first message. */
function lastMessageOf(row: { ultima_autor: MessageAuthor | null; ultima_texto: string | null; ultima_enviada_em: string | null }): LastMessage | null {
  const { ultima_autor: autor, ultima_texto: texto, ultima_enviada_em: enviada_em } = row;
  return autor === null || texto === null || enviada_em === null ? null : { autor, texto, enviada_em };
}

/** These clients' roster entries, in this order. */
export async function rosterEntries(db: Db, ids: number[], now = new Date()): Promise<RosterEntry[]> {
  return (await followedClients(db, ids, now)).map(({ entry }) => entry);
}

/** The head of a client's page for the team: their roster entry with their profile and latest evaluation; undefined when the id is not a client's. */
export async function findClientHeader(db: Db, clientId: number, now = new Date()): Promise<ClientHeader | undefined> {
  const [found] = await followedClients(db, [clientId], now);
  if (!found) return undefined;
  const { entry, row, latest } = found;
  return { ...entry, data_nascimento: row.data_nascimento, objetivo: latest?.objetivo ?? null, peso: latest?.peso ?? null, altura: latest?.altura ?? null };
}

/** Sets who looks after the client; undefined when the id is not a client's. */
export async function setResponsibles(db: Db, clientId: number, { personalId, nutricionistaId }: { personalId: number | null; nutricionistaId: number | null }) {
  const result = await db.updateTable('clients').set({ personal_id: personalId, nutricionista_id: nutricionistaId }).where('user_id', '=', clientId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The enabled staff accounts holding `role`, by name: whom a client can be given to. */
export async function listProfessionals(db: Db, role: 'ROLE_PERSONAL' | 'ROLE_NUTRICIONISTA'): Promise<StaffRef[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'nome'])
    .where('disabled_at', 'is', null)
    .where(sql<boolean>`',' || roles || ',' like ${`%,${role},%`}`)
    .orderBy('nome')
    .orderBy('id')
    .execute();
  return rows.map((row) => staffRefOf(row.id, row.nome)!);
}

/** The e-mail addresses of the staff who look after the client, enabled accounts only: whom an unread message's alert goes to. */
export async function responsibleEmails(db: Db, clientId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('clients')
    .innerJoin('users as staff', (join) => join.on((eb) => eb.or([eb('staff.id', '=', eb.ref('clients.personal_id')), eb('staff.id', '=', eb.ref('clients.nutricionista_id'))])))
    .select('staff.email')
    .where('clients.user_id', '=', clientId)
    .where('staff.disabled_at', 'is', null)
    .orderBy('staff.id')
    .execute();
  return rows.map((row) => row.email);
}
