import { resetEmailFormSchema, type ResetEmailQuery } from '@acompanha/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { EmailField } from '@acompanha/ui/email-field';
import { BackLink } from '../../components/back-link';
import { errorMessageOf } from '@acompanha/client';
import { useRequestResetEmail } from './api/request-reset-email';
import { AuthScreen } from './components/auth-screen';

const RESET_EMAIL_SENT_MESSAGE =
  'Email enviado com sucesso. Caso necessário, verifique sua caixa de spam ou lixo eletrônico.';

export function ResetPasswordEmailPage() {
  const request = useRequestResetEmail();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetEmailQuery>({
    // No default value: what a visitor typed into the prerendered form before the app ran stays.
    resolver: zodResolver(resetEmailFormSchema),
  });

  return (
    <AuthScreen
      title="Esqueceu sua senha?"
      description="Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha."
    >
      <form noValidate className="flex flex-col gap-2" onSubmit={handleSubmit((query) => request.mutate(query))}>
        <EmailField autoComplete="email" error={errors.email?.message} {...register('email')} />
        {request.isSuccess && (
          <Alert variant="success" className="mb-2">
            <p>{RESET_EMAIL_SENT_MESSAGE}</p>
          </Alert>
        )}
        {request.isError && (
          <Alert variant="destructive" className="mb-2">
            <p>{`Falha ao enviar o e-mail. ${errorMessageOf(request.error)}`}</p>
          </Alert>
        )}
        <Button type="submit" pending={request.isPending} className="w-full">
          Enviar e-mail
        </Button>
      </form>
      <BackLink to="/login" label="Voltar para o login" className="ml-0 self-center" />
    </AuthScreen>
  );
}
