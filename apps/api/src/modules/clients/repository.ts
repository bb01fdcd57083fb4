import type { Client, Plan, RosterEntry } from '@acompanha/contract';
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

/** A column of the client's latest evaluation, as a subquery of a query over clients. */
const latestEvaluation = (eb: ExpressionBuilder<Database, 'clients' | 'users'>, column: 'plano' | 'vencimento') =>
  eb
    .selectFrom('evaluations')
    .select(column)
    .whereRef('evaluations.client_id', '=', 'clients.user_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .as(column);

/** Every client by name, with whether they have set a password and their latest evaluation (for operators). */
export async function listClientSummaries(db: Db) {
  const rows = await clientsQuery(db)
    .select((eb) => [eb('users.password_hash', 'is not', null).as('has_password'), latestEvaluation(eb, 'plano'), latestEvaluation(eb, 'vencimento')])
    .orderBy('clients.nome')
    .orderBy('clients.user_id')
    .execute();
  return rows.map((row) => ({ ...toClient(row), has_password: Boolean(row.has_password), plano: row.plano, vencimento: row.vencimento }));
}

/** The window of a roster's recent sessions. */
const RECENT_SESSIONS_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The team's list of clients, by name, in one statement: each with their latest evaluation's plan,
 * their latest session, the sessions started in the last 7 days and their messages the team has
 * not read. Session starts compare as the ISO text the app sends (UTC).
 */
export async function listRoster(db: Db, now = new Date()): Promise<RosterEntry[]> {
  const since = new Date(now.getTime() - RECENT_SESSIONS_MS).toISOString();
  const rows = await clientsQuery(db)
    .select((eb) => [
      latestEvaluation(eb, 'plano'),
      latestEvaluation(eb, 'vencimento'),
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
    ])
    .orderBy('clients.nome')
    .orderBy('clients.user_id')
    .execute();
  return rows.map((row) => ({
    id: row.user_id,
    nome: row.nome,
    email: row.email,
    plano: row.plano as Plan | null,
    vencimento: row.vencimento,
    ultimo_treino: row.ultimo_treino,
    treinos_7_dias: Number(row.treinos_7_dias),
    nao_lidas: Number(row.nao_lidas),
  }));
}
