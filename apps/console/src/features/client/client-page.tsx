import { Alert } from '@acompanha/ui/alert';
import { cn } from '@acompanha/ui/cn';
import { ageOn } from '@acompanha/ui/dates';
import { formatDay } from '@acompanha/ui/format';
import { Skeleton } from '@acompanha/ui/skeleton';
import { ChevronLeft } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { LoadError } from '../../components/load-error';
import { ApiError } from '../../lib/api-client';
import { daysAgoLabel, expiryLabel } from '../../lib/labels';
import { usePageTitle } from '../../lib/page-title';
import { useClientHeader } from './api/client-header';
import { useClientId } from './client-id';

/** A client's page: who they are and how they keep up, over the conversation, their sessions and their evaluations. */
export function ClientPage() {
  const clientId = useClientId();
  const header = useClientHeader(clientId);
  usePageTitle(header.data?.nome ?? 'Cliente');

  return (
    <div className="flex flex-col gap-6">
      <Link to="/" className="-ml-1 flex items-center gap-1 self-start rounded-lg text-small font-semibold text-primary hover:underline">
        <ChevronLeft aria-hidden className="size-4" />
        Clientes
      </Link>
      <ClientHeader status={header} />
      {header.isSuccess && (
        <>
          <nav aria-label="Seções do cliente" className="-mt-2 border-b border-border">
            <ul className="flex gap-1 overflow-x-auto">
              <Tab to="" end label="Conversa" count={header.data.nao_lidas} />
              <Tab to="treinos" label="Treinos" />
              <Tab to="avaliacoes" label="Avaliações" />
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
      <div className="flex flex-col gap-1">
        <h1 className="text-headline font-bold tracking-tight">{client.nome}</h1>
        <p className="text-small text-muted-foreground">{client.email}</p>
      </div>
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
    </header>
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
            '-mb-px flex min-h-11 items-center gap-2 border-b-2 px-4 text-small font-semibold whitespace-nowrap',
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
