import { STORAGE_KEYS } from '../../lib/storage';
import { AuthScreen } from './components/auth-screen';
import { PasswordForm } from './components/password-form';
import { useSetPassword } from './hooks/use-set-password';

export function FirstAccessPage() {
  const { submit, isPending, error } = useSetPassword(STORAGE_KEYS.firstAccessToken);
  return (
    <AuthScreen
      title="Primeiro acesso"
      description="Boas-vindas! Crie a senha que você vai usar para entrar e acompanhar seus treinos e dietas."
    >
      <PasswordForm
        submitLabel="Criar senha"
        pending={isPending}
        // SPEC.md §8: this screen has one message for every failure.
        error={error ? 'Ocorreu um erro ao redefinir sua senha. Caso persista, entre em contato com o suporte.' : null}
        onSubmit={submit}
      />
    </AuthScreen>
  );
}
