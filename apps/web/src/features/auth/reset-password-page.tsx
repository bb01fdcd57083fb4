import { EXPIRED_JWT_CODE } from '@acompanha/contract';
import { errorBodyOf, errorMessageOf } from '@acompanha/client';
import { STORAGE_KEYS } from '../../lib/storage';
import { AuthScreen } from './components/auth-screen';
import { PasswordForm } from './components/password-form';
import { useSetPassword } from './hooks/use-set-password';

/** SPEC.md §8: an expired link has its own words; any other failure passes the server's message on. */
function resetErrorMessage(error: unknown): string {
  const reason =
    errorBodyOf(error)?.code === EXPIRED_JWT_CODE ? 'O token de redefinição de senha expirou.' : errorMessageOf(error);
  return `Falha ao redefinir senha. ${reason}`;
}

export function ResetPasswordPage() {
  const { submit, isPending, error } = useSetPassword(STORAGE_KEYS.forgotPasswordToken);
  return (
    <AuthScreen title="Redefinir senha" description="Crie uma nova senha para entrar no app.">
      <PasswordForm
        submitLabel="Alterar senha"
        pending={isPending}
        error={error ? resetErrorMessage(error) : null}
        onSubmit={submit}
      />
    </AuthScreen>
  );
}
