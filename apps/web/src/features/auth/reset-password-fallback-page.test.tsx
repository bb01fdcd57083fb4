import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp, signIn } from '../../testing/test-utils';

function linkPath(params: Record<string, string>) {
  return `/reset-password-fallback?${new URLSearchParams(params)}`;
}

const forgotPasswordLink = { token: 'link-token', reason: 'ok', origin: 'FORGOT_PASSWORD', status: 'success' };

/** The team console's session, which shares the origin (apps/console/src/lib/session.ts). */
const CONSOLE_SESSION_KEY = 'acompanha.equipe.sessao';

describe('e-mailed link landing', () => {
  it.each(['token', 'reason', 'origin', 'status'])('without %s goes to /error?reason=invalid-params', async (missing) => {
    const params: Record<string, string> = { ...forgotPasswordLink };
    delete params[missing];
    const { router } = renderApp(linkPath(params));

    expect(await screen.findByText('Link inválido.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error');
    expect(router.state.location.search).toBe('?reason=invalid-params');
  });

  it.each([
    ['used-token', 'Link já utilizado, você precisa solicitar outro.'],
    ['expired-token', 'O tempo para utilizar este link já expirou, você precisa solicitar outro.'],
    ['token-not-found', 'Link inválido.'],
  ])('with a failed status goes to /error with the reason %s', async (reason, message) => {
    localStorage.setItem('refresh-token', 'kept');
    const { router } = renderApp(linkPath({ ...forgotPasswordLink, reason, status: 'error' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?reason=${reason}`);
    expect(localStorage.getItem('forgot-password-token')).toBeNull();
  });

  it('with an unknown origin goes to /error with the reason', async () => {
    const { router } = renderApp(linkPath({ ...forgotPasswordLink, origin: 'NEWSLETTER' }));

    await screen.findByRole('heading', { name: 'Um Erro foi encontrado' });
    expect(router.state.location.pathname).toBe('/error');
    expect(router.state.location.search).toBe('?reason=ok');
  });

  it.each([
    ['FORGOT_PASSWORD', 'link-token', 'forgot-password-token', '/reset-password', 'Redefinir senha'],
    ['FIRST_ACCESS', 'first-access-link', 'first-access-token', '/first-access', 'Primeiro acesso'],
  ])(
    "for %s the server knows, clears the app's storage (never the console's), stores the token and goes on after one second",
    async (origin, token, tokenKey, next, heading) => {
      signIn();
      localStorage.setItem('waterIntake', '[1]');
      localStorage.setItem('first-access-token', 'older-link');
      localStorage.setItem(CONSOLE_SESSION_KEY, 'staff-session');
      const start = performance.now();
      const { router } = renderApp(linkPath({ ...forgotPasswordLink, token, origin }));

      expect(await screen.findByRole('status')).toHaveTextContent('Verificando seu link…');
      expect(screen.getByRole('img', { name: 'Acompanha' })).toBeInTheDocument();
      expect({ ...localStorage }).toEqual({ [tokenKey]: token, [CONSOLE_SESSION_KEY]: 'staff-session' });

      expect(await screen.findByRole('heading', { name: heading }, { timeout: 3000 })).toBeInTheDocument();
      expect(performance.now() - start).toBeGreaterThanOrEqual(1000);
      await waitFor(() => expect(router.state.location.pathname).toBe(next));
    },
  );

  it.each([
    ['a token it does not know', 'forjado', 'FORGOT_PASSWORD', 'Link inválido.', '?reason=token-not-found'],
    ["a first-access token's address claiming another origin", 'first-access-link', 'FORGOT_PASSWORD', null, null],
  ])('asks the server first: for %s (an address anyone can write) it ends nothing', async (_case, token, origin, message, search) => {
    signIn();
    localStorage.setItem(CONSOLE_SESSION_KEY, 'staff-session');
    const { router } = renderApp(linkPath({ ...forgotPasswordLink, token, origin }));

    if (message) {
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(router.state.location.search).toBe(search);
      expect(localStorage.getItem('refresh-token')).not.toBeNull();
    } else {
      // The server's origin decides which token this is.
      await screen.findByRole('status');
      expect(localStorage.getItem('first-access-token')).toBe(token);
    }
    expect(localStorage.getItem('forgot-password-token')).toBeNull();
    expect(localStorage.getItem(CONSOLE_SESSION_KEY)).toBe('staff-session');
  });

  it('ends nothing when the server cannot be asked, and says so', async () => {
    server.use(http.get(apiUrl('/v1/auth/link'), () => HttpResponse.error()));
    signIn();
    const { router } = renderApp(linkPath(forgotPasswordLink));

    expect(await screen.findByText('Erro desconhecido.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error');
    expect(localStorage.getItem('refresh-token')).not.toBeNull();
    expect(localStorage.getItem('forgot-password-token')).toBeNull();
  });

  it('is still showing the logo half a second in', async () => {
    const { router } = renderApp(linkPath(forgotPasswordLink));
    await screen.findByRole('status');

    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(router.state.location.pathname).toBe('/reset-password-fallback');
  });
});
