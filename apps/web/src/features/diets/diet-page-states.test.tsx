import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RENEWAL_URL } from '../../lib/session/follow-up';
import { buildDiet, buildEvaluation, buildMeal } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp, signIn } from '../../testing/test-utils';

const notFound = () => HttpResponse.json({ status: 404, error: 'Not Found', message: 'Não encontrado.' }, { status: 404 });

function renderDiet({ diet, meals, plano }: { diet: () => Response; meals: () => Response; plano: 'BASIC' | 'PRO' | 'ULTIMATE' }) {
  server.use(
    http.get(apiUrl('/v1/clientes/1/avaliacoes'), () => HttpResponse.json({ results: [buildEvaluation({ plano })] })),
    http.get(apiUrl('/v1/dietas/9'), diet),
    http.get(apiUrl('/v1/dietas/9/refeicoes'), meals),
  );
  signIn();
  return renderApp('/diet/9');
}

describe('diet screen that cannot load', () => {
  it("shows 'Erro ao carregar dieta.' alone, with the way back, and tells a BASIC client that the plan has no diets", async () => {
    renderDiet({ diet: notFound, meals: notFound, plano: 'BASIC' });

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Erro ao carregar dieta.');
    expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(await screen.findByText('Seu plano não inclui dietas. Para incluí-las, renove seu acompanhamento.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Renovar' })).toHaveAttribute('href', RENEWAL_URL);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Erro ao carregar refeições.')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Suplementação' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  });

  it('says nothing of the plan when it includes diets', async () => {
    renderDiet({ diet: notFound, meals: notFound, plano: 'PRO' });

    expect(await screen.findByText('Erro ao carregar dieta.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/Seu plano não inclui/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Renovar' })).not.toBeInTheDocument();
  });

  it("keeps the diet when only its meals fail, and 'Tentar novamente' loads them", async () => {
    let mealsAnswer = notFound;
    const { user } = renderDiet({ diet: () => HttpResponse.json(buildDiet({ id: 9 })), meals: () => mealsAnswer(), plano: 'PRO' });

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Erro ao carregar refeições.');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    mealsAnswer = () => HttpResponse.json([buildMeal({ id: 1, titulo: 'Almoço' })]);

    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));

    expect(await screen.findByText('Almoço')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
