import { type RosterEntry, rosterReadSchema, teamPaths } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { teamKeys } from './query-keys';

/**
 * Every client, with what the team follows them by (DECISIONS.md §5). The team stream keeps it
 * current; a minute's staleness covers a stream that cannot be held.
 */
export function getRosterQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.roster,
    queryFn: async () => (await api.call(teamPaths.clients, rosterReadSchema)).results,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

export function useRoster() {
  return useQuery(getRosterQueryOptions());
}

export type { RosterEntry };
