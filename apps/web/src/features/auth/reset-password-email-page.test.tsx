import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp } from '../../testing/test-utils';

/** Answers the reset-e-mail call like the API and keeps what was asked. */
function answerResetEmail(answer: () => Response | Promise<Response> = () => HttpResponse.json({ message: 'ok' })) {
  const calls: { email: string | null; authorization: string | null; contentType: string | null; body: unknown }[] = [];
  server.use(
    http.post(apiUrl('/token/generate/reset-password'), async ({ request }) => {
      calls.push({
        email: new URL(request.url).searchParams.get('email'),
        authorization: request.headers.get('Authorization'),
        contentType: request.headers.get('Content-Type'),
        body: await request.json(),
      });
      return answer();
    }),
  );
  return calls;
}

async function requestFor(email: string) {
  const view = renderApp('/reset-password-email');
  await view.user.type(await screen.findByLabelText('E-mail'), email);
  await view.user.click(screen.getByRole('button', { name: 'Enviar e-mail' }));
  return view;
}

describe('reset-password e-mail', () => {
  it('asks for the e-mail in the query, as JSON {} without a bearer, and confirms', async () => {
    localStorage.setItem('access-token', 'stale-access');
    const calls = answerResetEmail();

    await requestFor('ana@demo.fit');

    expect(
      await screen.findByText(
        'Email enviado com sucesso. Caso necessário, verifique sua caixa de spam ou lixo eletrônico.',
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ email: 'ana@demo.fit', authorization: null, contentType: expect.stringMatching(/^application\/json/), body: {} }]);
  });

  it.each([
    ['an empty body', () => new HttpResponse(null, { status: 200 })],
    ['plain text', () => HttpResponse.text('OK')],
    ['JSON without a message', () => HttpResponse.json({ enviado: true })],
    ['a 204', () => new HttpResponse(null, { status: 204 })],
  ])('confirms any success, even one with %s', async (_what, answer) => {
    answerResetEmail(answer);

    await requestFor('ana@demo.fit');

    expect(
      await screen.findByText(
        'Email enviado com sucesso. Caso necessário, verifique sua caixa de spam ou lixo eletrônico.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Falha ao enviar o e-mail/)).not.toBeInTheDocument();
  });

  it('refuses an invalid e-mail without calling the server', async () => {
    const calls = answerResetEmail();

    await requestFor('ana.demo.fit');

    expect(await screen.findByText('Insira um endereço de e-mail válido.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("appends the server's message to the failure", async () => {
    answerResetEmail(() =>
      HttpResponse.json(
        { status: 429, error: 'Too Many Requests', message: 'Muitas tentativas. Tente novamente em 900 segundos.' },
        { status: 429 },
      ),
    );

    await requestFor('ana@demo.fit');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Falha ao enviar o e-mail. Muitas tentativas. Tente novamente em 900 segundos.',
    );
  });

  it('shows the button as pending while sending', async () => {
    answerResetEmail(async () => {
      await delay('infinite');
      return HttpResponse.json({ message: 'ok' });
    });

    await requestFor('ana@demo.fit');

    expect(await screen.findByRole('button', { name: 'Enviar e-mail', busy: true })).toBeDisabled();
  });

  it('leads back to the login', async () => {
    renderApp('/reset-password-email');

    expect(await screen.findByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/login');
  });
});
