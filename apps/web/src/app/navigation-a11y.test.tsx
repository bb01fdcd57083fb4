import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setToken, STORAGE_KEYS } from '../lib/storage';
import { buildWorkout } from '../testing/factories';
import { apiUrl, demoCredentials } from '../testing/handlers';
import { server } from '../testing/msw-server';
import { renderApp, signIn } from '../testing/test-utils';

const firstAccessLink = `/reset-password-fallback?${new URLSearchParams({
  token: 'first-access-link',
  reason: 'ok',
  origin: 'FIRST_ACCESS',
  status: 'success',
})}`;

describe('the document title', () => {
  it.each([
    ['/login', 'Entrar · Acompanha'],
    ['/reset-password-email', 'Esqueceu sua senha? · Acompanha'],
    ['/error?reason=used-token', 'Um Erro foi encontrado · Acompanha'],
    ['/nada-aqui', 'Página não encontrada · Acompanha'],
    [firstAccessLink, 'Verificando seu link · Acompanha'],
  ])('signed out, %s is %j', async (path, title) => {
    renderApp(path);

    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    [STORAGE_KEYS.forgotPasswordToken, '/reset-password', 'Redefinir senha · Acompanha'],
    [STORAGE_KEYS.firstAccessToken, '/first-access', 'Primeiro acesso · Acompanha'],
  ])('with a link token, %s is %j', async (key, path, title) => {
    setToken(key, 'link-token');
    renderApp(path);

    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    ['/', 'Início · Acompanha'],
    ['/chat', 'Chat · Acompanha'],
    ['/chat/email', 'Enviar por e-mail · Acompanha'],
    ['/profile', 'Perfil · Acompanha'],
    ['/historico', 'Histórico · Acompanha'],
    ['/supplements', 'Plano alimentar · Acompanha'],
    ['/faq', 'Perguntas frequentes · Acompanha'],
    ['/mobility', 'Mobilidade · Acompanha'],
    ['/exercise-methods', 'Métodos de treinamento · Acompanha'],
    ['/application-error?reason=used-token', 'Um Erro foi encontrado · Acompanha'],
    ['/workout/1', 'Treino A - Inferiores · Acompanha'],
    ['/diet/1', 'Plano de 1.800 kcal · Acompanha'],
  ])('signed in, %s is %j', async (path, title) => {
    signIn();
    renderApp(path);

    await waitFor(() => expect(document.title).toBe(title));
  });

  it('is one title at a time, the current screen’s', async () => {
    signIn();
    const { user } = renderApp('/');
    await waitFor(() => expect(document.title).toBe('Início · Acompanha'));

    await user.click(await screen.findByRole('link', { name: 'FAQ' }));

    await waitFor(() => expect(document.title).toBe('Perguntas frequentes · Acompanha'));
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
  });
});

describe('focus after a navigation', () => {
  it('stays where the browser put it on the screen the app opens with', async () => {
    signIn();
    renderApp('/profile');

    await screen.findByRole('heading', { level: 1, name: 'Perfil' });
    await screen.findByText('Olá, Ana S.');
    expect(document.body).toHaveFocus();
  });

  it.each(['/login', '/'])('stays put on the signed-out first screen, opened at %s', async (path) => {
    renderApp(path);

    await screen.findByRole('heading', { level: 1, name: 'Bem-vindo ao Acompanha' });
    await screen.findByRole('button', { name: 'Entrar' });
    expect(document.body).toHaveFocus();
  });

  it('moves to the new screen’s h1 when a tab of the bottom bar is followed', async () => {
    signIn();
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Início' });

    await user.click(screen.getByRole('link', { name: 'Perfil' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Perfil' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('link', { name: 'FAQ' }));

    const faq = await screen.findByRole('heading', { level: 1, name: 'Perguntas frequentes' });
    await waitFor(() => expect(faq).toHaveFocus());
  });

  it('has the main content focused while the next screen loads, then its h1', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(apiUrl('/v1/treinos/1'), async () => {
        await released;
        return HttpResponse.json(buildWorkout());
      }),
    );
    signIn();
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('link', { name: /Treino A - Inferiores/ }));

    await screen.findByRole('link', { name: 'Voltar para o início' });
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
    release();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Treino A - Inferiores' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('moves to the home screen’s h1 after signing in', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), demoCredentials.email);
    await user.type(screen.getByLabelText('Senha'), demoCredentials.password);

    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Início' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('moves between the signed-out screens as well', async () => {
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('link', { name: 'Esqueceu sua senha?' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Esqueceu sua senha?' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});

describe("the skip link 'Pular para o conteúdo'", () => {
  it('is the first stop of the keyboard and moves focus into the main content', async () => {
    signIn();
    const { user, router } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Perfil' });

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#conteudo');

    await user.keyboard('{Enter}');

    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'conteudo');
    // Only the focus moved: no navigation, no hash in the address.
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.location.hash).toBe('');
    await user.tab();
    expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
  });

  it('is there on the signed-out screens too', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Bem-vindo ao Acompanha' });

    await user.tab();
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('main')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
  });
});
