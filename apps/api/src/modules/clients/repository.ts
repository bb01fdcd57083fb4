import type { Client } from '@acompanha/contract';
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
export const latestEvaluationId = (eb: ExpressionBuilder<Database, 'clients'>) =>
  eb
    .selectFrom('evaluations as newest')
    .select('newest.id')
    .whereRef('newest.client_id', '=', 'clients.user_id')
    .orderBy('newest.created_at', 'desc')
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
