import { activityPageSchema, type ActivityRequest, teamPaths } from '@acompanha/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { teamKeys } from './query-keys';
import { useSettledValue } from './settled-value';

/** What the library screen and the plan editor ask of the library: the API searches and pages it. */
export interface LibrarySearch {
  busca?: string;
  grupo_muscular?: string;
  page?: number;
  size?: number;
}

export function getActivityPageQueryOptions(search: LibrarySearch) {
  // An empty search is no filter.
  const params = Object.fromEntries(Object.entries(search).filter(([, value]) => value !== ''));
  return queryOptions({
    queryKey: [...teamKeys.activities, search],
    queryFn: () => api.call(teamPaths.activities, activityPageSchema, { params }),
    staleTime: 5 * 60_000,
  });
}

/** One page of the library as the API answers a search; the page shown stays while the next one loads. */
export const useActivityPage = (search: LibrarySearch) => useQuery({ ...getActivityPageQueryOptions(search), placeholderData: keepPreviousData });

/**
 * Whether the library holds this activity (title, muscle group and video, as a publication matches
 * it): the editor's hint. Asked of the API by muscle group and title once the typing pauses.
 */
export function useInLibrary({ titulo, grupo_muscular, video }: ActivityRequest): boolean | undefined {
  const link = video?.trim() || null;
  // Compared as the API stores links (new URL(v).href, decision 053).
  const stored = link && URL.canParse(link) ? new URL(link).href : link;
  const wanted = JSON.parse(useSettledValue(JSON.stringify([titulo.trim(), grupo_muscular.trim(), stored]))) as [string, string, string | null];
  const page = useQuery({
    ...getActivityPageQueryOptions({ grupo_muscular: wanted[1], busca: wanted[0], size: 100 }),
    enabled: wanted[0] !== '' && wanted[1] !== '',
  });
  return page.data?.results.some((activity) => activity.titulo === wanted[0] && activity.grupo_muscular === wanted[1] && activity.video === wanted[2]);
}
