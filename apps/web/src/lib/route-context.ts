import { onlineManager, type QueryClient } from '@tanstack/react-query';
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

/** Whether the app's first screen is still to render: index.html's signed-in shell is on screen. */
export function isFirstScreen(): boolean {
  return document.querySelector('[data-signed-in-shell]') !== null;
}

/**
 * How long the app's first screen waits for its reads before it renders with its own placeholders
 * (docs/decisions/050): index.html's shell shows placeholders meanwhile, so the wait costs no frame,
 * and a weak signal still gets its screen.
 */
export const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * A loader's wait for what its screen shows, on the app's first render only (index.html's signed-in
 * shell still on screen): the start script has sent those reads already, or the saved cache holds
 * them, so the screen renders once, whole, instead of placeholders, then each list, then each card.
 * Later navigations do not wait, nor does a device offline; a failed read renders as the screen shows it.
 */
export async function awaitFirstScreenReads(reads: () => Promise<unknown>): Promise<void> {
  if (!isFirstScreen() || !onlineManager.isOnline()) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    reads().catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}
