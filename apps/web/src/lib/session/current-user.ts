import { SessionChangedError } from '@acompanha/client';
import { accessClaimsReadSchema } from '@acompanha/contract';
import { jwtDecode } from 'jwt-decode';
import { tokens } from './tokens';

/**
 * The signed-in user's id, from the `user_id` claim of the stored access token (SPEC.md §3).
 * An expired token still names its user; the call made with it is refreshed and retried.
 */
export function getCurrentUserId(): number {
  const token = tokens.accessToken();
  if (!token) throw new Error('No access token is stored');
  return accessClaimsReadSchema.parse(jwtDecode(token)).user_id;
}

/**
 * The signed-in user's e-mail, the `sub` claim of the stored access token (SPEC.md §3), sent as
 * the contact address of feedback and messages; empty when no token is stored.
 */
export function getCurrentUserEmail(): string {
  const token = tokens.accessToken();
  if (!token) return '';
  return accessClaimsReadSchema.parse(jwtDecode(token)).sub;
}

/** The signed-in user's id, or null when no readable access token is stored. */
export function currentUserIdOrNull(): number | null {
  return tokens.userId();
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
