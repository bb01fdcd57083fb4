import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { RENEWAL_URL } from '../lib/session/follow-up';
import { buildClient } from '../testing/factories';
import { apiUrl } from '../testing/handlers';
import { server } from '../testing/msw-server';
import { renderApp, signIn } from '../testing/test-utils';
import { NO_EVALUATION_MESSAGE } from './no-evaluation-card';

/** davi: a client whose first consultation has not happened yet. */
beforeEach(() => {
  server.use(
    http.get(apiUrl('/v1/clientes/1/avaliacoes'), () => HttpResponse.json({ results: [] })),
    http.get(apiUrl('/v2/clientes/1'), () => HttpResponse.json(buildClient({ nome: 'Davi Rocha' }))),
  );
  signIn();
});

function expectNextSteps(card: HTMLElement) {
  expect(within(card).getByText(NO_EVALUATION_MESSAGE)).toBeInTheDocument();
  expect(within(card).getAllByRole('listitem').map((step) => step.textContent)).toEqual([
    '1Agende sua consultaA consulta é marcada pelo site, não pelo app.',
    '2Faça sua avaliaçãoNa consulta, a equipe mede seu corpo e conversa sobre seu objetivo.',
    '3Receba seu planoSeus treinos e sua dieta aparecem aqui em até 48 horas.',
  ]);
  const book = within(card).getByRole('link', { name: 'Agendar avaliação' });
  expect(book).toHaveAttribute('href', RENEWAL_URL);
  expect(book).toHaveAttribute('target', '_blank');
}

describe('without an evaluation', () => {
  it("Home welcomes the client by first name, with SPEC.md's message, what happens next and the way to book", async () => {
    renderApp('/');

    const card = await screen.findByRole('region', { name: 'Boas-vindas, Davi!' }, { timeout: 5000 });
    expectNextSteps(card);
    expect(screen.queryByRole('heading', { name: 'Meus treinos' })).not.toBeInTheDocument();
  });

  it("Perfil shows the client's name over the same steps, and no body data", async () => {
    renderApp('/profile');

    const card = await screen.findByRole('region', { name: 'Davi Rocha' }, { timeout: 5000 });
    expectNextSteps(card);
    expect(screen.queryByText('Peso')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notificações' })).toBeInTheDocument();
  });
});
