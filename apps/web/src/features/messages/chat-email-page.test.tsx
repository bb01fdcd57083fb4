import type { EmailSendRequest } from '@acompanha/contract';
import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expiredJwt, expiredTokens, freshTokens } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp, signIn } from '../../testing/test-utils';

const EMAIL_URL = `${location.origin}/api/v1.0/email/send`;

/** Answers the e-mail endpoint with `status`, recording each body it receives. */
function emailEndpoint(status = 200, wait = 0) {
  const bodies: EmailSendRequest[] = [];
  server.use(
    http.post(EMAIL_URL, async ({ request }) => {
      bodies.push((await request.json()) as EmailSendRequest);
      await delay(wait);
      return status === 200
        ? new HttpResponse('OK', { status })
        : HttpResponse.json({ status, error: 'Internal Server Error', message: 'Falha' }, { status });
    }),
  );
  return bodies;
}

async function renderChat() {
  signIn();
  const view = renderApp('/chat/email');
  await screen.findByRole('heading', { level: 1, name: 'Enviar por e-mail' });
  return {
    ...view,
    name: () => screen.getByRole('textbox', { name: 'Nome' }),
    message: () => screen.getByRole('textbox', { name: 'Mensagem' }),
    send: () => screen.getByRole('button', { name: 'Enviar' }),
  };
}

describe('/chat/email name rules', () => {
  it.each([
    ['Ana Paula', null],
    ['João Conceição', null],
    ['Ana3', 'Não são permitidos caracteres especiais'],
    ['Ana!', 'Não são permitidos caracteres especiais'],
  ])('reads %j as it is typed: %s', async (typed, error) => {
    const { user, name } = await renderChat();

    await user.type(name(), typed);

    if (error) {
      expect(screen.getByText(error)).toBeInTheDocument();
      expect(name()).toHaveAttribute('aria-invalid', 'true');
    } else {
      expect(screen.queryByText('Não são permitidos caracteres especiais')).not.toBeInTheDocument();
      expect(name()).toHaveAttribute('aria-invalid', 'false');
    }
  });

  it('says the name may not be empty once it is cleared, and clears the error when fixed', async () => {
    const { user, name } = await renderChat();

    await user.type(name(), 'A');
    await user.clear(name());
    expect(screen.getByText('O nome não pode ser vazio')).toBeInTheDocument();

    await user.type(name(), 'Ana');
    expect(screen.queryByText('O nome não pode ser vazio')).not.toBeInTheDocument();
  });

  it('sends nothing while the name breaks a rule', async () => {
    const bodies = emailEndpoint();
    const { user, send } = await renderChat();

    await user.click(send());

    expect(screen.getByText('O nome não pode ser vazio')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });
});

describe('/chat/email sending', () => {
  it("sends EmailJS's JSON to the team, shows the success message and empties the form", async () => {
    const bodies = emailEndpoint(200, 50);
    const { user, name, message, send } = await renderChat();

    await user.type(name(), 'Ana Paula');
    await user.type(message(), 'Posso trocar o treino de quarta?');
    await user.click(send());

    expect(send()).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Mensagem enviada com sucesso.')).toBeInTheDocument();
    expect(send()).not.toHaveAttribute('aria-busy');
    expect(bodies).toEqual([
      {
        service_id: 'acompanha',
        template_id: 'template_contact',
        user_id: 'acompanha-web',
        template_params: {
          name: 'Ana Paula',
          message: 'Posso trocar o treino de quarta?',
          user_email: 'ana@demo.fit',
          destination: 'equipe@acompanha.app',
        },
      },
    ]);
    expect(name()).toHaveValue('');
    expect(message()).toHaveValue('');
    expect(screen.queryByText('O nome não pode ser vazio')).not.toBeInTheDocument();
  });

  it('sends as the signed-in client: with the access token, refreshed first once it has expired', async () => {
    const authorizations: (string | null)[] = [];
    server.use(
      http.post(EMAIL_URL, ({ request }) => {
        const authorization = request.headers.get('Authorization');
        authorizations.push(authorization);
        return authorization === `Bearer ${freshTokens.token}` ? new HttpResponse('OK') : expiredJwt();
      }),
    );
    const { user, name, send } = await renderChat();
    signIn(expiredTokens);

    await user.type(name(), 'Ana');
    await user.click(send());

    expect(await screen.findByText('Mensagem enviada com sucesso.')).toBeInTheDocument();
    expect(authorizations).toEqual([`Bearer ${expiredTokens.token}`, `Bearer ${freshTokens.token}`]);
  });

  it('shows the failure in red and keeps what was written', async () => {
    emailEndpoint(500);
    const { user, name, message, send } = await renderChat();

    await user.type(name(), 'Ana');
    await user.type(message(), 'Olá');
    await user.click(send());

    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao enviar mensagem!');
    expect(name()).toHaveValue('Ana');
    expect(message()).toHaveValue('Olá');
  });

  it('clears the last outcome at each new attempt', async () => {
    emailEndpoint(500);
    const { user, name, send } = await renderChat();
    await user.type(name(), 'Ana');
    await user.click(send());
    expect(await screen.findByText('Erro ao enviar mensagem!')).toBeInTheDocument();

    // An attempt the name rule stops still clears it.
    await user.type(name(), '1');
    await user.click(send());
    expect(screen.queryByText('Erro ao enviar mensagem!')).not.toBeInTheDocument();

    emailEndpoint(200, 50);
    await user.type(name(), '{Backspace}');
    await user.click(send());
    await waitFor(() => expect(send()).toHaveAttribute('aria-busy', 'true'));
    expect(screen.queryByText('Erro ao enviar mensagem!')).not.toBeInTheDocument();
    expect(await screen.findByText('Mensagem enviada com sucesso.')).toBeInTheDocument();
  });

  it("offers 'Relatar erro', leading to /application-error", async () => {
    const { router, user } = await renderChat();

    await user.click(screen.getByRole('link', { name: 'Relatar erro' }));

    expect(await screen.findByRole('heading', { name: 'Um Erro foi encontrado' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/application-error');
  });
});
