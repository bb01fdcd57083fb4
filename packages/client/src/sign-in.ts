import { meReadSchema, paths, tokenPairReadSchema, type LoginRequest, type Role } from '@acompanha/contract';
import type { ApiClient } from './api-client';
import type { TokenStore } from './token-store';

export type SignInOutcome = 'signed-in' | 'refused';

/** Ends a session on the server (its refresh family); a failure to reach it changes nothing here. */
export function endServerSession(client: ApiClient, refreshToken: string): Promise<void> {
  return client.call<void>(paths.logout, null, { method: 'POST', body: { refresh_token: refreshToken }, bearer: null, keepalive: true }).catch(() => undefined);
}

/**
 * Logs in, asks who the new token belongs to, and keeps the session only when `allows` the
 * account's roles: the client app refuses the team's accounts (SPEC.md §5), the console a client's
 * (DECISIONS.md §5). A refused session is ended on the server at once, and nothing of it is stored.
 * A wrong password, or a second factor still to give, is the login's ApiError.
 */
export async function signIn(
  client: ApiClient,
  tokens: TokenStore,
  credentials: LoginRequest,
  allows: (roles: readonly Role[]) => boolean,
): Promise<SignInOutcome> {
  const pair = await client.call(paths.login, tokenPairReadSchema, { method: 'POST', body: credentials, bearer: null });
  const { roles } = await client.call(paths.me, meReadSchema, { bearer: pair.token });
  if (!allows(roles)) {
    await endServerSession(client, pair.refresh_token);
    return 'refused';
  }
  tokens.store(pair);
  return 'signed-in';
}
