import { ROSTER_FILTERS, ROSTER_ORDERS, ROSTER_SEARCH_MAX, type RosterFilter, type RosterOrder } from '@acompanha/contract';

/** The list's filters (DECISIONS.md §6), in the order of their chips, by their name in the address and the API. */
export const FILTER_LABELS: Record<RosterFilter, string> = {
  meus: 'Meus clientes',
  vencendo: 'Vencendo em 10 dias',
  sem_treino: 'Sem treino há 7 dias',
  nao_lidas: 'Mensagens não lidas',
  convite_pendente: 'Convite pendente',
  checkin_pendente: 'Check-in para revisar',
};

export const ORDER_LABELS: Record<RosterOrder, string> = {
  nome: 'Nome',
  vencimento: 'Dias restantes',
  ultimo_treino: 'Último treino',
  aguardando: 'Aguardando resposta',
};

/** `filtro=todos`: every client, chosen over the default 'Meus clientes'. */
export const ALL_CLIENTS = 'todos';
export type RosterChoice = RosterFilter | typeof ALL_CLIENTS;

/** The list's state as the address keeps it, so that a filtered page can be shared or reloaded. */
export interface RosterAddress {
  busca: string;
  /** null: the address names none, and the member's default applies. */
  filtro: RosterChoice | null;
  ordem: RosterOrder;
  /** From 0; the address counts from 1 (`pagina=3` is the third page). */
  page: number;
}

const isFilter = (name: string | null): name is RosterFilter => (ROSTER_FILTERS as readonly (string | null)[]).includes(name);
const isOrder = (name: string | null): name is RosterOrder => (ROSTER_ORDERS as readonly (string | null)[]).includes(name);

/** What the address says, anything it cannot mean left at its default. */
export function readRosterAddress(params: URLSearchParams): RosterAddress {
  const filtro = params.get('filtro');
  const ordem = params.get('ordem');
  const pagina = Number(params.get('pagina'));
  return {
    busca: (params.get('busca') ?? '').slice(0, ROSTER_SEARCH_MAX),
    filtro: filtro === ALL_CLIENTS || isFilter(filtro) ? filtro : null,
    ordem: isOrder(ordem) ? ordem : 'nome',
    page: Number.isSafeInteger(pagina) && pagina > 1 ? pagina - 1 : 0,
  };
}

/**
 * The address after a change: a new search, filter or order starts at the first page; what is at its
 * default is left out (the name order, the first page, an empty search).
 */
export function rosterAddressParams(current: URLSearchParams, change: Partial<RosterAddress>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  if (change.busca !== undefined) set('busca', change.busca);
  if (change.filtro !== undefined) set('filtro', change.filtro);
  if (change.ordem !== undefined) set('ordem', change.ordem === 'nome' ? null : change.ordem);
  set('pagina', change.page ? String(change.page + 1) : null);
  return next;
}

/** The filter shown: the address's, else 'Meus clientes' for a member responsible for anyone; undefined until that is known. */
export function chosenFilter(address: RosterAddress, mine: number | undefined): RosterChoice | undefined {
  if (address.filtro !== null) return address.filtro;
  if (mine === undefined) return undefined;
  return mine > 0 ? 'meus' : ALL_CLIENTS;
}
