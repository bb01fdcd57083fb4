import { accessClaimsReadSchema } from '@acompanha/contract';
import { jwtDecode } from 'jwt-decode';
import { getToken, STORAGE_KEYS } from '../storage';

/**
 * The signed-in user's id, from the `user_id` claim of the stored access token (SPEC.md §3).
 * An expired token still names its user; the call made with it is refreshed and retried.
 */
export function getCurrentUserId(): number {
  const token = getToken(STORAGE_KEYS.accessToken);
  if (!token) throw new Error('No access token is stored');
  return accessClaimsReadSchema.parse(jwtDecode(token)).user_id;
}

/**
 * The signed-in user's e-mail, the `sub` claim of the stored access token (SPEC.md §3), sent as
 * the contact address of feedback and messages; empty when no token is stored.
 */
export function getCurrentUserEmail(): string {
  const token = getToken(STORAGE_KEYS.accessToken);
  if (!token) return '';
  return accessClaimsReadSchema.parse(jwtDecode(token)).sub;
}

// The last token read and the user it names: every store bound to the user asks on each render
// (a set's tick reads the session several times), and decoding a token each time cost more than
// the render itself on a slow phone. A token's text never changes what it names.
let lastRead: { token: string; userId: number | null } | null = null;

/** The user an access token names, or null for no token or one that cannot be read. */
export function userIdOfToken(token: string | null): number | null {
  if (!token) return null;
  if (lastRead?.token === token) return lastRead.userId;
  let userId: number | null;
  try {
    userId = accessClaimsReadSchema.parse(jwtDecode(token)).user_id;
  } catch {
    userId = null;
  }
  lastRead = { token, userId };
  return userId;
}

/** The signed-in user's id, or null when no readable access token is stored. */
export function currentUserIdOrNull(): number | null {
  return userIdOfToken(getToken(STORAGE_KEYS.accessToken));
}

/** A write kept for one user is refused before it leaves once another session is stored on the device. */
export class SessionChangedError extends Error {
  constructor() {
    super('The write was made by another session than the one stored');
  }
}

/** The meta of a write that may wait (paused, persisted, resumed): the user it was made for. */
export function madeBySignedInUser(): { userId: number | null } {
  return { userId: currentUserIdOrNull() };
}

/**
 * Throws SessionChangedError when the write was made for another user than the one signed in now:
 * a retry still running when 'Sair' was pressed must never go out under the next client's token.
 * A write saved by a version that did not record its user (no `userId`) is let through.
 */
export function assertMadeBySignedInUser(meta: Record<string, unknown> | undefined): void {
  if (meta && 'userId' in meta && meta.userId !== currentUserIdOrNull()) throw new SessionChangedError();
}
