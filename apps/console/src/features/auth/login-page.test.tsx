import type { Role } from '@acompanha/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { server } from '../../testing/msw-server';
import { LoginPage } from './login-page';

const SESSION_KEY = 'acompanha.equipe.sessao';
const PAIR = { token: 'access-1', refresh_token: 'refresh-1' };

/** The login screen, with a stand-in for the clients' list where a signed-in member lands. */
function renderLogin() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <h1>Clientes</h1> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Answers the login with PAIR and `/users/me` with `roles` (for PAIR's token only); returns the calls made. */
function answerLogin(roles: Role[]) {
  const calls = { login: [] as unknown[], logout: [] as unknown[] };
  server.use(
    http.post('/api/v1/auth/login', async ({ request }) => {
      calls.login.push(await request.json());
      return HttpResponse.json(PAIR);
    }),
    http.get('/api/v1/users/me', ({ request }) =>
      request.headers.get('Authorization') === `Bearer ${PAIR.token}`
        ? HttpResponse.json({ id: 3, email: 'ana@acompanha.app', roles })
        : HttpResponse.json({ status: 401, error: 'Unauthorized', message: 'Não autorizado.' }, { status: 401 }),
    ),
    http.post('/api/v1/auth/logout', async ({ request }) => {
      calls.logout.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

async function submit(email: string, password = 'Senha123') {
  await userEvent.type(screen.getByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Senha', { selector: 'input' }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('LoginPage', () => {
  it('signs a team member in and opens the clients list', async () => {
    const calls = answerLogin(['ROLE_PERSONAL']);
    const router = renderLogin();

    await submit('ana@acompanha.app');

    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(PAIR);
    expect(calls.login).toEqual([{ email: 'ana@acompanha.app', password: 'Senha123' }]);
    expect(calls.logout).toEqual([]);
  });

  it("refuses a client's account, ends its new session on the server and keeps nothing", async () => {
    const calls = answerLogin(['ROLE_CLIENTE']);
    renderLogin();

    await submit('cliente@exemplo.com');

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Esta área é exclusiva da equipe\.$/);
    expect(calls.logout).toEqual([{ refresh_token: PAIR.refresh_token }]);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Área da equipe' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Clientes' })).not.toBeInTheDocument();
  });

  it('says the credentials are wrong when the login is refused', async () => {
    server.use(
      http.post('/api/v1/auth/login', () =>
        HttpResponse.json({ status: 401, error: 'Unauthorized', message: 'Bad credentials' }, { status: 401 }),
      ),
    );
    renderLogin();

    await submit('ana@acompanha.app', 'errada');

    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário ou senha incorretos.');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('points at an invalid e-mail without calling the API', async () => {
    const requests: string[] = [];
    const record = ({ request }: { request: Request }) => requests.push(`${request.method} ${request.url}`);
    server.events.on('request:start', record);
    renderLogin();

    await submit('ana@');

    const email = screen.getByLabelText('E-mail');
    expect(await screen.findByText('Insira um endereço de e-mail válido.')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Insira um endereço de e-mail válido.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
    server.events.removeListener('request:start', record);
  });

  it('asks for the second factor after the password, says when the code is wrong, and signs in with the right one', async () => {
    const calls = answerLogin(['ROLE_ADMIN']);
    server.use(
      http.post('/api/v1/auth/login', async ({ request }) => {
        const body = (await request.json()) as { codigo?: string };
        calls.login.push(body);
        if (body.codigo === undefined) return HttpResponse.json({ status: 401, error: 'Unauthorized', message: 'Digite o código.', code: 'SecondFactorRequired' }, { status: 401 });
        if (body.codigo.replace(/\s/g, '') !== '123456') return HttpResponse.json({ status: 401, error: 'Unauthorized', message: 'Código incorreto.', code: 'SecondFactorInvalid' }, { status: 401 });
        return HttpResponse.json(PAIR);
      }),
    );
    renderLogin();

    await submit('helena@acompanha.app');

    const code = await screen.findByLabelText('Código de verificação');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Entrar com outra conta' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Código incorreto ou já usado. Digite o código que o aplicativo mostra agora.');

    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));

    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(PAIR);
    expect(calls.login).toEqual([
      { email: 'helena@acompanha.app', password: 'Senha123' },
      { email: 'helena@acompanha.app', password: 'Senha123', codigo: '654321' },
      { email: 'helena@acompanha.app', password: 'Senha123', codigo: '123 456' },
    ]);
  }, 15_000);
});
