import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, expiredJwt, unauthorized } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { recordRequests, REFRESH_CALL } from '../../testing/record-requests';
import { renderApp, signIn } from '../../testing/test-utils';

const RULE =
  'A senha deve conter de 8 a 16 caracteres no máximo, uma letra maiúscula, minúscula e um número.';

/** Answers change-password like the API and keeps what was sent. */
function answerChangePassword(answer: () => Response | Promise<Response> = () => new HttpResponse(null, { status: 204 })) {
  const calls: { password: unknown; authorization: string | null }[] = [];
  server.use(
    http.patch(apiUrl('/v1/users/change-password'), async ({ request }) => {
      const body = (await request.json()) as { password: unknown };
      calls.push({ password: body.password, authorization: request.headers.get('Authorization') });
      return answer();
    }),
  );
  return calls;
}

const screens = [
  {
    path: '/reset-password',
    tokenKey: 'forgot-password-token',
    heading: 'Redefinir senha',
    submit: 'Alterar senha',
  },
  {
    path: '/first-access',
    tokenKey: 'first-access-token',
    heading: 'Primeiro acesso',
    submit: 'Criar senha',
  },
] as const;

describe.each(screens)('$path', ({ path, tokenKey, heading, submit }) => {
  async function open() {
    localStorage.setItem(tokenKey, 'link-token');
    const view = renderApp(path);
    await screen.findByRole('heading', { name: heading });
    return view;
  }

  async function fill(user: ReturnType<typeof renderApp>['user'], password: string, confirmation: string) {
    if (password) await user.type(screen.getByLabelText('Nova senha'), password);
    if (confirmation) await user.type(screen.getByLabelText('Confirme a nova senha'), confirmation);
    await user.click(screen.getByRole('button', { name: submit }));
  }

  it.each(['Abc1234', 'Abcdefghijklmno12', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh'])(
    'refuses %j with the rule message',
    async (password) => {
      const calls = answerChangePassword();
      const { user } = await open();

      await fill(user, password, password);

      expect(await screen.findByText(RULE)).toBeInTheDocument();
      expect(screen.getByLabelText('Nova senha')).toHaveAttribute('aria-invalid', 'true');
      expect(calls).toEqual([]);
    },
  );

  it("requires the confirmation: 'Este campo é obrigatório'", async () => {
    const calls = answerChangePassword();
    const { user } = await open();

    await fill(user, 'NovaSenha1', '');

    expect(await screen.findByText('Este campo é obrigatório')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirme a nova senha')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it("shows 'As senhas devem ser iguais.' on the confirmation field", async () => {
    const calls = answerChangePassword();
    const { user } = await open();

    await fill(user, 'NovaSenha1', 'NovaSenha2');

    const confirmation = screen.getByLabelText('Confirme a nova senha');
    expect(confirmation).toHaveAccessibleDescription('As senhas devem ser iguais.');
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nova senha')).toHaveAttribute('aria-invalid', 'false');
    expect(calls).toEqual([]);
  });

  it('sends the password with the link token as bearer, clears local storage and confirms on /login', async () => {
    signIn();
    localStorage.setItem('waterIntake', '[1]');
    const calls = answerChangePassword();
    const { user, router } = await open();

    await fill(user, 'NovaSenha1', 'NovaSenha1');

    expect(await screen.findByText('Senha redefinida com sucesso.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls).toEqual([{ password: 'NovaSenha1', authorization: 'Bearer link-token' }]);
    expect(localStorage.length).toBe(0);
  });

  it('never refreshes a session when the link token is refused', async () => {
    signIn({ token: 'session-access', refresh_token: 'refresh-1' });
    const requests = recordRequests();
    answerChangePassword(() => expiredJwt('O link de redefinição de senha expirou.'));
    const { user, router } = await open();

    await fill(user, 'NovaSenha1', 'NovaSenha1');

    await screen.findByRole('alert');
    expect(requests.count(REFRESH_CALL)).toBe(0);
    expect(router.state.location.pathname).toBe(path);
    expect(localStorage.getItem(tokenKey)).toBe('link-token');
    requests.stop();
  });

  it('shows the button as pending while saving', async () => {
    answerChangePassword(async () => {
      await delay('infinite');
      return new HttpResponse(null, { status: 204 });
    });
    const { user } = await open();

    await fill(user, 'NovaSenha1', 'NovaSenha1');

    expect(await screen.findByRole('button', { name: submit, busy: true })).toBeDisabled();
  });
});

describe('/reset-password failures', () => {
  async function submitWith(answer: () => Response) {
    answerChangePassword(answer);
    localStorage.setItem('forgot-password-token', 'link-token');
    const { user } = renderApp('/reset-password');
    await user.type(await screen.findByLabelText('Nova senha'), 'NovaSenha1');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'NovaSenha1');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    return screen.findByRole('alert');
  }

  it('names an expired link', async () => {
    const alert = await submitWith(() => expiredJwt('O link de redefinição de senha expirou.'));

    expect(alert).toHaveTextContent(/^Falha ao redefinir senha\. O token de redefinição de senha expirou\.$/);
  });

  it("passes any other server message on", async () => {
    const alert = await submitWith(() => unauthorized('Link já utilizado, você precisa solicitar outro.'));

    expect(alert).toHaveTextContent(/^Falha ao redefinir senha\. Link já utilizado, você precisa solicitar outro\.$/);
  });
});

describe('/first-access failures', () => {
  it.each([
    ['an expired link', () => expiredJwt('O link de redefinição de senha expirou.')],
    ['a used link', () => unauthorized('Link já utilizado, você precisa solicitar outro.')],
  ])('show the first-access message for %s', async (_case, answer) => {
    answerChangePassword(answer);
    localStorage.setItem('first-access-token', 'link-token');
    const { user } = renderApp('/first-access');
    await user.type(await screen.findByLabelText('Nova senha'), 'NovaSenha1');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'NovaSenha1');
    await user.click(screen.getByRole('button', { name: 'Criar senha' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Ocorreu um erro ao redefinir sua senha\. Caso persista, entre em contato com o suporte\.$/,
    );
  });
});
