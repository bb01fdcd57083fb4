import { meReadSchema, STAFF_ROLES, tokenPairReadSchema, type LoginRequest, type Me, type TokenPair } from '@acompanha/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient, LOGIN_PATH } from '../../../lib/api-client';
import { setToken, STORAGE_KEYS } from '../../../lib/storage';

// Both calls go through the auth client: a refused login must never set off a token refresh, and
// the new token is not stored until the roles allow it.
export async function fetchTokens(credentials: LoginRequest): Promise<TokenPair> {
  const { data } = await authClient.post<unknown>(LOGIN_PATH, credentials);
  return tokenPairReadSchema.parse(data);
}

export async function fetchMe(accessToken: string): Promise<Me> {
  const { data } = await authClient.get<unknown>('/v1/users/me', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return meReadSchema.parse(data);
}

export type SignInOutcome = 'signed-in' | 'refused';

/** Logs in and keeps the session, unless the account is staff: then nothing is stored (SPEC.md §5). */
export async function signIn(credentials: LoginRequest): Promise<SignInOutcome> {
  const tokens = await fetchTokens(credentials);
  const { roles } = await fetchMe(tokens.token);
  if (roles.some((role) => STAFF_ROLES.includes(role))) return 'refused';
  setToken(STORAGE_KEYS.accessToken, tokens.token);
  setToken(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  return 'signed-in';
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (outcome) => {
      // A new session starts with an empty cache: nothing of a previous user may show.
      if (outcome === 'signed-in') queryClient.removeQueries();
    },
  });
}
