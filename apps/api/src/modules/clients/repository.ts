import type { Client } from '@acompanha/contract';
import type { Db } from '../../db/database.js';

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

/** Every client by name, with whether they have set a password and their latest evaluation (for operators). */
export async function listClientSummaries(db: Db) {
  const rows = await clientsQuery(db)
    .select((eb) => {
      const latest = (column: 'plano' | 'vencimento') =>
        eb
          .selectFrom('evaluations')
          .select(column)
          .whereRef('evaluations.client_id', '=', 'clients.user_id')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .as(column);
      return [eb('users.password_hash', 'is not', null).as('has_password'), latest('plano'), latest('vencimento')];
    })
    .orderBy('clients.nome')
    .orderBy('clients.user_id')
    .execute();
  return rows.map((row) => ({ ...toClient(row), has_password: Boolean(row.has_password), plano: row.plano, vencimento: row.vencimento }));
}
