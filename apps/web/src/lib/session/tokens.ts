import { tokenStore } from '@acompanha/client';
import { STORAGE_KEYS } from '../storage-keys';

/** The signed-in client's token pair, in SPEC.md §3's two keys (packages/client's token store). */
export const tokens = tokenStore({ access: STORAGE_KEYS.accessToken, refresh: STORAGE_KEYS.refreshToken });

/** SPEC.md §4: logged in means a refresh token is stored. */
export function isLoggedIn(): boolean {
  return tokens.refreshToken() !== null;
}
