import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../../testing/test-utils';

function linkPath(params: Record<string, string>) {
  return `/reset-password-fallback?${new URLSearchParams(params)}`;
}

const forgotPasswordLink = { token: 'link-token', reason: 'ok', origin: 'FORGOT_PASSWORD', status: 'success' };

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
    ['FORGOT_PASSWORD', 'forgot-password-token', '/reset-password', 'Redefinir senha'],
    ['FIRST_ACCESS', 'first-access-token', '/first-access', 'Primeiro acesso'],
  ])(
    'for %s clears local storage, stores the token and goes on after one second',
    async (origin, tokenKey, next, heading) => {
      signIn();
      localStorage.setItem('waterIntake', '[1]');
      localStorage.setItem('first-access-token', 'older-link');
      const start = performance.now();
      const { router } = renderApp(linkPath({ ...forgotPasswordLink, origin }));

      expect(await screen.findByRole('status')).toHaveTextContent('Verificando seu link…');
      expect(screen.getByRole('img', { name: 'Acompanha' })).toBeInTheDocument();
      expect({ ...localStorage }).toEqual({ [tokenKey]: 'link-token' });

      expect(await screen.findByRole('heading', { name: heading }, { timeout: 3000 })).toBeInTheDocument();
      expect(performance.now() - start).toBeGreaterThanOrEqual(1000);
      await waitFor(() => expect(router.state.location.pathname).toBe(next));
    },
  );

  it('is still showing the logo half a second in', async () => {
    const { router } = renderApp(linkPath(forgotPasswordLink));
    await screen.findByRole('status');

    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(router.state.location.pathname).toBe('/reset-password-fallback');
  });
});
