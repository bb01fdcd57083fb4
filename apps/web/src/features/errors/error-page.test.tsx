import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/test-utils';

describe('/error', () => {
  it.each([
    ['?reason=expired-token', 'O tempo para utilizar este link já expirou, você precisa solicitar outro.'],
    ['?reason=token-not-found', 'Link inválido.'],
    ['?reason=used-token', 'Link já utilizado, você precisa solicitar outro.'],
    ['?reason=invalid-params', 'Link inválido.'],
    ['', 'Erro desconhecido.'],
    ['?reason=toString', 'Erro desconhecido.'],
    ['?reason=something-else', 'Erro desconhecido.'],
  ])('for %j says %j', async (search, message) => {
    renderApp(`/error${search}`);

    expect(await screen.findByRole('heading', { name: 'Um Erro foi encontrado' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('offers a new link and the way to the login', async () => {
    renderApp('/error?reason=used-token');

    expect(await screen.findByRole('link', { name: 'Solicitar novo link' })).toHaveAttribute('href', '/reset-password-email');
    expect(screen.getByRole('link', { name: 'Ir para a página de login' })).toHaveAttribute('href', '/login');
  });
});
