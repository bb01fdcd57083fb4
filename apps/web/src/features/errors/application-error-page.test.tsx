import type { EmailSendRequest } from '@acompanha/contract';
import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { server } from '../../testing/msw-server';
import { renderApp, signIn } from '../../testing/test-utils';

const EMAIL_URL = `${location.origin}/api/v1.0/email/send`;

async function renderAt(search = '') {
  signIn();
  const view = renderApp(`/application-error${search}`);
  await screen.findByRole('heading', { level: 1, name: 'Um Erro foi encontrado' });
  return view;
}

describe('/application-error', () => {
  it.each([
    ['?reason=expired-token', 'Código: O tempo para utilizar este link já expirou, você precisa solicitar outro.'],
    ['?reason=token-not-found', 'Código: Link inválido.'],
    ['?reason=used-token', 'Código: Link já utilizado, você precisa solicitar outro.'],
    ['', 'Código: Erro desconhecido.'],
    ['?reason=qualquer', 'Código: Erro desconhecido.'],
  ])('for %j reads %j', async (search, code) => {
    await renderAt(search);

    expect(screen.getByText(code)).toBeInTheDocument();
  });

  it("'Ir para o início' clears the stored session and goes to /login", async () => {
    const { router, user } = await renderAt();
    localStorage.setItem(STORAGE_KEYS.waterConsumption, '500');

    await user.click(screen.getByRole('link', { name: 'Ir para o início' }));

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.waterConsumption)).toBeNull();
  });

  it('shows the Feedback screen under the error: back button, title, notice, prompt and form', async () => {
    await renderAt();

    expect(screen.getByRole('heading', { name: 'Feedback' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toBeInTheDocument();
    expect(screen.getByText('Feedback direto')).toBeInTheDocument();
    expect(screen.getByText(/equipe técnica e para o seu nutricionista/)).toBeInTheDocument();
    expect(screen.getByText(/o que você tentou fazer, qual erro aconteceu e em qual tela/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Detalhes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar feedback' })).toBeInTheDocument();
  });

  it('goes back one page with the back button', async () => {
    signIn();
    const { router, user } = renderApp('/chat');
    await user.click(await screen.findByRole('link', { name: 'Relatar erro' }));
    await screen.findByRole('heading', { name: 'Feedback' });
    // The memory router keeps its own history; the browser's is what the button reads.
    window.history.replaceState({ idx: 1 }, '');

    await user.click(screen.getByRole('link', { name: 'Voltar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    window.history.replaceState(null, '');
  });

  it('sends the report to support, thanks in green and empties the form', async () => {
    const bodies: EmailSendRequest[] = [];
    server.use(
      http.post(EMAIL_URL, async ({ request }) => {
        bodies.push((await request.json()) as EmailSendRequest);
        await delay(50);
        return new HttpResponse('OK');
      }),
    );
    const { user } = await renderAt('?reason=used-token');

    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Ana Paula');
    await user.type(screen.getByRole('textbox', { name: 'Detalhes' }), 'O PDF não abriu no Perfil.');
    await user.click(screen.getByRole('button', { name: 'Enviar feedback' }));

    expect(screen.getByRole('button', { name: 'Enviar feedback' })).toHaveAttribute('aria-busy', 'true');
    const thanks = await screen.findByText('Obrigado. Recebemos seu feedback e vamos analisar o problema.');
    expect(thanks.closest('[data-slot=alert]')).toHaveClass('bg-primary-soft');
    expect(bodies).toEqual([
      {
        service_id: 'acompanha',
        template_id: 'template_feedback',
        user_id: 'acompanha-web',
        template_params: {
          name: 'Ana Paula',
          message: 'O PDF não abriu no Perfil.',
          user_email: 'ana@demo.fit',
          destination: 'suporte@acompanha.app',
        },
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Detalhes' })).toHaveValue('');
  });

  it('says so in red when the report cannot be sent, keeping the text, and clears it at the next attempt', async () => {
    server.use(http.post(EMAIL_URL, () => HttpResponse.error()));
    const { user } = await renderAt();

    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Detalhes' }), 'Tela branca');
    await user.click(screen.getByRole('button', { name: 'Enviar feedback' }));

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Não foi possível enviar seu feedback. Por favor, tente novamente.');
    expect(failure).toHaveClass('bg-destructive-soft');
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Ana');
    expect(screen.getByRole('textbox', { name: 'Detalhes' })).toHaveValue('Tela branca');

    server.use(http.post(EMAIL_URL, () => new HttpResponse('OK')));
    await user.click(screen.getByRole('button', { name: 'Enviar feedback' }));
    expect(await screen.findByText('Obrigado. Recebemos seu feedback e vamos analisar o problema.')).toBeInTheDocument();
    expect(screen.queryByText('Não foi possível enviar seu feedback. Por favor, tente novamente.')).not.toBeInTheDocument();
  });
});
