import type { Db } from '../src/db/database.js';

/** Each demo client's follow-up end (their latest vencimento), by e-mail. */
export function demoFollowUpEndings(db: Db) {
  return db
    .selectFrom('evaluations')
    .innerJoin('users', 'users.id', 'evaluations.client_id')
    .select((eb) => ['users.email', eb.fn.max('evaluations.vencimento').as('vencimento')])
    .groupBy('users.email')
    .orderBy('users.email')
    .execute();
}
