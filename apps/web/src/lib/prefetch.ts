import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

let registered: QueryClient | null = null;

/** The providers hand over the app's query client, so that route loaders can start a screen's queries. */
export function registerQueryClient(client: QueryClient): () => void {
  registered = client;
  return () => {
    if (registered === client) registered = null;
  };
}

/**
 * Starts a query without waiting for it, unless fresh data is cached; the screen's own
 * hooks then pick them up (and show their loading and error states). A route loader calls it, so
 * the requests leave while the screen is still being rendered. Before the providers have mounted
 * (the very first page load) it does nothing and the screen fetches for itself.
 */
export function prefetch<TData, TKey extends QueryKey>(query: FetchQueryOptions<TData, Error, TData, TKey>): void {
  void registered?.prefetchQuery(query);
}
