import { Alert } from '@acompanha/ui/alert';
import { cn } from '@acompanha/ui/cn';
import { ageOn } from '@acompanha/ui/dates';
import { formatDay } from '@acompanha/ui/format';
import { Skeleton } from '@acompanha/ui/skeleton';
import { Button } from '@acompanha/ui/button';
import { Disclosure } from '@acompanha/ui/disclosure';
import type { ClientHeader as Header, ResponsiblesRequest } from '@acompanha/contract';
import { ChevronLeft, FilePlus2, Mail, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LoadError } from '../../components/load-error';
import { ResponsibleFields, responsibleErrors } from '../../components/responsible-fields';
import { ApiError } from '@acompanha/client';
import { daysAgoLabel, expiryLabel, responsiblesLabels } from '../../lib/labels';
import { usePageTitle } from '../../lib/page-title';
import { useClientHeader } from '../../lib/client-header';
import { useResendInvite } from './api/invite';
import { useSetResponsibles } from './api/responsibles';
import { useClientId } from '../../lib/client-id';

/** A client's page: who they are and how they keep up, over the conversation, their sessions and their evaluations. */
export function ClientPage() {
  const clientId = useClientId();
  const header = useClientHeader(clientId);
  usePageTitle(header.data?.nome ?? 'Cliente');
  // The new-client form hands over what it did ('Cliente cadastrado…').
  const notice = (useLocation().state as { aviso?: string } | null)?.aviso;

  return (
    <div className="flex flex-col gap-6">
      <Link to="/" className="-ml-1 flex items-center gap-1 self-start rounded-lg text-small font-semibold text-primary hover:underline">
        <ChevronLeft aria-hidden className="size-4" />
        Clientes
      </Link>
      {notice && (
        <Alert variant="success">
          <p>{notice}</p>
        </Alert>
      )}
      <ClientHeader status={header} />
      {header.isSuccess && (
        <>
          <nav aria-label="Seções do cliente" className="-mt-2 border-b border-border">
            <ul className="flex gap-1 overflow-x-auto">
              <Tab to="" end label="Conversa" count={header.data.nao_lidas} />
              <Tab to="treinos" label="Treinos" />
              <Tab to="avaliacoes" label="Avaliações" />
              <Tab to="planos" label="Planos" />
            </ul>
          </nav>
          <Outlet />
        </>
      )}
    </div>
  );
}

function ClientHeader({ status }: { status: ReturnType<typeof useClientHeader> }) {
  if (status.isPending) return <Skeleton className="h-28" aria-busy />;
  if (status.isError) {
    if (status.error instanceof ApiError && status.error.status === 404) {
      return (
        <Alert variant="destructive">
          <p>Cliente não encontrado.</p>
        </Alert>
      );
    }
    return <LoadError error={status.error} retrying={status.isFetching} onRetry={() => void status.refetch()} />;
  }
  const client = status.data;
  const details = [
    client.data_nascimento && `${ageOn(client.data_nascimento)} anos`,
    client.objetivo,
    client.plano && `Plano ${client.plano}`,
    client.vencimento && `${expiryLabel(client.vencimento)} (${formatDay(client.vencimento)})`,
  ].filter(Boolean);
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-headline font-bold tracking-tight">{client.nome}</h1>
          <p className="text-small text-muted-foreground">{client.email}</p>
        </div>
        <Button asChild size="sm">
          <Link to={`/clientes/${client.id}/plano`}>
            <FilePlus2 aria-hidden />
            Novo plano
          </Link>
        </Button>
      </div>
      {client.convite_pendente && <PendingInvite clientId={client.id} email={client.email} />}
      <p className="flex flex-col gap-x-3 gap-y-1 text-body md:flex-row md:flex-wrap">
        {details.length > 0 ? (
          details.map((detail, index) => (
            <span key={String(detail)}>
              {index > 0 && (
                <span aria-hidden className="mr-3 hidden text-muted-foreground md:inline">
                  ·
                </span>
              )}
              {detail}
            </span>
          ))
        ) : (
          <span>Sem avaliação ainda</span>
        )}
      </p>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-small">
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Último treino:</dt>
          <dd className="font-semibold">{client.ultimo_treino ? daysAgoLabel(client.ultimo_treino) : 'Nenhum'}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Treinos em 7 dias:</dt>
          <dd className="font-semibold tabular-nums">
            {client.dias_planejados > 0 ? `${client.treinos_7_dias} de ${client.dias_planejados} planejados` : client.treinos_7_dias}
          </dd>
        </div>
      </dl>
      <Responsibles client={client} />
    </header>
  );
}

const idsOf = ({ personal, nutricionista }: Header['responsaveis']): ResponsiblesRequest => ({ personal_id: personal?.id ?? null, nutricionista_id: nutricionista?.id ?? null });

/** 'Responsáveis': who looks after the client (DECISIONS.md §6), on one line that unfolds to change it; any member of the team may. */
function Responsibles({ client }: { client: Header }) {
  const save = useSetResponsibles(client.id);
  const saved = idsOf(client.responsaveis);
  return (
    <section aria-label="Responsáveis">
      <Disclosure
        icon={UsersRound}
        summary={
          <>
            Responsáveis: <span className="font-normal">{responsiblesLabels(client.responsaveis).join(' · ') || 'nenhum'}</span>
          </>
        }
      >
        {/* Read anew (another member changed it), the form starts from what is stored; a refused choice stays. */}
        <ResponsiblesForm key={`${saved.personal_id}:${saved.nutricionista_id}`} client={client} saved={saved} save={save} />
      </Disclosure>
    </section>
  );
}

function ResponsiblesForm({ client, saved, save }: { client: Header; saved: ResponsiblesRequest; save: ReturnType<typeof useSetResponsibles> }) {
  const [choice, setChoice] = useState(saved);
  const errors = responsibleErrors(save.error);
  const changed = choice.personal_id !== saved.personal_id || choice.nutricionista_id !== saved.nutricionista_id;
  return (
    <form
      noValidate
      className="grid gap-x-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(choice);
      }}
    >
      <ResponsibleFields
        value={choice}
        held={client.responsaveis}
        errors={errors}
        onChange={(next) => {
          setChoice(next);
          save.reset();
        }}
      />
      <Button type="submit" pending={save.isPending} disabled={!changed} className="self-start md:mt-6.5">
        Salvar responsáveis
      </Button>
      <p role="status" className="text-small font-semibold text-primary-soft-foreground empty:hidden md:col-span-3">
        {save.isSuccess ? 'Responsáveis salvos.' : ''}
      </p>
      {save.isError && Object.keys(errors).length === 0 && (
        <p role="alert" className="text-small font-medium text-destructive md:col-span-3">
          {save.error.message}
        </p>
      )}
    </form>
  );
}

/** The client has not used their first-access link yet: 'Reenviar convite' e-mails a new one. */
function PendingInvite({ clientId, email }: { clientId: number; email: string }) {
  const resend = useResendInvite(clientId);
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-warning-soft px-4 py-3 text-small text-warning-soft-foreground md:flex-row md:items-center">
      <p className="flex-1">
        <span className="font-semibold">Convite pendente.</span> O cliente ainda não criou a senha com o link de primeiro acesso.
      </p>
      <Button variant="outline" size="sm" className="self-start md:self-auto" pending={resend.isPending} onClick={() => resend.mutate()}>
        <Mail aria-hidden />
        Reenviar convite
      </Button>
      <p role="status" className="font-semibold empty:hidden md:basis-full">
        {resend.isSuccess ? `Convite reenviado para ${email}.` : ''}
      </p>
      {resend.isError && (
        <p role="alert" className="font-medium text-destructive md:basis-full">
          {resend.error.message}
        </p>
      )}
    </div>
  );
}

function Tab({ to, label, end, count = 0 }: { to: string; label: string; end?: boolean; count?: number }) {
  return (
    <li>
      <NavLink
        to={to}
        end={end}
        className={({ isActive }) =>
          cn(
            '-mb-px flex min-h-11 items-center gap-2 border-b-2 px-2 text-small font-semibold whitespace-nowrap sm:px-4',
            isActive ? 'border-primary text-primary-soft-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
          )
        }
      >
        {label}
        {count > 0 && (
          <span className="rounded-full bg-primary px-2 py-0.5 text-caption font-bold text-primary-foreground">
            <span aria-hidden>{count}</span>
            <span className="sr-only">{count === 1 ? '1 mensagem não lida' : `${count} mensagens não lidas`}</span>
          </span>
        )}
      </NavLink>
    </li>
  );
}
