import { loginRequestSchema, type LoginRequest } from '@acompanha/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { EmailField } from '@acompanha/ui/email-field';
import { FormField } from '@acompanha/ui/form-field';
import { PasswordInput } from '@acompanha/ui/password-input';
import { ApiError, errorMessageOf } from '@acompanha/client';
import { useSignIn } from './api/sign-in';
import { AuthScreen } from './components/auth-screen';

const WRONG_CREDENTIALS_MESSAGE = 'Usuário ou senha incorretos.';
const EXPIRED_MESSAGE =
  'Seu acompanhamento se encerrou. Para continuar utilizando o app, entre em contato com seu nutricionista.';
const PASSWORD_RESET_MESSAGE = 'Senha redefinida com sucesso.';

/** Router state that a successful password change leaves for this screen. */
export interface LoginLocationState {
  passwordReset?: boolean;
}

/** A refused login reads as wrong credentials; a busy or unreachable server says so instead. */
function signInErrorMessage(error: unknown): string {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 400 || status === 401) return WRONG_CREDENTIALS_MESSAGE;
  return errorMessageOf(error);
}

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const state = useLocation().state as LoginLocationState | null;
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({
    // No default values: what a visitor typed into the prerendered form before the app ran stays.
    resolver: zodResolver(loginRequestSchema),
  });

  const submit = handleSubmit((credentials) =>
    signIn.mutate(credentials, {
      onSuccess: (outcome) => {
        if (outcome === 'signed-in') void navigate('/', { replace: true });
      },
    }),
  );

  return (
    <AuthScreen
      title="Bem-vindo ao Acompanha"
      documentTitle="Entrar"
      description="Entre para ver seus treinos, dietas e seu acompanhamento."
    >
      {searchParams.get('expired') === 'true' && (
        <Alert variant="warning">
          <p>{EXPIRED_MESSAGE}</p>
        </Alert>
      )}
      {state?.passwordReset && (
        <Alert variant="success">
          <p>{PASSWORD_RESET_MESSAGE}</p>
        </Alert>
      )}
      <form noValidate className="flex flex-col gap-2" onSubmit={submit}>
        <EmailField autoComplete="username" error={errors.email?.message} {...register('email')} />
        <FormField label="Senha" error={errors.password?.message}>
          {(control) => <PasswordInput autoComplete="current-password" {...control} {...register('password')} />}
        </FormField>
        {signIn.isError && (
          <Alert variant="destructive" className="mb-2">
            <p>{signInErrorMessage(signIn.error)}</p>
          </Alert>
        )}
        <Button type="submit" pending={signIn.isPending} className="w-full">
          Entrar
        </Button>
      </form>
      <Button asChild variant="link" className="self-center">
        <Link to="/reset-password-email">Esqueceu sua senha?</Link>
      </Button>
    </AuthScreen>
  );
}
