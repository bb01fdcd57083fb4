import { type RosterEntry, type RosterFilter, type RosterOrder, rosterPageReadSchema, teamPaths } from '@acompanha/contract';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { teamKeys } from './query-keys';

/** What a screen asks of the roster (DECISIONS.md §6): the server searches, filters, orders and pages it. */
export interface RosterSearch {
  busca?: string;
  filtro?: RosterFilter;
  ordem?: RosterOrder;
  page?: number;
  size?: number;
}

/**
 * A page of the roster, with how many clients each filter shows within the search. The team stream
 * keeps what is on screen current; a minute's staleness covers a stream that cannot be held.
 */
export function getRosterPageQueryOptions(search: RosterSearch) {
  // An empty search is no search.
  const params = { ...search, busca: search.busca || undefined };
  return queryOptions({
    queryKey: [...teamKeys.roster, params],
    queryFn: () => api.call(teamPaths.clients, rosterPageReadSchema, { params: { ...params } }),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

/** One page of the roster; the page shown stays while the next one loads. */
export const useRosterPage = (search: RosterSearch, { enabled = true } = {}) => useQuery({ ...getRosterPageQueryOptions(search), placeholderData: keepPreviousData, enabled });

/**
 * How many clients each filter shows across the whole roster (a page of one client is read for
 * them): the navigation's waiting conversations, the inbox's heading, whether 'Meus clientes' is the
 * signed-in member's default.
 */
export const useRosterCounts = () => useQuery({ ...getRosterPageQueryOptions({ size: 1 }), select: (page) => page.filtros });

/**
 * The lists read again after a change to a client (a message, a reading, a plan, a new client): the
 * roster's pages and the inbox on screen at once, the others when next shown. Never every client.
 */
export function invalidateClientLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: teamKeys.roster, refetchType: 'active' });
  void queryClient.invalidateQueries({ queryKey: teamKeys.inbox, refetchType: 'active' });
}

export type { RosterEntry };
