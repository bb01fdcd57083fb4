import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { onTestFinished } from 'vitest';
import { createApp, type AppOptions } from '../app/create-app';
import { Providers } from '../app/providers';
import { setToken, STORAGE_KEYS } from '../lib/storage';
import { freshTokens } from './handlers';

/**
 * The device's saved query cache, in memory: each test starts with an empty one (IndexedDB would
 * carry one test's late writes into the next), and a test that reopens the app passes the same one again.
 */
export function createDeviceStore() {
  let saved: PersistedClient | undefined;
  const persister: Persister = {
    persistClient: (client) => {
      saved = client;
    },
    restoreClient: () => saved,
    removeClient: () => {
      saved = undefined;
    },
  };
  return { persistOptions: { persister, maxAge: Infinity }, saved: () => saved };
}

export type DeviceStore = ReturnType<typeof createDeviceStore>;

interface RenderAppOptions {
  /** Router state of the first entry, as `navigate(to, { state })` would leave it. */
  state?: unknown;
  /** What the device kept from an earlier launch. */
  device?: DeviceStore;
}

/** Renders the whole app, with its real routes and providers, at the given path. */
export function renderApp(path: string, { state, device = createDeviceStore() }: RenderAppOptions = {}) {
  const initialEntries = [{ ...splitPath(path), state }];
  return { ...renderAppWith((routes, options) => createMemoryRouter(routes, { ...options, initialEntries }), device), device };
}

function renderAppWith(createRouter: NonNullable<AppOptions['createRouter']>, device: DeviceStore) {
  const app = createApp({ createRouter, persistOptions: device.persistOptions });
  onTestFinished(app.dispose);
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={app.queryClient}>
      <RouterProvider router={app.router} />
    </Providers>,
  );
  return { router: app.router, queryClient: app.queryClient, user, ...view };
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
  const standIns: RouteObject[] = [
    { path: '/', element: ui },
    { path: '/login', Component: LoginStandIn },
  ];
  return renderAppWith((_routes, options) => createMemoryRouter(standIns, { ...options, initialEntries: [path] }), createDeviceStore());
}

function LoginStandIn() {
  const { search } = useLocation();
  return <h1>{`login${search}`}</h1>;
}
