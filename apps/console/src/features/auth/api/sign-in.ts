import { meReadSchema, STAFF_ROLES, tokenPairReadSchema, type LoginRequest } from '@acompanha/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { storeSession } from '../../../lib/session';
import { endServerSession } from '../../../lib/sign-out';

export type SignInOutcome = 'signed-in' | 'refused';

/**
 * Logs in and keeps the session when the account is the team's. A client's is refused, and its new
 * session ended on the server at once: nothing of it is stored (DECISIONS.md §5).
 */
export async function signIn(credentials: LoginRequest): Promise<SignInOutcome> {
  const pair = await callApi('/v1/auth/login', tokenPairReadSchema, { method: 'POST', body: credentials, bearer: null });
  const { roles } = await callApi('/v1/users/me', meReadSchema, { bearer: pair.token });
  if (!roles.some((role) => STAFF_ROLES.includes(role))) {
    await endServerSession(pair.refresh_token);
    return 'refused';
  }
  storeSession(pair);
  return 'signed-in';
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (outcome) => {
      // A new session starts with an empty cache: nothing of a previous member may show.
      if (outcome === 'signed-in') queryClient.clear();
    },
  });
}
