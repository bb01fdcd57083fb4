import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Providers } from '../app/providers';
import { routes } from '../app/router';
import { registerNavigate } from '../lib/api-client';
import { setToken, STORAGE_KEYS } from '../lib/storage';
import { freshTokens } from './handlers';

interface RenderAppOptions {
  /** Router state of the first entry, as `navigate(to, { state })` would leave it. */
  state?: unknown;
}

/** Renders the whole app, with its real routes and providers, at the given path. */
export function renderApp(path: string, { state }: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [{ ...splitPath(path), state }] });
  registerNavigate((to) => void router.navigate(to, { replace: true }));
  const user = userEvent.setup();
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user, ...view };
}

function splitPath(path: string) {
  const url = new URL(path, 'http://app');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** Stores a session as a sign-in would; the tokens are those the MSW handlers accept. */
export function signIn(tokens: { token: string; refresh_token: string } = freshTokens) {
  setToken(STORAGE_KEYS.accessToken, tokens.token);
  setToken(STORAGE_KEYS.refreshToken, tokens.refresh_token);
}

/**
 * Renders one component inside the app's providers at `path`, with a stand-in /login screen that
 * shows the search it was reached with.
 */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '/login', Component: LoginStandIn },
    ],
    { initialEntries: [path] },
  );
  registerNavigate((to) => void router.navigate(to, { replace: true }));
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup(), ...view };
}

function LoginStandIn() {
  const { search } = useLocation();
  return <h1>{`login${search}`}</h1>;
}
