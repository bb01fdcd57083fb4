import type { Client } from '@acompanha/contract';
import type { Db } from '../../db/database.js';

export async function findClient(db: Db, userId: number): Promise<Client | undefined> {
  const row = await db
    .selectFrom('clients')
    .innerJoin('users', 'users.id', 'clients.user_id')
    .select(['clients.user_id', 'clients.nome', 'clients.data_nascimento', 'users.email'])
    .where('clients.user_id', '=', userId)
    .executeTakeFirst();
  return row && { id: row.user_id, nome: row.nome, email: row.email, data_nascimento: row.data_nascimento };
}
