import type { RosterEntry } from '../../lib/roster';
import { expiresWithin } from '../../lib/labels';

/** The list's filters (DECISIONS.md §5), by their name in the address. */
export const CLIENT_FILTERS = {
  vencendo: { label: 'Vencendo em 10 dias', matches: (client: RosterEntry, today: Date) => expiresWithin(client.vencimento, 10, today) },
  'sem-treino': { label: 'Sem treino há 7 dias', matches: (client: RosterEntry) => client.treinos_7_dias === 0 },
  'nao-lidas': { label: 'Mensagens não lidas', matches: (client: RosterEntry) => client.nao_lidas > 0 },
} as const;

export type ClientFilter = keyof typeof CLIENT_FILTERS;

export const isClientFilter = (name: string): name is ClientFilter => Object.hasOwn(CLIENT_FILTERS, name);

/** Text without case or accents: 'José' is found by 'jose'. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** The clients whose name or e-mail holds the search, and who pass every filter chosen. */
export function filterClients(clients: readonly RosterEntry[], search: string, filters: readonly ClientFilter[], today: Date = new Date()): RosterEntry[] {
  const wanted = fold(search.trim());
  return clients.filter(
    (client) =>
      (wanted === '' || fold(client.nome).includes(wanted) || fold(client.email).includes(wanted)) &&
      filters.every((filter) => CLIENT_FILTERS[filter].matches(client, today)),
  );
}
