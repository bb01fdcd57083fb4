import { staffChangePageSchema, teamPaths } from '@acompanha/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** Changes per page: a screenful under the accounts. */
export const STAFF_CHANGES_PAGE_SIZE = 20;

/** The record of staff changes, newest first (administrators only; decision 055). Read again on each visit: any member's edit adds to it. */
export function getStaffChangesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: teamKeys.staffChanges,
    queryFn: ({ pageParam }) => api.call(teamPaths.staffChanges, staffChangePageSchema, { params: { page: pageParam, size: STAFF_CHANGES_PAGE_SIZE } }),
    initialPageParam: 0,
    // An empty page ends the list too, should the total say otherwise.
    getNextPageParam: (last) => (last.results.length > 0 && (last.page + 1) * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

export const useStaffChanges = () => useInfiniteQuery(getStaffChangesQueryOptions());
