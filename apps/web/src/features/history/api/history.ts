import { namedSessionPageReadSchema, paths } from '@acompanha/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { trainingKeys } from '../../../lib/training-keys';

export type HistoryPage = z.output<typeof namedSessionPageReadSchema>;

/** Sessions per page: each carries every one of its sets, so a page is a few weeks of training. */
export const HISTORY_PAGE_SIZE = 20;

/** One page of the client's sessions of every plan, newest first, each set named (pages count from 0). */
export async function fetchHistoryPage(page: number): Promise<HistoryPage> {
  return api.call(paths.sessions, namedSessionPageReadSchema, { params: { page, size: HISTORY_PAGE_SIZE } });
}

/** Whether a page is followed by another: by the total when it could be read, else by being full. An empty page ends the list. */
export function nextHistoryPage(last: HistoryPage, lastPage: number): number | undefined {
  if (last.results.length === 0) return undefined;
  const more = last.total === null ? last.results.length >= HISTORY_PAGE_SIZE : (lastPage + 1) * HISTORY_PAGE_SIZE < last.total;
  return more ? lastPage + 1 : undefined;
}

/**
 * Under train mode's keys, so that a session sent reads the history again. The pages loaded are
 * kept with the rest of the saved cache, and are what the screen shows offline.
 */
export function getHistoryQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...trainingKeys.all, 'log'] as const,
    queryFn: ({ pageParam }) => fetchHistoryPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastPage) => nextHistoryPage(last, lastPage),
    // Sessions change when the client trains on this phone, which refreshes them: five minutes, as the week strip.
    staleTime: 5 * 60_000,
  });
}

export function useHistory() {
  return useInfiniteQuery(getHistoryQueryOptions());
}
