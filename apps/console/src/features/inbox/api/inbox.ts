import { conversationPageReadSchema, PAGE_SIZE, teamPaths } from '@acompanha/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/**
 * The conversations a page at a time, as the API orders them (DECISIONS.md §6): those waiting for
 * the team first, the longest on top, then by latest message. The team stream reads the pages shown
 * again; a minute's staleness covers a stream that cannot be held.
 */
export function getInboxQueryOptions() {
  return infiniteQueryOptions({
    queryKey: teamKeys.inbox,
    queryFn: ({ pageParam }) => api.call(teamPaths.conversations, conversationPageReadSchema, { params: { page: pageParam, size: PAGE_SIZE } }),
    initialPageParam: 0,
    // Without a readable total, a full page may have another after it.
    getNextPageParam: (last, pages) => ((last.total ?? Infinity) > pages.length * PAGE_SIZE && last.results.length === PAGE_SIZE ? pages.length : undefined),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

export const useInbox = () => useInfiniteQuery(getInboxQueryOptions());
