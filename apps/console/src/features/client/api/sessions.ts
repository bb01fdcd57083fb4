import { type ActivityProgress, clientProgressSchema, type Paged, teamPaths, type TeamSession, teamSessionPageSchema } from '@acompanha/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** Sessions per page: smaller than the API's default, since each session carries every one of its sets. */
export const SESSIONS_PAGE_SIZE = 20;

/** A client's sessions change when they train, not while the team reads them: a minute's staleness is enough. */
const STALE_TIME = 60_000;

/** One page of a client's sessions, newest first, with every set named (pages count from 0). */
export function fetchClientSessions(clientId: number, page: number): Promise<Paged<TeamSession>> {
  return api.call(teamPaths.clientSessions(clientId), teamSessionPageSchema, { params: { page, size: SESSIONS_PAGE_SIZE } });
}

export function getClientSessionsQueryOptions(clientId: number) {
  return infiniteQueryOptions({
    queryKey: teamKeys.sessions(clientId),
    queryFn: ({ pageParam }) => fetchClientSessions(clientId, pageParam),
    initialPageParam: 0,
    // An empty page ends the list too, should the total say otherwise.
    getNextPageParam: (last) => (last.results.length > 0 && (last.page + 1) * last.size < last.total ? last.page + 1 : undefined),
    staleTime: STALE_TIME,
  });
}

export function useClientSessions(clientId: number) {
  return useInfiniteQuery(getClientSessionsQueryOptions(clientId));
}

/** The best set of each session, per activity, across every plan of the client. */
export async function fetchClientProgress(clientId: number): Promise<ActivityProgress[]> {
  return (await api.call(teamPaths.clientProgress(clientId), clientProgressSchema)).results;
}

export function getClientProgressQueryOptions(clientId: number) {
  return queryOptions({ queryKey: teamKeys.progress(clientId), queryFn: () => fetchClientProgress(clientId), staleTime: STALE_TIME });
}

export function useClientProgress(clientId: number) {
  return useQuery(getClientProgressQueryOptions(clientId));
}
