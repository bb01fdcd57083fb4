import type { Db } from '../../db/database.js';

/** The account's second factor, confirmed or still enrolling; undefined when it has none. */
export function findSecondFactor(db: Db, userId: number) {
  return db.selectFrom('second_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Starts an enrolment: a new unconfirmed secret, replacing any earlier unconfirmed one; false when one is confirmed. */
export async function storePendingSecret(db: Db, userId: number, sealedSecret: string, now: Date) {
  const result = await db
    .insertInto('second_factors')
    .values({ user_id: userId, secret: sealedSecret, created_at: now.toISOString(), confirmed_at: null })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ secret: sealedSecret, created_at: now.toISOString(), last_step: 0, failures: 0, failures_since: null })
        .where('second_factors.confirmed_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows) === 1;
}

/** Confirms the enrolment of exactly this secret (not one a second enrolment replaced it with); true when this call did. */
export async function confirmSecondFactor(db: Db, userId: number, sealedSecret: string, now: Date) {
  const result = await db
    .updateTable('second_factors')
    .set({ confirmed_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('secret', '=', sealedSecret)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Counts a code attempt up front, in one statement, so that attempts made at the same moment each
 * see the others; a window older than `windowStart` starts again. Answers the attempts in the window.
 */
export async function countAttempt(db: Db, userId: number, now: Date, windowStart: Date) {
  const row = await db
    .updateTable('second_factors')
    .set((eb) => ({
      failures: eb.case().when('failures_since', '>', windowStart.toISOString()).then(eb('failures', '+', 1)).else(1).end(),
      failures_since: eb.case().when('failures_since', '>', windowStart.toISOString()).then(eb.ref('failures_since')).else(now.toISOString()).end(),
    }))
    .where('user_id', '=', userId)
    .returning(['failures', 'failures_since'])
    .executeTakeFirst();
  return row && { failures: Number(row.failures), since: new Date(row.failures_since!) };
}

export async function clearAttempts(db: Db, userId: number) {
  await db.updateTable('second_factors').set({ failures: 0, failures_since: null }).where('user_id', '=', userId).execute();
}

/** Spends a time step in one conditional update: of two requests with one code, only one gets it. */
export async function spendStep(db: Db, userId: number, step: number) {
  const result = await db.updateTable('second_factors').set({ last_step: step }).where('user_id', '=', userId).where('last_step', '<', step).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces every recovery code of the account with these digests. */
export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.insertInto('recovery_codes').values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null }))).execute();
}

/** Spends an unused recovery code in one conditional update; true when this call did. */
export async function spendRecoveryCode(db: Db, userId: number, codeHash: string, now: Date) {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number) {
  const { count } = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Removes the account's second factor and its recovery codes. */
export async function deleteSecondFactor(db: Db, userId: number) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('second_factors').where('user_id', '=', userId).execute();
}
