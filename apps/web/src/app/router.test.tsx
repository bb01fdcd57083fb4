import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as HomePageModule from '../features/home/home-page';
import { setToken, STORAGE_KEYS } from '../lib/storage';
import { renderApp, signIn } from '../testing/test-utils';

const homePageRender = vi.hoisted(() => vi.fn<() => void>());

// Lets a test make the home screen fail to render, to reach the top-level error screen.
vi.mock('../features/home/home-page', async (importOriginal) => {
  const original = await importOriginal<typeof HomePageModule>();
  const { HomePage } = original;
  return {
    ...original,
    HomePage: () => {
      homePageRender();
      return <HomePage />;
    },
  };
});

function renderAt(path: string) {
  return renderApp(path).router;
}

afterEach(() => {
  homePageRender.mockReset();
});

describe('signed-out visitor', () => {
  it.each(['/', '/chat', '/profile', '/historico', '/supplements', '/faq', '/workout/1', '/diet/1', '/mobility', '/exercise-methods', '/application-error'])(
    'is sent from %s to /login',
    async (path) => {
      const router = renderAt(path);

      expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('sees the reset-e-mail screen', async () => {
    renderAt('/reset-password-email');

    expect(await screen.findByRole('heading', { name: 'Esqueceu sua senha?' })).toBeInTheDocument();
  });

  it('is sent from /reset-password to /login without a forgot-password token', async () => {
    const router = renderAt('/reset-password');

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sees /reset-password with a forgot-password token', async () => {
    setToken(STORAGE_KEYS.forgotPasswordToken, 'link-token');
    renderAt('/reset-password');

    expect(await screen.findByRole('heading', { name: 'Redefinir senha' })).toBeInTheDocument();
  });

  it('is sent from /first-access to /login without a first-access token', async () => {
    const router = renderAt('/first-access');

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sees /first-access with a first-access token', async () => {
    setToken(STORAGE_KEYS.firstAccessToken, 'link-token');
    renderAt('/first-access');

    expect(await screen.findByRole('heading', { name: 'Primeiro acesso' })).toBeInTheDocument();
  });
});

describe('signed-in client', () => {
  it('sees the home screen at /', async () => {
    signIn();
    renderAt('/');

    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
  });

  it.each(['/login', '/reset-password-email'])('is sent from %s to /', async (path) => {
    signIn();
    const router = renderAt(path);

    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/', 'Início'],
    ['/workout/3', 'Início'],
    ['/diet/7', 'Início'],
    ['/chat', 'Chat'],
    ['/chat/email', 'Chat'],
    ['/application-error', 'Chat'],
    ['/profile', 'Perfil'],
    ['/faq', 'FAQ'],
  ])('on %s sees the %s tab marked as the current page', async (path, tab) => {
    signIn();
    renderAt(path);

    const nav = await screen.findByRole('navigation');
    expect(screen.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('moves the highlight when following a tab', async () => {
    signIn();
    renderAt('/');

    await userEvent.click(await screen.findByRole('link', { name: 'Perfil' }));

    expect(await screen.findByRole('heading', { name: 'Perfil' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Perfil' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
  });
});

describe('unknown paths', () => {
  it('show the not-found page with a link home', async () => {
    renderAt('/nao-existe/mesmo');

    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/');
  });
});

describe('render failures', () => {
  it('show the top-level error screen, whose link clears the stored tokens', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    homePageRender.mockImplementation(() => {
      throw new Error('render failure');
    });
    signIn();
    renderAt('/');

    expect(await screen.findByRole('heading', { name: 'Um Erro foi encontrado' })).toBeInTheDocument();
    expect(screen.getByText('Caso persista, entre em contato com o suporte.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Ir para a página de login' });
    expect(link).toHaveAttribute('href', '/login');

    // jsdom cannot load another page; the click's own handler still runs.
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);

    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    vi.mocked(console.error).mockRestore();
  });
});
