// The build renders the public screens to static HTML with the app's own components (see
// build/prerender-plugin.ts); main.tsx then hydrates that HTML, so they paint before any script runs.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router';
import { SignedInShell } from '../features/session/session-layout';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './router';

/**
 * The screens a signed-out visitor opens first, each with the source of its route module (whose
 * chunks the page preloads). Screens that depend on the query string or a stored token render in the browser.
 */
export const PRERENDERED_SCREENS = [
  { path: '/login', module: 'src/features/auth/login-page.tsx' },
  { path: '/reset-password-email', module: 'src/features/auth/reset-password-email-page.tsx' },
] as const;


/** The markup of the screen at `path`, as a visitor with nothing stored sees it. */
export async function prerender(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerendering ${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        {/* No inline hydration script: the page's CSP allows none; main.tsx gives the router its state. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}

/**
 * The signed-in screens' shell (features/session), which index.html shows on a signed-in device
 * until the first screen is ready. At a path of no tab, so that no tab is marked before the screen is known.
 */
export function prerenderSignedInShell(): string {
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <StaticRouter location="/carregando">
          <div data-signed-in-shell="">
            <SignedInShell />
          </div>
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
