import { signIn as signInWith, type SignInOutcome } from '@acompanha/client';
import { STAFF_ROLES, type LoginRequest } from '@acompanha/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tokens } from '../../../lib/session';

/** Logs in and keeps the session when the account is the team's; a client's is refused (DECISIONS.md §5). */
export function signIn(credentials: LoginRequest): Promise<SignInOutcome> {
  return signInWith(api, tokens, credentials, (roles) => roles.some((role) => STAFF_ROLES.includes(role)));
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
