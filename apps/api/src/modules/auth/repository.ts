import type { LinkOrigin, Role } from '@acompanha/contract';
import { inTransaction, isPostgres, type Db } from '../../db/database.js';
import { preparedQuery, type Param } from '../../db/prepared.js';
import { refreshRosterEntry } from '../roster/repository.js';

export const parseRoles = (roles: string) => roles.split(',').filter(Boolean) as Role[];

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertRefreshToken(
  db: Db,
  token: { hash: string; familyId: string; userId: number; expiresAt: Date; familyExpiresAt: Date },
) {
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: token.hash,
      family_id: token.familyId,
      user_id: token.userId,
      expires_at: token.expiresAt.toISOString(),
      family_expires_at: token.familyExpiresAt.toISOString(),
      spent_at: null,
      revoked_at: null,
    })
    .execute();
}

/**
 * Spends a live refresh token in one conditional update, so two requests racing with the same
 * token cannot both succeed. Returns the row when this call spent it.
 */
export async function spendRefreshToken(db: Db, hash: string, now: Date) {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ spent_at: now.toISOString() })
    .where('token_hash', '=', hash)
    .where('spent_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirstOrThrow();
}

export function findRefreshToken(db: Db, hash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** Whether the session (refresh-token family) was one of the account's (`email`), live or ended: until retention forgets its rows. */
export async function isFamilyOfAccount(db: Db, familyId: string, email: string) {
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
    .select('refresh_tokens.user_id')
    .where('refresh_tokens.family_id', '=', familyId)
    .where('users.email', '=', email.toLowerCase())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The token when it can still be rotated: not spent, not revoked, not expired. */
export function findLiveRefreshToken(db: Db, hash: string, now: Date) {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('spent_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

export async function revokeRefreshFamily(db: Db, familyId: string, now: Date) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

const openSessionUser = preparedQuery((db, param: Param<{ userId: number; familyId: string }>) =>
  db
    .selectFrom('users')
    .select(({ exists, selectFrom }) => [
      'roles',
      exists(selectFrom('second_factors').select('user_id').where('user_id', '=', param('userId')).where('confirmed_at', 'is not', null)).as('second_factor'),
    ])
    .where('id', '=', param('userId'))
    // A disabled account's sessions end with it (decision 040).
    .where('disabled_at', 'is', null)
    // The family is the user's: `sid` and `user_id` come signed in one token.
    .where(({ exists, selectFrom }) => exists(selectFrom('refresh_tokens').select('family_id').where('family_id', '=', param('familyId'))))
    // Any revoked token revokes the family: a rotation committed while it was being revoked leaves
    // one row unrevoked, and must not reopen the session.
    .where(({ exists, not, selectFrom }) =>
      not(exists(selectFrom('refresh_tokens').select('family_id').where('family_id', '=', param('familyId')).where('revoked_at', 'is not', null))),
    ),
);

/**
 * The roles of a user whose session (refresh-token family) is still open: it is theirs and none of
 * its tokens was revoked; and whether the account has a second factor (decision 056). Undefined for
 * a closed session or a deleted user. Every authenticated request asks, so it is prepared once and
 * each part is an index seek (migration 006; second_factors by its key).
 */
export async function findOpenSession(db: Db, userId: number, familyId: string) {
  const [row] = (await openSessionUser(db, { userId, familyId })).rows;
  // SQLite answers the test as 0 or 1.
  return row && { roles: parseRoles(row.roles), secondFactor: Boolean(row.second_factor) };
}

export async function revokeUserRefreshTokens(db: Db, userId: number, now: Date) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertLinkToken(
  db: Db,
  link: { hash: string; userId: number; origin: LinkOrigin; expiresAt: Date; now: Date },
) {
  await db
    .insertInto('link_tokens')
    .values({
      token_hash: link.hash,
      user_id: link.userId,
      origin: link.origin,
      expires_at: link.expiresAt.toISOString(),
      used_at: null,
      created_at: link.now.toISOString(),
    })
    .execute();
}

export function findLinkToken(db: Db, hash: string) {
  return db.selectFrom('link_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** The user's most recent e-mailed link, whatever its state. */
export function findLatestLinkToken(db: Db, userId: number) {
  return db.selectFrom('link_tokens').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/**
 * Holds the user's row until the transaction ends, so that transactions about one account run one
 * after the other. SQLite needs no lock: Kysely runs one transaction at a time on its connection.
 */
export async function lockUser(db: Db, userId: number) {
  if (!isPostgres(db)) return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** How many links of this origin the user was sent after `since`. */
export async function countLinksSince(db: Db, userId: number, origin: LinkOrigin, since: Date) {
  const { count } = await db
    .selectFrom('link_tokens')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('origin', '=', origin)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Uses a link in one conditional update, so that of two requests racing with it only one succeeds,
 * and a link that expired after it was checked does not; true when this call used it.
 */
export async function useLinkToken(db: Db, hash: string, now: Date) {
  const result = await db
    .updateTable('link_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends every link of the user that could still set a password. */
export async function spendOpenLinks(db: Db, userId: number, now: Date) {
  await db
    .updateTable('link_tokens')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .execute();
}

/** Erases from the outbox every link that can no longer set a password: used, expired, or gone with its account. */
export async function forgetDeadLinks(db: Db, now: Date) {
  await db
    .updateTable('outbox')
    .set({ link: null })
    .where('link', 'is not', null)
    .where('link_token_hash', 'not in', (eb) =>
      eb.selectFrom('link_tokens').select('token_hash').where('used_at', 'is', null).where('expires_at', '>', now.toISOString()),
    )
    .execute();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    // A client's first password ends their pending invitation.
    await refreshRosterEntry(trx, userId);
  });
}

/** Swaps the hash only while it is still `current`, so a re-hash never undoes a password change made meanwhile. */
export async function replacePasswordHash(db: Db, userId: number, current: string, next: string) {
  await db.updateTable('users').set({ password_hash: next }).where('id', '=', userId).where('password_hash', '=', current).execute();
}
