import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, demoCredentials, freshTokens, me } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { recordRequests, REFRESH_CALL } from '../../testing/record-requests';
import { renderApp } from '../../testing/test-utils';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText('Senha'), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('login', () => {
  let requests: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    requests = recordRequests();
  });
  afterEach(() => requests.stop());

  it('shows the logo, a welcome, both fields and the link to reset the password', async () => {
    renderApp('/login');

    expect(await screen.findByText('Acompanha')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bem-vindo ao Acompanha');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Esqueceu sua senha?' })).toHaveAttribute('href', '/reset-password-email');
  });

  it('refuses an invalid e-mail without calling the server', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('button', { name: 'Entrar' });

    await fillAndSubmit(user, 'ana@', 'Treino2026');

    expect(await screen.findByText('Insira um endereço de e-mail válido.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.count('POST /api/v1/auth/login')).toBe(0);
  });

  it('signs in, stores both tokens and goes to /', async () => {
    const { user, router } = renderApp('/login');
    await screen.findByRole('button', { name: 'Entrar' });

    await fillAndSubmit(user, demoCredentials.email, demoCredentials.password);

    expect(await screen.findByText('Olá, Ana S.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('access-token')).toBe(freshTokens.token);
    expect(localStorage.getItem('refresh-token')).toBe(freshTokens.refresh_token);
  });

  it('shows the button as pending while signing in', async () => {
    server.use(
      http.post(apiUrl('/v1/auth/login'), async () => {
        await delay('infinite');
      }),
    );
    const { user } = renderApp('/login');
    await screen.findByRole('button', { name: 'Entrar' });

    await fillAndSubmit(user, demoCredentials.email, demoCredentials.password);

    const button = await screen.findByRole('button', { name: 'Entrar', busy: true });
    expect(button).toBeDisabled();
  });

  it("says 'Usuário ou senha incorretos.' on a refused login, and never refreshes for it", async () => {
    const { user, router } = renderApp('/login');
    await screen.findByRole('button', { name: 'Entrar' });

    await fillAndSubmit(user, demoCredentials.email, 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário ou senha incorretos.');
    expect(requests.count(REFRESH_CALL)).toBe(0);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it('passes on the server message when it is busy', async () => {
    server.use(
      http.post(apiUrl('/v1/auth/login'), () =>
        HttpResponse.json(
          { status: 429, error: 'Too Many Requests', message: 'Muitas tentativas. Tente novamente em 60 segundos.' },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderApp('/login');
    await screen.findByRole('button', { name: 'Entrar' });

    await fillAndSubmit(user, demoCredentials.email, demoCredentials.password);

    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas tentativas. Tente novamente em 60 segundos.');
  });

  it.each(['ROLE_NUTRICIONISTA', 'ROLE_ADMIN', 'ROLE_PERSONAL'] as const)(
    'silently refuses a %s account: nothing stored, still on /login',
    async (role) => {
      server.use(http.get(apiUrl('/v1/users/me'), () => HttpResponse.json({ ...me, roles: ['ROLE_CLIENTE', role] })));
      const { user, router } = renderApp('/login');
      await screen.findByRole('button', { name: 'Entrar' });

      await fillAndSubmit(user, demoCredentials.email, demoCredentials.password);

      await waitFor(() => expect(requests.count('GET /api/v1/users/me')).toBe(1));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled());
      expect(router.state.location.pathname).toBe('/login');
      expect(localStorage.length).toBe(0);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('asks for the roles with the new token, before storing it', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(apiUrl('/v1/users/me'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        expect(localStorage.getItem('access-token')).toBeNull();
        return HttpResponse.json(me);
      }),
    );
    const { user } = renderApp('/login');
    await screen.findByRole('button', { name: 'Entrar' });

    await fillAndSubmit(user, demoCredentials.email, demoCredentials.password);

    expect(await screen.findByText('Olá, Ana S.')).toBeInTheDocument();
    expect(authorization).toBe(`Bearer ${freshTokens.token}`);
  });

  it('shows the expired message for ?expired=true', async () => {
    renderApp('/login?expired=true');

    expect(
      await screen.findByText(
        'Seu acompanhamento se encerrou. Para continuar utilizando o app, entre em contato com seu nutricionista.',
      ),
    ).toBeInTheDocument();
  });

  it('shows no expired message without the flag', async () => {
    renderApp('/login?expired=false');

    await screen.findByRole('button', { name: 'Entrar' });
    expect(screen.queryByText(/Seu acompanhamento se encerrou/)).not.toBeInTheDocument();
    expect(screen.queryByText('Senha redefinida com sucesso.')).not.toBeInTheDocument();
  });

  it("shows 'Senha redefinida com sucesso.' after a password reset", async () => {
    renderApp('/login', { state: { passwordReset: true } });

    expect(await screen.findByText('Senha redefinida com sucesso.')).toBeInTheDocument();
  });
});
