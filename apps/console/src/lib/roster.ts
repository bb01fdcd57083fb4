import { type RosterEntry, rosterPageReadSchema, teamPaths } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { teamKeys } from './query-keys';

/** The largest page the roster answers. */
const ROSTER_PAGE_MAX = 100;

/**
 * Every client, with what the team follows them by (DECISIONS.md §5), read page by page until the
 * console pages through the server itself (issue 39). The team stream keeps it current; a minute's
 * staleness covers a stream that cannot be held.
 */
export function getRosterQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.roster,
    queryFn: async () => {
      const clients: RosterEntry[] = [];
      for (let page = 0; ; page += 1) {
        const read = await api.call(teamPaths.clients, rosterPageReadSchema, { params: { page, size: ROSTER_PAGE_MAX } });
        clients.push(...read.results);
        if (read.results.length < ROSTER_PAGE_MAX || read.total === null || clients.length >= read.total) return clients;
      }
    },
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

export function useRoster() {
  return useQuery(getRosterQueryOptions());
}

export type { RosterEntry };
