import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Not react-router/dom's variant: that one only adds flushSync navigations, which the app does not
// use, and under Vitest it loads a second copy of the router, so the tests could not render the same tree.
import { matchRoutes, RouterProvider } from 'react-router';
import { createApp } from './app/create-app';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { isLoggedIn } from './lib/session/tokens';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A public screen prerendered at build time (build/prerender-plugin.ts) is hydrated when the browser
// would render exactly that: nothing in the query string, nobody signed in. Otherwise it renders afresh.
// index.html holds the signed-in screens' shell instead, which stays on screen until the first screen replaces it.
const prerendered = container.hasChildNodes() && !container.querySelector(':scope > [data-signed-in-shell]');
const hydrate = prerendered && window.location.search === '' && !isLoggedIn();
const matches = hydrate ? (matchRoutes(routes, window.location) ?? []) : [];
// The router must start on the screen the HTML shows: its lazy route modules load first, and its
// loaders count as run (they let a signed-out visitor stay).
await Promise.all(
  matches.map(async ({ route }) => {
    if (typeof route.lazy === 'function') Object.assign(route, await route.lazy(), { lazy: undefined });
  }),
);
const { queryClient, router } = createApp({
  hydrationData: hydrate
    ? { loaderData: Object.fromEntries(matches.flatMap(({ route }) => (route.id ? [[route.id, null]] : []))) }
    : undefined,
});

const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);
if (hydrate) hydrateRoot(container, app);
else {
  if (prerendered) container.replaceChildren();
  // Rendered once the first screen's code and data are in: until then the shell (or nothing) stays
  // painted, rather than an empty fallback over it.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  createRoot(container).render(app);
}
