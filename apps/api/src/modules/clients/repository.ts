import {
  normalizeWeekday,
  type Client,
  type ClientHeader,
  type LastMessage,
  type MessageAuthor,
  type Plan,
  type RosterEntry,
  type Weekday,
} from '@acompanha/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

function clientsQuery(db: Db) {
  return db
    .selectFrom('clients')
    .innerJoin('users', 'users.id', 'clients.user_id')
    .select(['clients.user_id', 'clients.nome', 'clients.data_nascimento', 'users.email']);
}

type ClientRow = Awaited<ReturnType<ReturnType<typeof clientsQuery>['executeTakeFirstOrThrow']>>;

const toClient = (row: ClientRow): Client => ({ id: row.user_id, nome: row.nome, email: row.email, data_nascimento: row.data_nascimento });

export async function findClient(db: Db, userId: number): Promise<Client | undefined> {
  const row = await clientsQuery(db).where('clients.user_id', '=', userId).executeTakeFirst();
  return row && toClient(row);
}

export async function findClientByEmail(db: Db, email: string): Promise<Client | undefined> {
  const row = await clientsQuery(db).where('users.email', '=', email.toLowerCase()).executeTakeFirst();
  return row && toClient(row);
}

/** The id of the client's latest evaluation (their current plan), as a subquery of a query over clients. */
const latestEvaluationId = (eb: ExpressionBuilder<Database, 'clients'>) =>
  eb
    .selectFrom('evaluations as newest')
    .select('newest.id')
    .whereRef('newest.client_id', '=', 'clients.user_id')
    .orderBy('newest.created_at', 'desc')
    .orderBy('newest.id', 'desc')
    .limit(1);

/**
 * One column of the newest message of the client's conversation, from either side, as a scalar
 * subquery of a query over clients: a step back along messages_conversation_idx each. (Joining the
 * message by the newest id, as `latest` is joined, lets PostgreSQL hash every client's messages.)
 */
const newestMessage = <C extends 'autor' | 'texto' | 'enviada_em'>(eb: ExpressionBuilder<Database, 'clients'>, column: C) =>
  eb
    .selectFrom('messages as newest')
    .select(`newest.${column}` as `newest.${C}`)
    .whereRef('newest.client_id', '=', 'clients.user_id')
    .orderBy('newest.enviada_em', 'desc')
    .orderBy('newest.id', 'desc')
    .limit(1);

/** Clients with their latest evaluation joined as `latest`, whose columns are null for a client without one. */
const clientsWithLatestEvaluation = (db: Db) =>
  clientsQuery(db).leftJoin('evaluations as latest', (join) => join.on((eb) => eb('latest.id', '=', latestEvaluationId(eb))));

/** Every client by name, with whether they have set a password and their latest evaluation (for operators). */
export async function listClientSummaries(db: Db) {
  const rows = await clientsWithLatestEvaluation(db)
    .select((eb) => [eb('users.password_hash', 'is not', null).as('has_password'), 'latest.plano', 'latest.vencimento'])
    .orderBy('clients.nome')
    .orderBy('clients.user_id')
    .execute();
  return rows.map((row) => ({ ...toClient(row), has_password: Boolean(row.has_password), plano: row.plano, vencimento: row.vencimento }));
}

/** The window of a roster's recent sessions. */
const RECENT_SESSIONS_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How many weekdays each client's current plan's workouts cover, by client id, for every client or
 * one. The days are read in JavaScript as the app reads them (normalizeWeekday): old rows may hold
 * accented or lower-case codes, which SQLite's upper() would not fold as PostgreSQL's does.
 */
async function plannedDays(db: Db, clientId: number | undefined) {
  let query = db
    .selectFrom('clients')
    .innerJoin('workouts', (join) => join.on((eb) => eb('workouts.evaluation_id', '=', latestEvaluationId(eb))))
    .select(['clients.user_id', 'workouts.dias']);
  if (clientId !== undefined) query = query.where('clients.user_id', '=', clientId);
  const days = new Map<number, Set<Weekday>>();
  for (const row of await query.execute()) {
    const covered = days.get(row.user_id) ?? new Set();
    for (const code of row.dias.split(',')) {
      const day = normalizeWeekday(code);
      if (day) covered.add(day);
    }
    days.set(row.user_id, covered);
  }
  return (id: number) => days.get(id)?.size ?? 0;
}

/**
 * The team's view of its clients, by name, for every client or one: each with their profile, their
 * latest evaluation, their latest session, the sessions started in the last 7 days, the weekdays
 * their plan covers, their messages the team has not read (how many, and since when) and their
 * conversation's newest message. One statement for the list, one for the plans' days. Session
 * starts and send times compare as the ISO text the app writes (UTC).
 */
async function followedClients(db: Db, { clientId, now }: { clientId?: number; now: Date }) {
  const since = new Date(now.getTime() - RECENT_SESSIONS_MS).toISOString();
  let query = clientsWithLatestEvaluation(db)
    .select((eb) => [
      'latest.plano',
      'latest.vencimento',
      'latest.objetivo',
      'latest.peso',
      'latest.altura',
      eb
        .selectFrom('workout_sessions')
        .select((sub) => sub.fn.max('workout_sessions.iniciado_em').as('last'))
        .whereRef('workout_sessions.client_id', '=', 'clients.user_id')
        .as('ultimo_treino'),
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
      eb
        .selectFrom('messages')
        .select((sub) => sub.fn.min('messages.enviada_em').as('first'))
        .whereRef('messages.client_id', '=', 'clients.user_id')
        .where('messages.autor', '=', 'CLIENTE')
        .where('messages.lida_em', 'is', null)
        .as('aguardando_desde'),
      newestMessage(eb, 'autor').as('ultima_autor'),
      newestMessage(eb, 'texto').as('ultima_texto'),
      newestMessage(eb, 'enviada_em').as('ultima_enviada_em'),
      eb('users.password_hash', 'is', null).as('convite_pendente'),
    ])
    .orderBy('clients.nome')
    .orderBy('clients.user_id');
  if (clientId !== undefined) query = query.where('clients.user_id', '=', clientId);
  const rows = await query.execute();
  const daysOf = await plannedDays(db, clientId);
  return rows.map((row) => {
    const entry: RosterEntry = {
      id: row.user_id,
      nome: row.nome,
      email: row.email,
      plano: row.plano as Plan | null,
      vencimento: row.vencimento,
      ultimo_treino: row.ultimo_treino,
      treinos_7_dias: Number(row.treinos_7_dias),
      dias_planejados: daysOf(row.user_id),
      nao_lidas: Number(row.nao_lidas),
      aguardando_desde: row.aguardando_desde,
      ultima_mensagem: lastMessageOf(row),
      convite_pendente: Boolean(row.convite_pendente),
    };
    return { entry, row };
  });
}

/** The newest message's columns, each read by its own subquery: all null before the first message. */
function lastMessageOf(row: { ultima_autor: MessageAuthor | null; ultima_texto: string | null; ultima_enviada_em: string | null }): LastMessage | null {
  const { ultima_autor: autor, ultima_texto: texto, ultima_enviada_em: enviada_em } = row;
  return autor === null || texto === null || enviada_em === null ? null : { autor, texto, enviada_em };
}

/** The team's list of clients (DECISIONS.md §5), by name. */
export async function listRoster(db: Db, now = new Date()): Promise<RosterEntry[]> {
  return (await followedClients(db, { now })).map(({ entry }) => entry);
}

/** The head of a client's page for the team: their roster entry with their profile and latest evaluation; undefined when the id is not a client's. */
export async function findClientHeader(db: Db, clientId: number, now = new Date()): Promise<ClientHeader | undefined> {
  const [found] = await followedClients(db, { clientId, now });
  if (!found) return undefined;
  const { entry, row } = found;
  return { ...entry, data_nascimento: row.data_nascimento, objetivo: row.objetivo, peso: row.peso, altura: row.altura };
}
