import { PAGE_SIZE, ROSTER_ORDERS, ROSTER_SEARCH_MAX, type RosterFilter, type RosterFilterCounts } from '@acompanha/contract';
import { Button } from '@acompanha/ui/button';
import { cn } from '@acompanha/ui/cn';
import { Input } from '@acompanha/ui/input';
import { Skeleton } from '@acompanha/ui/skeleton';
import { daysUntil } from '@acompanha/ui/dates';
import { Search, UserPlus } from 'lucide-react';
import { Fragment, useId, useRef, type ReactNode, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { Pager, pageCount } from '../../components/pager';
import { SELECT_CLASSES } from '../../components/select-classes';
import { daysAgoLabel, expiryLabel, responsiblesLabels } from '../../lib/labels';
import { usePageTitle } from '../../lib/page-title';
import { useRosterCounts, useRosterPage, type RosterEntry } from '../../lib/roster';
import { useSettledValue } from '../../lib/settled-value';
import { ALL_CLIENTS, chosenFilter, FILTER_LABELS, ORDER_LABELS, readRosterAddress, rosterAddressParams, type RosterAddress, type RosterChoice } from './roster-address';

const clientCount = (count: number) => (count === 0 ? 'nenhum cliente' : count === 1 ? '1 cliente' : `${count.toLocaleString('pt-BR')} clientes`);

/**
 * The clients a page at a time, as the API searches, filters and orders them (DECISIONS.md §6); the
 * search, the filter, the order and the page are kept in the address, so a list can be shared or
 * reloaded. A member responsible for anyone starts on 'Meus clientes'.
 */
export function RosterPage() {
  usePageTitle('Clientes');
  const [params, setParams] = useSearchParams();
  const address = readRosterAddress(params);
  const counts = useRosterCounts();
  const filtro = chosenFilter(address, counts.isPending ? undefined : (counts.data?.meus ?? 0));
  const busca = useSettledValue(address.busca.trim());
  const roster = useRosterPage(
    { busca, filtro: filtro === ALL_CLIENTS ? undefined : filtro, ordem: address.ordem, page: address.page, size: PAGE_SIZE },
    { enabled: filtro !== undefined },
  );
  const listTop = useRef<HTMLHeadingElement>(null);
  const searchId = useId();
  const orderId = useId();
  const go = (change: Partial<RosterAddress>) => setParams((current) => rosterAddressParams(current, change), { replace: true });

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
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <div className="relative md:w-80">
            <label htmlFor={searchId} className="sr-only">
              Buscar cliente
            </label>
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground" />
            <Input
              id={searchId}
              type="search"
              value={address.busca}
              maxLength={ROSTER_SEARCH_MAX}
              placeholder="Buscar por nome ou e-mail"
              className="pl-10"
              onChange={(event) => go({ busca: event.target.value })}
            />
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor={orderId} className="shrink-0 text-small font-semibold">
              Ordenar por
            </label>
            <select id={orderId} className={cn(SELECT_CLASSES, 'md:w-56')} value={address.ordem} onChange={(event) => go({ ordem: event.target.value as RosterAddress['ordem'] })}>
              {ROSTER_ORDERS.map((order) => (
                <option key={order} value={order}>
                  {ORDER_LABELS[order]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <FilterChips chosen={filtro} counts={roster.data?.filtros} onChoose={(choice) => go({ filtro: choice })} />
      </div>
      <RosterBody
        status={roster}
        listTop={listTop}
        filtered={busca !== '' || (filtro !== undefined && filtro !== ALL_CLIENTS)}
        page={address.page}
        onPage={(page) => {
          go({ page });
          listTop.current?.scrollIntoView?.({ block: 'start' });
        }}
      />
    </div>
  );
}

/** One filter at a time, each with how many clients it shows within the search. */
function FilterChips({ chosen, counts, onChoose }: { chosen: RosterChoice | undefined; counts: Partial<RosterFilterCounts> | undefined; onChoose: (choice: RosterChoice) => void }) {
  const chip = (choice: RosterChoice, label: string, count: number | undefined) => (
    <Button
      key={choice}
      variant={chosen === choice ? 'secondary' : 'outline'}
      size="sm"
      aria-pressed={chosen === choice}
      // Read out as 'Vencendo em 10 dias, 3 clientes'; seen as 'Vencendo em 10 dias (3)'.
      aria-label={count === undefined ? undefined : `${label}, ${clientCount(count)}`}
      onClick={() => onChoose(choice)}
    >
      {label}
      {count !== undefined && <span className="tabular-nums">({count.toLocaleString('pt-BR')})</span>}
    </Button>
  );
  return (
    <div role="group" aria-label="Filtros" className="flex flex-wrap gap-2">
      {chip(ALL_CLIENTS, 'Todos', undefined)}
      {(Object.keys(FILTER_LABELS) as RosterFilter[]).map((filter) => chip(filter, FILTER_LABELS[filter], counts?.[filter]))}
    </div>
  );
}

interface RosterBodyProps {
  status: ReturnType<typeof useRosterPage>;
  listTop: RefObject<HTMLHeadingElement | null>;
  filtered: boolean;
  page: number;
  onPage: (page: number) => void;
}

function RosterBody({ status, listTop, filtered, page, onPage }: RosterBodyProps) {
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
    return <LoadError error={status.error} retrying={status.isFetching} onRetry={() => void status.refetch()} />;
  }
  const { results } = status.data;
  const total = status.data.total ?? results.length;
  if (total === 0) {
    return <p className="text-muted-foreground">{filtered ? 'Nenhum cliente encontrado com esses filtros.' : 'Nenhum cliente cadastrado ainda.'}</p>;
  }
  if (results.length === 0) {
    // An address kept from a longer list.
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-muted-foreground">Esta página não tem clientes.</p>
        <Button variant="outline" size="sm" onClick={() => onPage(0)}>
          Ir para a primeira página
        </Button>
      </div>
    );
  }
  return (
    <section aria-labelledby="lista-clientes" className="flex flex-col gap-2">
      <h2 ref={listTop} id="lista-clientes" role="status" className="scroll-mt-40 text-small font-semibold text-muted-foreground md:scroll-mt-8">
        {clientCount(total)}
      </h2>
      <div aria-hidden className="hidden grid-cols-[minmax(0,2.2fr)_repeat(4,minmax(0,1fr))] gap-4 px-4 text-caption font-semibold text-muted-foreground uppercase lg:grid">
        <span>Cliente</span>
        <span>Plano</span>
        <span>Último treino</span>
        <span>Treinos em 7 dias</span>
        <span>Mensagens</span>
      </div>
      <ul className="flex flex-col gap-2" aria-busy={status.isPlaceholderData}>
        {results.map((client) => (
          <ClientRow key={client.id} client={client} />
        ))}
      </ul>
      <Pager label="Páginas da lista de clientes" page={page} pages={pageCount(total, PAGE_SIZE)} onPage={onPage} />
    </section>
  );
}

function ClientRow({ client }: { client: RosterEntry }) {
  const behind = client.dias_planejados > 0 && client.treinos_7_dias < client.dias_planejados;
  const responsibles = responsiblesLabels(client.responsaveis);
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
          {responsibles.length > 0 && (
            // A narrow column breaks the line between the two, not within a name.
            <span className="text-caption text-muted-foreground">
              {responsibles.map((label, index) => (
                <Fragment key={label}>
                  {index > 0 && ' · '}
                  <span className="whitespace-nowrap">{label}</span>
                </Fragment>
              ))}
            </span>
          )}
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
