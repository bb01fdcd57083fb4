import type { QueryClient } from '@tanstack/react-query';
import { createContext, type RouterContextProvider } from 'react-router';

export interface AppRouteContext {
  queryClient: QueryClient;
  /** Resolves once the saved query cache is back (the first call starts restoring it). */
  restoreQueryCache: () => Promise<void>;
}

/** What route loaders get from the app (app/create-app.tsx), through React Router's context. */
export const appRouteContext = createContext<AppRouteContext>();

/**
 * The app's query client, once the saved cache is back: a route loader starts its screen's queries
 * with it (on the first load too), and a fetch started before the restore would be reverted to
 * "no data" by the first optimistic load edit that cancels it.
 */
export async function restoredQueryClient(context: Readonly<RouterContextProvider>): Promise<QueryClient> {
  const { queryClient, restoreQueryCache } = context.get(appRouteContext);
  await restoreQueryCache();
  return queryClient;
}
