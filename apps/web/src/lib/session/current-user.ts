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

/** The signed-in user's id, or null when no readable access token is stored. */
export function currentUserIdOrNull(): number | null {
  try {
    return getCurrentUserId();
  } catch {
    return null;
  }
}
