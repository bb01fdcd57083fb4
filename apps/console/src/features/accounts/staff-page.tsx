import { newStaffRequestSchema, staffUpdateRequestSchema, type NewStaffRequest, type StaffMember, type StaffRole, type StaffUpdateRequest } from '@acompanha/contract';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@acompanha/ui/dialog';
import { EmailField } from '@acompanha/ui/email-field';
import { FormField } from '@acompanha/ui/form-field';
import { formatDay } from '@acompanha/ui/format';
import { Input } from '@acompanha/ui/input';
import { Skeleton } from '@acompanha/ui/skeleton';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoadError } from '../../components/load-error';
import { SELECT_CLASSES } from '../../components/select-classes';
import { ApiError } from '@acompanha/client';
import { useMe } from '../../lib/me';
import { usePageTitle } from '../../lib/page-title';
import { useCreateStaff, useDisableStaff, useEnableStaff, useStaff, useUpdateStaff } from './api/staff';
import { StaffChanges } from './staff-changes';

const ROLE_LABELS: Record<StaffRole, string> = {
  ROLE_PERSONAL: 'Personal',
  ROLE_NUTRICIONISTA: 'Nutricionista',
  ROLE_ADMIN: 'Administrador',
};

const rolesOf = (member: StaffMember) =>
  member.papeis
    .filter((role): role is StaffRole => role in ROLE_LABELS)
    .map((role) => ROLE_LABELS[role])
    .join(', ');

const REGISTRATION_LABEL = 'Registro profissional';
const REGISTRATION_HINT = 'CREF ou CRN, opcional: assina as avaliações que a conta publicar.';

/** `/membros`: the team's accounts, for administrators only (decision 040); others read why they cannot. */
export function StaffPage() {
  usePageTitle('Equipe');
  const me = useMe();
  const isAdmin = me.data?.roles.includes('ROLE_ADMIN') ?? false;
  const staff = useStaff(isAdmin);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-headline font-bold tracking-tight">Equipe</h1>
        <p className="text-small text-muted-foreground">Contas de quem atende os clientes. Cada conta nova recebe por e-mail o link de primeiro acesso.</p>
      </div>
      {me.isPending ? (
        <Skeleton className="h-40" aria-busy />
      ) : !isAdmin ? (
        <Alert variant="warning">
          <p>Esta área é exclusiva dos administradores da equipe.</p>
        </Alert>
      ) : (
        <>
          <NewStaffForm />
          <section aria-labelledby="contas-equipe" className="flex flex-col gap-2">
            <h2 id="contas-equipe" className="text-title font-bold">
              Contas
            </h2>
            {staff.isPending ? (
              <Skeleton className="h-40" aria-busy />
            ) : staff.isError ? (
              <LoadError error={staff.error} retrying={staff.isFetching} onRetry={() => void staff.refetch()} />
            ) : (
              <ul className="flex flex-col gap-2">
                {staff.data.map((member) => (
                  <StaffRow key={member.id} member={member} own={member.id === me.data?.id} />
                ))}
              </ul>
            )}
          </section>
          <StaffChanges members={staff.data ?? []} />
        </>
      )}
    </div>
  );
}

function NewStaffForm() {
  const create = useCreateStaff();
  const [created, setCreated] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<NewStaffRequest>({ resolver: zodResolver(newStaffRequestSchema), defaultValues: { nome: '', email: '', papel: 'ROLE_PERSONAL', registro: '' } });

  const submit = handleSubmit((values) => {
    setCreated(null);
    create.mutate(values, {
      onSuccess: (member) => {
        reset();
        setCreated(`Conta de ${member.nome ?? member.email} criada. Enviamos o link de primeiro acesso para ${member.email}.`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409 && error.field === 'email') {
          setError('email', { message: 'Já existe uma conta com este e-mail.' }, { shouldFocus: true });
        }
      },
    });
  });
  const otherError = create.isError && !(create.error instanceof ApiError && create.error.field === 'email') ? create.error : null;

  return (
    <section aria-labelledby="nova-conta" className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-xs md:p-6">
      <h2 id="nova-conta" className="text-title font-bold">
        Nova conta
      </h2>
      <form noValidate className="grid gap-x-4 md:grid-cols-2 xl:grid-cols-4" onSubmit={submit}>
        <FormField label="Nome" error={errors.nome?.message}>
          {(control) => <Input autoComplete="off" {...control} {...register('nome')} />}
        </FormField>
        <EmailField autoComplete="email" error={errors.email?.message} {...register('email')} />
        <FormField label="Papel" error={errors.papel?.message}>
          {(control) => (
            <select className={SELECT_CLASSES} {...control} {...register('papel')}>
              {(Object.keys(ROLE_LABELS) as StaffRole[]).map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={REGISTRATION_LABEL} hint={REGISTRATION_HINT} error={errors.registro?.message}>
          {(control) => <Input autoComplete="off" placeholder="CREF 012345-G/SP" {...control} {...register('registro')} />}
        </FormField>
        {otherError && (
          <Alert variant="destructive" className="mb-2 md:col-span-2 xl:col-span-4">
            <p>{otherError.message}</p>
          </Alert>
        )}
        <Button type="submit" pending={create.isPending} className="justify-self-start md:col-span-2 xl:col-span-4">
          Criar conta
        </Button>
      </form>
      <p role="status" className="text-small font-semibold text-primary-soft-foreground empty:hidden">
        {created ?? ''}
      </p>
    </section>
  );
}

function StaffRow({ member, own }: { member: StaffMember; own: boolean }) {
  const disable = useDisableStaff();
  const enable = useEnableStaff();
  const [confirming, setConfirming] = useState(false);
  const name = member.nome ?? member.email;
  const status = member.desativado_em ? `Desativada em ${formatDay(member.desativado_em)}` : member.convite_pendente ? 'Convite pendente' : 'Ativa';

  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border bg-card px-4 py-3 shadow-xs md:flex-row md:flex-wrap md:items-center md:gap-4">
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold">
          {name}
          {own && <span className="font-normal text-muted-foreground"> (você)</span>}
        </span>
        <span className="truncate text-small text-muted-foreground">{member.email}</span>
        {member.registro && <span className="truncate text-small text-muted-foreground">{member.registro}</span>}
      </span>
      <span className="text-small md:w-40">{rolesOf(member)}</span>
      <span className={member.desativado_em ? 'text-small font-semibold text-destructive md:w-48' : 'text-small text-muted-foreground md:w-48'}>{status}</span>
      <span className="flex flex-wrap gap-2 md:w-72 md:justify-end">
        <RegistrationDialog member={member} name={name} />
        {!own && !member.desativado_em && (
          <Button type="button" variant="outline" size="sm" aria-label={`Desativar ${name}`} onClick={() => setConfirming(true)}>
            Desativar
          </Button>
        )}
        {member.desativado_em && (
          // Undone as easily as it is done again, so it asks for no confirmation.
          <Button type="button" variant="outline" size="sm" aria-label={`Reativar ${name}`} pending={enable.isPending} onClick={() => enable.mutate(member.id)}>
            Reativar
          </Button>
        )}
      </span>
      {enable.isError && (
        <Alert variant="destructive" className="md:basis-full">
          <p>{enable.error.message}</p>
        </Alert>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Desativar a conta de {name}?</DialogTitle>
            <DialogDescription>A conta não poderá mais entrar, e as sessões abertas terminam agora. As mensagens e os planos que publicou continuam com o nome.</DialogDescription>
          </DialogHeader>
          {disable.isError && (
            <Alert variant="destructive">
              <p>{disable.error.message}</p>
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button type="button" variant="destructive" pending={disable.isPending} onClick={() => disable.mutate(member.id, { onSuccess: () => setConfirming(false) })}>
              Desativar conta
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}

/** 'Editar registro': an administrator sets or clears a member's CREF or CRN, their own too. */
function RegistrationDialog({ member, name }: { member: StaffMember; name: string }) {
  const update = useUpdateStaff();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<StaffUpdateRequest>({ resolver: zodResolver(staffUpdateRequestSchema), values: { registro: member.registro ?? '' } });

  const toggle = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset();
      update.reset();
    }
  };
  const submit = handleSubmit((body) =>
    update.mutate(
      { memberId: member.id, body },
      {
        onSuccess: () => toggle(false),
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'registro') setError('registro', { message: error.message }, { shouldFocus: true });
        },
      },
    ),
  );
  const otherError = update.isError && !(update.error instanceof ApiError && update.error.field === 'registro') ? update.error : null;

  return (
    <>
      <Button type="button" variant="outline" size="sm" aria-label={`Editar registro de ${name}`} onClick={() => toggle(true)}>
        Editar registro
      </Button>
      <Dialog open={open} onOpenChange={toggle}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Registro profissional de {name}</DialogTitle>
            <DialogDescription>Aparece com o nome nas avaliações que a conta publicar, no Perfil e no PDF do cliente. Deixe em branco se não houver.</DialogDescription>
          </DialogHeader>
          <form noValidate className="flex flex-col gap-2" onSubmit={submit}>
            <FormField label={REGISTRATION_LABEL} hint="Ex.: CREF 012345-G/SP ou CRN-3 54321." error={errors.registro?.message}>
              {(control) => <Input autoComplete="off" {...control} {...register('registro')} />}
            </FormField>
            {otherError && (
              <Alert variant="destructive">
                <p>{otherError.message}</p>
              </Alert>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => toggle(false)}>
                Cancelar
              </Button>
              <Button type="submit" pending={update.isPending}>
                Salvar
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
