import { dehydrate } from '@tanstack/react-query';
import { createBrowserRouter, RouterContextProvider, type DataRouter, type HydrationState, type RouteObject } from 'react-router';
import { endServerSession } from '@acompanha/client';
import { api } from '../lib/api-client';
import { forgetDevicePush } from '../lib/push-device';
import type { QueryPersistOptions } from '../lib/query-persistence';
import { appRouteContext, type AppRouteContext } from '../lib/route-context';
import { onSessionChangeInOtherTab } from '../lib/session/other-tabs';
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
  // The saved cache is bound to one session's user: bound at the first signed-in screen, unbound when it ends.
  let persisting: Promise<() => void> | undefined;
  // What an ended session had not sent is on its way into its user's store: the next session's restore waits for it.
  let settingAside: Promise<void> = Promise.resolve();
  const stopPersisting = () => {
    const stopping = persisting?.then((unsubscribe) => unsubscribe());
    persisting = undefined;
    return stopping;
  };
  const context: AppRouteContext = {
    queryClient,
    // Loaded with the signed-in area only: the public screens never pay for it.
    restoreQueryCache: async () => {
      persisting ??= settingAside
        .then(() => import('../lib/query-persistence'))
        .then(({ persistQueryCache }) => persistQueryCache(queryClient, persistOptions));
      await persisting;
    },
  };
  const router = createRouter(routes, {
    hydrationData,
    getContext: () => {
      const routerContext = new RouterContextProvider();
      routerContext.set(appRouteContext, context);
      return routerContext;
    },
  });

  const stopListening = onSessionEnd(({ userId, refreshToken, accessToken, redirectTo }) => {
    // Without waiting: a slow gym network must not hold 'Sair' up.
    if (refreshToken) void endServerSession(api, refreshToken);
    // This device no longer shows the client's notifications (decision 041).
    void forgetDevicePush(accessToken);
    // What this client has not sent stays theirs, for their next sign-in; nothing else of theirs may
    // show to the next client, nor a write of theirs go out under another name.
    const unsent = dehydrate(queryClient, {
      shouldDehydrateQuery: () => false,
      shouldDehydrateMutation: (mutation) => mutation.state.status === 'pending',
    }).mutations;
    const stopping = stopPersisting();
    queryClient.clear();
    settingAside = Promise.all([import('../lib/query-persistence'), stopping]).then(([{ setAsideUnsentWrites }]) =>
      setAsideUnsentWrites(userId, unsent),
    );
    if (redirectTo) void router.navigate(redirectTo, { replace: true });
  });
  // Another tab signed out or signed someone else in: what this tab shows and holds is the ended
  // session's, so it starts again from the session now stored (or /login), writing nothing first.
  const stopWatchingOtherTabs = onSessionChangeInOtherTab(() => {
    void stopPersisting();
    window.location.replace('/');
  });

  return {
    queryClient,
    router,
    dispose() {
      stopListening();
      stopWatchingOtherTabs();
      router.dispose();
    },
  };
}

export type App = ReturnType<typeof createApp>;
