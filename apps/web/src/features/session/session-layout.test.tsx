import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, expiredTokens, freshTokens } from '../../testing/handlers';
import { buildClient } from '../../testing/factories';
import { server } from '../../testing/msw-server';
import { recordRequests, REFRESH_CALL } from '../../testing/record-requests';
import { renderApp, signIn } from '../../testing/test-utils';

describe('signed-in header', () => {
  it('greets the client by first name and last initial, with initials in the avatar', async () => {
    signIn();
    renderApp('/');

    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('Olá, Ana S.')).toBeInTheDocument();
    expect(within(header).getByText('AS')).toBeInTheDocument();
    expect(within(header).getByText('Bem-vindo de volta')).toBeInTheDocument();
    expect(header).toHaveAttribute('aria-busy', 'false');
  });

  it('shows placeholders while the client loads', async () => {
    server.use(
      http.get(apiUrl('/v2/clientes/1'), async () => {
        await delay('infinite');
      }),
    );
    signIn();
    renderApp('/');

    const header = await screen.findByRole('banner');
    expect(header).toHaveAttribute('aria-busy', 'true');
    expect(header.querySelectorAll('[data-slot="skeleton"]').length).toBeGreaterThan(0);
    expect(within(header).queryByText(/Olá/)).not.toBeInTheDocument();
  });

  it('still greets when the client cannot be loaded', async () => {
    server.use(
      http.get(apiUrl('/v2/clientes/1'), () =>
        HttpResponse.json({ status: 404, error: 'Not Found', message: 'Cliente não encontrado.' }, { status: 404 }),
      ),
    );
    signIn();
    renderApp('/');

    expect(await within(await screen.findByRole('banner')).findByText('Olá!')).toBeInTheDocument();
  });

  it("asks for the client named by the token's user_id", async () => {
    server.use(http.get(apiUrl('/v2/clientes/1'), () => HttpResponse.json(buildClient({ nome: 'Davi Rocha' }))));
    signIn();
    renderApp('/');

    expect(await screen.findByText('Olá, Davi R.')).toBeInTheDocument();
    expect(screen.getByText('DR')).toBeInTheDocument();
  });

  it("'Sair' clears all local storage and goes to /login", async () => {
    signIn();
    localStorage.setItem('waterIntake', '[1]');
    localStorage.setItem('waterConsumption', '500');
    const { user, router } = renderApp('/profile');
    await screen.findByText('Olá, Ana S.');

    await user.click(screen.getByRole('button', { name: 'Sair' }));

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.length).toBe(0);
  });

  it("'Sair' ends the session on the server with the stored refresh token", async () => {
    signIn();
    const logouts: unknown[] = [];
    server.use(
      http.post(apiUrl('/v1/auth/logout'), async ({ request }) => {
        logouts.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/');
    await screen.findByText('Olá, Ana S.');

    await user.click(screen.getByRole('button', { name: 'Sair' }));

    await waitFor(() => expect(logouts).toEqual([{ refresh_token: freshTokens.refresh_token }]));
  });

  it("'Sair' does not wait for the server", async () => {
    signIn();
    server.use(
      http.post(apiUrl('/v1/auth/logout'), async () => {
        await delay('infinite');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/');
    await screen.findByText('Olá, Ana S.');

    await user.click(screen.getByRole('button', { name: 'Sair' }));

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
  });

  it("'Sair' forgets the plan saved on the device", async () => {
    signIn();
    const { user, device } = renderApp('/profile');
    await screen.findByText('Olá, Ana S.');
    expect(device.saved()?.clientState.queries.length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Sair' }));

    await screen.findByRole('button', { name: 'Entrar' });
    expect(device.saved()?.clientState.queries ?? []).toEqual([]);
  });

  it("says 'Sem conexão — mostrando os dados salvos' while offline, and nothing once back", async () => {
    signIn();
    renderApp('/');
    const header = await screen.findByRole('banner');
    await within(header).findByText('Olá, Ana S.');
    expect(within(header).getByRole('status')).toBeEmptyDOMElement();

    act(() => onlineManager.setOnline(false));
    expect(within(header).getByRole('status')).toHaveTextContent('Sem conexão — mostrando os dados salvos');

    act(() => onlineManager.setOnline(true));
    expect(within(header).getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('the bottom tab bar', () => {
  it('lists Início, Chat, Perfil and FAQ', async () => {
    signIn();
    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Início', 'Chat', 'Perfil', 'FAQ']);
  });
});

describe('an expired access token, end to end', () => {
  let requests: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    requests = recordRequests();
  });
  afterEach(() => requests.stop());

  it('is refreshed once and the call retried', async () => {
    signIn(expiredTokens);
    const { router } = renderApp('/');
    await screen.findByText('Olá, Ana S.');
    await waitFor(() => expect(requests.count('GET /api/v2/clientes/1')).toBe(2));

    expect(requests.count(REFRESH_CALL)).toBe(1);
    expect(localStorage.getItem('access-token')).toBe(freshTokens.token);
    expect(localStorage.getItem('refresh-token')).toBe(freshTokens.refresh_token);
    expect(router.state.location.pathname).toBe('/');
  });

  it('ends the session on /login when the refresh is refused', async () => {
    signIn({ token: expiredTokens.token, refresh_token: 'revoked' });
    localStorage.setItem('waterConsumption', '500');
    const { router } = renderApp('/');

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests.count(REFRESH_CALL)).toBe(1);
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(localStorage.getItem('refresh-token')).toBeNull();
    expect(localStorage.getItem('waterConsumption')).toBeNull();
  });
});

describe("'Sair' with writes waiting for a connection", () => {
  afterEach(() => onlineManager.setOnline(true));

  it('asks first, says what happens to them, and stays on Cancelar', async () => {
    signIn();
    const { user, router } = renderApp('/');
    await screen.findByText('Olá, Ana S.');
    act(() => onlineManager.setOnline(false));
    await user.click(await screen.findByRole('button', { name: 'Adicionar 250 ml' }));

    await user.click(screen.getByRole('button', { name: 'Sair' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sair sem enviar seus registros?' });
    expect(dialog).toHaveTextContent(
      'Um registro feito sem conexão ainda não foi enviado (água, séries, mensagens…). Se sair agora, eles ficam guardados neste aparelho e só serão enviados quando você entrar de novo nele.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('refresh-token')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sair assim mesmo' }));

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('signs out at once, without asking, when nothing waits', async () => {
    signIn();
    const { user } = renderApp('/');
    await screen.findByText('Olá, Ana S.');
    await user.click(await screen.findByRole('button', { name: 'Adicionar 250 ml' }));

    await user.click(screen.getByRole('button', { name: 'Sair' }));

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
