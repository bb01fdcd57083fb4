import { EMAIL_MESSAGE, newClientRequestSchema, REQUIRED_MESSAGE, type NewClientRequest, type ResponsiblesRequest, type Role } from '@acompanha/contract';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { EmailField } from '@acompanha/ui/email-field';
import { FormField } from '@acompanha/ui/form-field';
import { Input } from '@acompanha/ui/input';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronLeft } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { ApiError } from '@acompanha/client';
import { ResponsibleFields, responsibleErrors } from '../../components/responsible-fields';
import { useMe } from '../../lib/me';
import { usePageTitle } from '../../lib/page-title';
import { useCreateClient } from './api/new-client';

/** What the client's page says once the account exists. */
export const INVITED_NOTICE = 'Cliente cadastrado. Enviamos por e-mail o link de primeiro acesso.';

const formSchema = z.extend(newClientRequestSchema, {
  data_nascimento: z.iso.date({ message: 'Informe a data de nascimento.' }),
});

/** The API's field errors, in the form's words. */
function fieldError(error: ApiError): { field: keyof NewClientRequest; message: string } | null {
  if (error.status === 409 && error.field === 'email') return { field: 'email', message: 'Já existe uma conta com este e-mail.' };
  if (error.status === 400 && error.field === 'data_nascimento') return { field: 'data_nascimento', message: 'A data de nascimento deve ser antes de hoje.' };
  if (error.status === 400 && error.field === 'email') return { field: 'email', message: EMAIL_MESSAGE };
  if (error.status === 400 && error.field === 'nome') return { field: 'nome', message: REQUIRED_MESSAGE };
  const [responsible] = Object.entries(responsibleErrors(error)) as [keyof ResponsiblesRequest, string][];
  return responsible ? { field: responsible[0], message: responsible[1] } : null;
}

/** `/clientes/novo`: opens a client's account and e-mails the first-access link, as `client:create` does. */
export function NewClientPage() {
  usePageTitle('Novo cliente');
  const navigate = useNavigate();
  const create = useCreateClient();
  const me = useMe().data;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    control: formControl,
    formState: { errors },
  } = useForm<NewClientRequest>({ resolver: zodResolver(formSchema), defaultValues: { nome: '', email: '', data_nascimento: '' } });
  // Untouched (undefined), a responsible is the signed-in member for their own role: a trainer opens their own clients.
  const own = (role: Role) => (me?.roles.includes(role) ? me.id : null);
  const [personal, nutritionist] = useWatch({ control: formControl, name: ['personal_id', 'nutricionista_id'] });
  const responsibles: ResponsiblesRequest = {
    personal_id: personal === undefined ? own('ROLE_PERSONAL') : personal,
    nutricionista_id: nutritionist === undefined ? own('ROLE_NUTRICIONISTA') : nutritionist,
  };

  const submit = handleSubmit((values) =>
    create.mutate({ ...values, ...responsibles }, {
      onSuccess: (client) => navigate(`/clientes/${client.id}`, { state: { aviso: INVITED_NOTICE } }),
      onError: (error) => {
        const atField = error instanceof ApiError ? fieldError(error) : null;
        if (atField) setError(atField.field, { message: atField.message }, { shouldFocus: true });
      },
    }),
  );
  const otherError = create.isError && !(create.error instanceof ApiError && fieldError(create.error)) ? create.error : null;

  return (
    <div className="flex max-w-xl flex-col gap-6">
      <Link to="/" className="-ml-1 flex items-center gap-1 self-start rounded-lg text-small font-semibold text-primary hover:underline">
        <ChevronLeft aria-hidden className="size-4" />
        Clientes
      </Link>
      <div className="flex flex-col gap-1">
        <h1 className="text-headline font-bold tracking-tight">Novo cliente</h1>
        <p className="text-small text-muted-foreground">O cliente recebe por e-mail um link para criar a senha e entrar no aplicativo.</p>
      </div>
      <form noValidate className="flex flex-col gap-2" onSubmit={submit}>
        <FormField label="Nome" error={errors.nome?.message}>
          {(control) => <Input autoComplete="off" {...control} {...register('nome')} />}
        </FormField>
        <EmailField autoComplete="email" error={errors.email?.message} {...register('email')} />
        <FormField label="Data de nascimento" error={errors.data_nascimento?.message}>
          {(control) => <Input type="date" className="md:w-56" {...control} {...register('data_nascimento')} />}
        </FormField>
        <fieldset className="grid gap-x-4 md:grid-cols-2">
          <legend className="mb-2 text-body font-semibold">
            Responsáveis <span className="text-small font-normal text-muted-foreground">(opcional)</span>
          </legend>
          <ResponsibleFields
            value={responsibles}
            errors={{ personal_id: errors.personal_id?.message, nutricionista_id: errors.nutricionista_id?.message }}
            onChange={(next) => {
              setValue('personal_id', next.personal_id);
              setValue('nutricionista_id', next.nutricionista_id);
              clearErrors(['personal_id', 'nutricionista_id']);
            }}
          />
        </fieldset>
        {otherError && (
          <Alert variant="destructive" className="mb-2">
            <p>{otherError.message}</p>
          </Alert>
        )}
        <Button type="submit" pending={create.isPending} className="self-start">
          Cadastrar e enviar convite
        </Button>
      </form>
    </div>
  );
}
