import { Button } from '@acompanha/ui/button';
import { cn } from '@acompanha/ui/cn';
import { Input } from '@acompanha/ui/input';
import { Skeleton } from '@acompanha/ui/skeleton';
import { daysUntil } from '@acompanha/ui/dates';
import { Search, UserPlus } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { daysAgoLabel, expiryLabel } from '../../lib/labels';
import { usePageTitle } from '../../lib/page-title';
import { useRoster, type RosterEntry } from '../../lib/roster';
import { CLIENT_FILTERS, filterClients, isClientFilter, type ClientFilter } from './roster-filters';
import { LoadError } from '../../components/load-error';

/** Every client, with search and filters kept in the address, so a filtered list can be shared or reloaded. */
export function RosterPage() {
  usePageTitle('Clientes');
  const roster = useRoster();
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const search = params.get('busca') ?? '';
  const filters = params.getAll('filtro').filter(isClientFilter);
  const clients = roster.data ? filterClients(roster.data, search, filters) : [];

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );
  const toggle = (filter: ClientFilter) =>
    update((next) => {
      const chosen = filters.includes(filter) ? filters.filter((name) => name !== filter) : [...filters, filter];
      next.delete('filtro');
      chosen.forEach((name) => next.append('filtro', name));
    });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-headline font-bold tracking-tight">Clientes</h1>
        <Button asChild size="sm">
          <Link to="/clientes/novo">
            <UserPlus aria-hidden />
            Novo cliente
          </Link>
        </Button>
      </div>
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="relative md:w-80">
          <label htmlFor={searchId} className="sr-only">
            Buscar cliente
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={searchId}
            type="search"
            value={search}
            placeholder="Buscar por nome ou e-mail"
            className="pl-10"
            onChange={(event) => update((next) => (event.target.value ? next.set('busca', event.target.value) : next.delete('busca')))}
          />
        </div>
        <div role="group" aria-label="Filtros" className="flex flex-wrap gap-2">
          {(Object.keys(CLIENT_FILTERS) as ClientFilter[]).map((filter) => (
            <Button key={filter} variant={filters.includes(filter) ? 'secondary' : 'outline'} size="sm" aria-pressed={filters.includes(filter)} onClick={() => toggle(filter)}>
              {CLIENT_FILTERS[filter].label}
            </Button>
          ))}
        </div>
      </div>
      <RosterBody status={roster} clients={clients} filtered={search !== '' || filters.length > 0} />
    </div>
  );
}

function RosterBody({ status, clients, filtered }: { status: ReturnType<typeof useRoster>; clients: RosterEntry[]; filtered: boolean }) {
  if (status.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-20" />
        ))}
      </div>
    );
  }
  if (status.isError) {
    return (
      <LoadError error={status.error} retrying={status.isFetching} onRetry={() => void status.refetch()} />
    );
  }
  if (clients.length === 0) {
    return <p className="text-muted-foreground">{filtered ? 'Nenhum cliente encontrado com esses filtros.' : 'Nenhum cliente cadastrado ainda.'}</p>;
  }
  return (
    <section aria-labelledby="lista-clientes" className="flex flex-col gap-2">
      <h2 id="lista-clientes" role="status" className="text-small font-semibold text-muted-foreground">
        {clients.length === 1 ? '1 cliente' : `${clients.length} clientes`}
      </h2>
      <div aria-hidden className="hidden grid-cols-[minmax(0,2.2fr)_repeat(4,minmax(0,1fr))] gap-4 px-4 text-caption font-semibold text-muted-foreground uppercase lg:grid">
        <span>Cliente</span>
        <span>Plano</span>
        <span>Último treino</span>
        <span>Treinos em 7 dias</span>
        <span>Mensagens</span>
      </div>
      <ul className="flex flex-col gap-2">
        {clients.map((client) => (
          <ClientRow key={client.id} client={client} />
        ))}
      </ul>
    </section>
  );
}

function ClientRow({ client }: { client: RosterEntry }) {
  const behind = client.dias_planejados > 0 && client.treinos_7_dias < client.dias_planejados;
  return (
    <li>
      <Link
        to={`/clientes/${client.id}`}
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-border bg-card px-4 py-3 shadow-xs hover:border-primary/40 hover:bg-primary-soft/30 lg:grid-cols-[minmax(0,2.2fr)_repeat(4,minmax(0,1fr))] lg:items-center"
      >
        <span className="col-span-2 flex min-w-0 flex-col lg:col-span-1">
          <span className="flex min-w-0 flex-wrap items-center gap-x-2">
            <span className="truncate font-semibold text-foreground">{client.nome}</span>
            {client.convite_pendente && <InvitePendingBadge />}
          </span>
          <span className="truncate text-small text-muted-foreground">{client.email}</span>
        </span>
        <Cell label="Plano">
          <span className="font-semibold">{client.plano ?? '—'}</span>
          <span className={cn('text-small text-muted-foreground', client.vencimento !== null && daysUntil(client.vencimento) < 0 && 'font-semibold text-destructive')}>
            {expiryLabel(client.vencimento)}
          </span>
        </Cell>
        <Cell label="Último treino">{client.ultimo_treino ? daysAgoLabel(client.ultimo_treino) : 'Nenhum'}</Cell>
        <Cell label="Treinos em 7 dias">
          <span className={cn('tabular-nums', behind && 'font-semibold text-warning-soft-foreground')}>
            {client.dias_planejados > 0 ? `${client.treinos_7_dias} de ${client.dias_planejados}` : client.treinos_7_dias}
          </span>
        </Cell>
        <Cell label="Mensagens">
          {client.nao_lidas > 0 ? (
            <span className="self-start rounded-full bg-primary px-2.5 py-0.5 text-caption font-bold text-primary-foreground">
              {client.nao_lidas === 1 ? '1 não lida' : `${client.nao_lidas} não lidas`}
            </span>
          ) : (
            <span className="text-muted-foreground">Em dia</span>
          )}
        </Cell>
      </Link>
    </li>
  );
}

/** The client has not set a password with their first-access link yet. */
function InvitePendingBadge() {
  return <span className="shrink-0 rounded-full bg-warning-soft px-2 py-0.5 text-caption font-semibold text-warning-soft-foreground">Convite pendente</span>;
}

/** A value with its name, which the column headings give on a wide screen and the cell itself on a narrow one. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="flex min-w-0 flex-col text-small">
      <span className="text-caption text-muted-foreground lg:sr-only">{label}</span>
      {children}
    </span>
  );
}
