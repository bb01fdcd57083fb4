import { useNavigate } from 'react-router';
import { endSession } from '../../../lib/session/session-end';
import { getToken, type TokenKey } from '../../../lib/storage';
import { useChangePassword } from '../api/change-password';
import type { LoginLocationState } from '../login-page';

/**
 * Sets the password with the link token stored under `tokenKey`; on success clears all local
 * storage and goes to /login, which then confirms the change (SPEC.md §4).
 */
export function useSetPassword(tokenKey: TokenKey) {
  const navigate = useNavigate();
  const changePassword = useChangePassword();

  const submit = (password: string) =>
    changePassword.mutate(
      { password, linkToken: getToken(tokenKey) ?? '' },
      {
        onSuccess: () => {
          endSession({ clearDevice: true, redirectTo: null });
          void navigate('/login', { replace: true, state: { passwordReset: true } satisfies LoginLocationState });
        },
      },
    );

  return { submit, isPending: changePassword.isPending, error: changePassword.isError ? changePassword.error : null };
}
