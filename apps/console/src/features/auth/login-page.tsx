import { loginRequestSchema, SECOND_FACTOR_INVALID_CODE, SECOND_FACTOR_REQUIRED_CODE, type LoginRequest } from '@acompanha/contract';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { EmailField } from '@acompanha/ui/email-field';
import { FormField } from '@acompanha/ui/form-field';
import { Logo } from '@acompanha/ui/logo';
import { PasswordInput } from '@acompanha/ui/password-input';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import { CodeForm } from '../../components/code-form';
import { ApiError } from '@acompanha/client';
import { usePageTitle } from '../../lib/page-title';
import { useSignedIn } from '../../lib/session';
import { useSignIn } from './api/sign-in';

const WRONG_CREDENTIALS_MESSAGE = 'Usuário ou senha incorretos.';
export const CLIENT_REFUSED_MESSAGE = 'Esta área é exclusiva da equipe.';

const WRONG_CODE_MESSAGE = 'Código incorreto ou já usado. Digite o código que o aplicativo mostra agora.';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.body?.code : undefined);

/** A refused login reads as wrong credentials (or a wrong code); a busy or unreachable server says so instead. */
function signInErrorMessage(error: unknown): string {
  if (codeOf(error) === SECOND_FACTOR_INVALID_CODE) return WRONG_CODE_MESSAGE;
  if (error instanceof ApiError && (error.status === 400 || error.status === 401)) return WRONG_CREDENTIALS_MESSAGE;
  return error instanceof ApiError ? error.message : WRONG_CREDENTIALS_MESSAGE;
}

/** `/equipe/login`: the team's sign-in, with the accounts' own e-mail and password. */
export function LoginPage() {
  usePageTitle('Entrar');
  const signedIn = useSignedIn();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({ resolver: zodResolver(loginRequestSchema) });

  // The password was right and the account has a second factor (decision 056): its code comes next.
  const [credentials, setCredentials] = useState<LoginRequest | null>(null);

  if (signedIn) return <Navigate to={from} replace />;
  const submit = handleSubmit((typed) =>
    signIn.mutate(typed, {
      onError: (error) => {
        if (codeOf(error) === SECOND_FACTOR_REQUIRED_CODE) {
          setCredentials(typed);
          signIn.reset();
        }
      },
    }),
  );

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="flex w-full max-w-sm flex-col gap-6 rounded-2xl border border-border bg-card p-6 shadow-sm md:p-8">
        <div className="flex flex-col gap-3">
          <Logo />
          <h1 className="text-headline font-bold tracking-tight">Área da equipe</h1>
          <p className="text-small text-muted-foreground">Entre para acompanhar seus clientes e responder às mensagens.</p>
        </div>
        {credentials ? (
          <SecondFactorStep
            pending={signIn.isPending}
            error={signIn.isError ? signInErrorMessage(signIn.error) : null}
            onSubmit={(codigo) => signIn.mutate({ ...credentials, codigo })}
            onBack={() => {
              setCredentials(null);
              signIn.reset();
            }}
          />
        ) : (
        <form noValidate className="flex flex-col gap-2" onSubmit={submit}>
          <EmailField autoComplete="username" error={errors.email?.message} {...register('email')} />
          <FormField label="Senha" error={errors.password?.message}>
            {(control) => <PasswordInput autoComplete="current-password" {...control} {...register('password')} />}
          </FormField>
          {signIn.data === 'refused' && (
            <Alert variant="destructive" className="mb-2">
              <p>{CLIENT_REFUSED_MESSAGE}</p>
            </Alert>
          )}
          {signIn.isError && (
            <Alert variant="destructive" className="mb-2">
              <p>{signInErrorMessage(signIn.error)}</p>
            </Alert>
          )}
          <Button type="submit" pending={signIn.isPending} className="w-full">
            Entrar
          </Button>
        </form>
        )}
      </div>
    </main>
  );
}

/** The second step: the authenticator app's code, or a recovery code. */
function SecondFactorStep({ pending, error, onSubmit, onBack }: { pending: boolean; error: string | null; onSubmit: (code: string) => void; onBack: () => void }) {
  return (
    <CodeForm
      label="Código de verificação"
      hint="Os 6 dígitos do aplicativo autenticador, ou um dos seus códigos de recuperação."
      error={error}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the one field of this step, shown right after the password.
      autoFocus
      onSubmit={(code) => onSubmit(code)}
    >
      <Button type="submit" pending={pending} className="w-full">
        Verificar
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        Entrar com outra conta
      </Button>
    </CodeForm>
  );
}
