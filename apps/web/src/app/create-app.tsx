import { createBrowserRouter, RouterContextProvider, type DataRouter, type HydrationState, type RouteObject } from 'react-router';
import { authClient, LOGOUT_PATH } from '../lib/api-client';
import type { QueryPersistOptions } from '../lib/query-persistence';
import { appRouteContext, type AppRouteContext } from '../lib/route-context';
import { onSessionEnd } from '../lib/session/session-end';
import { createQueryClient } from './query-client';
import { routes } from './router';

interface RouterOptions {
  hydrationData?: HydrationState;
  getContext: () => RouterContextProvider;
}

export interface AppOptions {
  /** The browser's history by default; tests give a memory router. */
  createRouter?: (routes: RouteObject[], options: RouterOptions) => DataRouter;
  /** The state of a prerendered screen being hydrated (main.tsx). */
  hydrationData?: HydrationState;
  /** Where the query cache is kept between launches: IndexedDB, unless a test gives its own. */
  persistOptions?: QueryPersistOptions;
}

/**
 * The query client and the router, made together: route loaders start their screens' queries
 * through the router's context from the very first load, and every end of a session
 * (lib/session/session-end.ts) is answered here.
 */
export function createApp({ createRouter = createBrowserRouter, hydrationData, persistOptions }: AppOptions = {}) {
  const queryClient = createQueryClient();
  let restoring: Promise<void> | undefined;
  const context: AppRouteContext = {
    queryClient,
    // Loaded with the signed-in area only: the public screens never pay for it.
    restoreQueryCache: () =>
      (restoring ??= import('../lib/query-persistence').then(({ persistQueryCache }) =>
        persistQueryCache(queryClient, persistOptions),
      )),
  };
  const router = createRouter(routes, {
    hydrationData,
    getContext: () => {
      const routerContext = new RouterContextProvider();
      routerContext.set(appRouteContext, context);
      return routerContext;
    },
  });

  const stopListening = onSessionEnd(({ refreshToken, redirectTo }) => {
    // Without waiting: a slow gym network must not hold 'Sair' up.
    if (refreshToken) void authClient.post(LOGOUT_PATH, { refresh_token: refreshToken }).catch(() => undefined);
    // Nothing of this client may show to the next, nor a paused load edit go out under their name.
    queryClient.clear();
    void import('../lib/query-persistence').then(({ clearPersistedQueries }) => clearPersistedQueries());
    if (redirectTo) void router.navigate(redirectTo, { replace: true });
  });

  return {
    queryClient,
    router,
    dispose() {
      stopListening();
      router.dispose();
    },
  };
}

export type App = ReturnType<typeof createApp>;
