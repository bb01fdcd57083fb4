import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Evaluation, Workout } from '@acompanha/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDiet, buildEvaluation, buildMeal, buildWorkout, paged } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { recordRequests } from '../../testing/record-requests';
import { renderApp, signIn } from '../../testing/test-utils';

const notFound = () => HttpResponse.json({ status: 404, error: 'Not Found', message: 'Não encontrado.' }, { status: 404 });

const meals = [
  buildMeal({
    id: 3,
    titulo: 'Almoço',
    posicao: 3,
    horario_inicio: '12:00',
    horario_fim: '13:00',
    opcoes: [
      { id: 31, grupos: [{ id: 1, descricao: '120 g de arroz integral' }, { id: 2, descricao: '130 g de frango grelhado' }] },
      { id: 32, grupos: [{ id: 3, descricao: '150 g de batata-doce' }] },
    ],
  }),
  buildMeal({
    id: 1,
    titulo: 'Café da manhã',
    posicao: 1,
    horario_inicio: '07:00',
    horario_fim: '08:00',
    opcoes: [{ id: 11, grupos: [{ id: 4, descricao: '2 ovos mexidos' }] }],
  }),
  buildMeal({
    id: 2,
    titulo: 'Pré-treino',
    posicao: 2,
    is_horario_customizado: true,
    horario_customizado: '16:30',
    horario_inicio: '10:00',
    horario_fim: '10:30',
    opcoes: [{ id: 21, grupos: [{ id: 5, descricao: '1 tapioca de 40 g' }] }],
  }),
  buildMeal({ id: 4, titulo: 'Lanche da tarde', posicao: 4, horario_inicio: '16:00', horario_fim: '16:30', opcoes: [] }),
];

type Answer = () => Response | Promise<Response>;

function renderDiet({
  diet = () => HttpResponse.json(buildDiet({ id: 9, titulo: 'Plano de 1.800 kcal', is_dia_de_treino: true })),
  mealList = () => HttpResponse.json(meals),
}: { diet?: Answer; mealList?: Answer } = {}) {
  server.use(http.get(apiUrl('/v1/dietas/9'), diet), http.get(apiUrl('/v1/dietas/9/refeicoes'), mealList));
  signIn();
  return renderApp('/diet/9');
}

describe('diet screen', () => {
  it("heads a training-day diet 'Dieta para treino' with its title and a way back", async () => {
    renderDiet();

    // The first render of the file also loads the route's module: slow on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieta para treino' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Plano de 1.800 kcal')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveTextContent('Início');
  });

  it("heads a rest-day diet 'Dieta para descanso'", async () => {
    renderDiet({ diet: () => HttpResponse.json(buildDiet({ id: 9, is_dia_de_treino: false })) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dieta para descanso' })).toBeInTheDocument();
  });

  it("folds the supplement notice to one line, between the heading and the meals, which unfolds to the eight brands and 'Veja aqui'", async () => {
    const { user } = renderDiet();

    const notice = await screen.findByRole('region', { name: 'Suplementação' });
    const heading = screen.getByRole('heading', { level: 1 });
    const firstMeal = await screen.findByRole('heading', { name: 'Café da manhã' });
    expect(heading.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.compareDocumentPosition(firstMeal) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(notice).getByText('Marcas que você pode escolher:')).not.toBeVisible();

    await user.click(within(notice).getByText('Suplementação'));

    expect(within(notice).getByText('Marcas que você pode escolher:')).toBeVisible();
    expect(within(notice).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Growth Supplements',
      'Integralmedica',
      'Max Titanium',
      'Probiótica',
      'Black Skull',
      'Dux Nutrition',
      'Essential Nutrition',
      'Optimum Nutrition',
    ]);
    expect(within(notice).getByRole('link', { name: 'Veja aqui' })).toHaveAttribute('href', '/supplements');
  });

  it("lists the meals by posicao with their times, the first option's groups as lines and the others under 'Outras opções'", async () => {
    const { user } = renderDiet();

    const list = await screen.findByRole('region', { name: 'Refeições' });
    const cards = Array.from(list.querySelectorAll<HTMLElement>(':scope > ol > li'));
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Café da manhã',
      'Pré-treino',
      'Almoço',
      'Lanche da tarde',
    ]);
    expect(cards[0]).toHaveTextContent('07:00 - 08:00');
    expect(cards[1]).toHaveTextContent('16:30');
    expect(cards[1]).not.toHaveTextContent('10:00');
    expect(within(cards[2]!).getByRole('list', { name: 'Itens de Almoço' }).textContent).toBe(
      '120 g de arroz integral130 g de frango grelhado',
    );
    expect(within(cards[2]!).getByText('130 g de frango grelhado').closest('[data-slot="badge"]')).toBeNull();
    // The second option, folded until asked for; a meal of one option has nothing to unfold.
    expect(within(cards[2]!).getByText('150 g de batata-doce')).not.toBeVisible();
    expect(within(cards[0]!).queryByText('Outras opções')).not.toBeInTheDocument();

    await user.click(within(cards[2]!).getByText('Outras opções'));

    expect(within(cards[2]!).getByRole('list', { name: 'Opção 2 de Almoço' })).toHaveTextContent('150 g de batata-doce');
    expect(within(cards[2]!).getByText('150 g de batata-doce')).toBeVisible();
  });

  it("says 'Criação de refeição pendente' for a meal without options", async () => {
    renderDiet();

    const pending = await screen.findByText('Criação de refeição pendente');
    expect(pending.closest('[data-slot="meal-card"]')).toHaveTextContent('Lanche da tarde');
    expect(screen.getAllByText('Criação de refeição pendente')).toHaveLength(1);
  });

  it('says when there are no meals', async () => {
    renderDiet({ mealList: () => HttpResponse.json([]) });

    expect(await screen.findByText('Nenhuma refeição encontrada.')).toBeInTheDocument();
  });

  it.each([
    ['the diet', { diet: notFound }, 'Erro ao carregar dieta.'],
    ['the meals', { mealList: notFound }, 'Erro ao carregar refeições.'],
  ])('says when %s cannot be loaded', async (_what, answers, message) => {
    renderDiet(answers);

    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows placeholders while loading', async () => {
    const never = async () => {
      await delay('infinite');
      return notFound();
    };
    renderDiet({ diet: never, mealList: never });

    await waitFor(() => expect(document.querySelectorAll('[aria-busy="true"] [data-slot="skeleton"]')).toHaveLength(5));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});

describe("today's diet", () => {
  // Wednesday 2026-11-25: Treino C's day (QUARTA).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 25, 8, 0));
  });
  afterEach(() => vi.useRealTimers());

  function withPlan(plano: Evaluation['plano'], dias: Workout['dias']) {
    server.use(
      http.get(apiUrl('/v1/clientes/1/avaliacoes'), () => HttpResponse.json({ results: [buildEvaluation({ id: 5, plano })] })),
      http.get(apiUrl('/v1/avaliacoes/5/treinos'), () => HttpResponse.json(paged([buildWorkout({ id: 13, dias })]))),
      http.get(apiUrl('/v1/avaliacoes/5/dietas'), () =>
        HttpResponse.json(paged([buildDiet({ id: 9, is_dia_de_treino: true }), buildDiet({ id: 8, is_dia_de_treino: false })])),
      ),
    );
  }

  it('says today is a training day, and that this is its diet', async () => {
    withPlan('ULTIMATE', ['QUARTA', 'SABADO']);
    renderDiet();

    const line = await screen.findByText('Hoje é dia de treino.', {}, { timeout: 5000 });
    expect(line.closest('p')).toHaveTextContent('Hoje é dia de treino. Esta é a sua dieta de hoje.');
  });

  it("says today is a rest day on the training day's diet, with the way to the rest day's", async () => {
    withPlan('ULTIMATE', ['SEGUNDA', 'QUINTA']);
    renderDiet();

    const line = await screen.findByText('Hoje é dia de descanso.', {}, { timeout: 5000 });
    expect(line.closest('p')).toHaveTextContent('Hoje é dia de descanso. Hoje vale a dieta para dias sem treino.');
    expect(await screen.findByRole('link', { name: 'Ver dieta de hoje' })).toHaveAttribute('href', '/diet/8');
  });

  it('without workouts in the plan (PRO), says when the diet applies, and never asks for workouts', async () => {
    const requests = recordRequests();
    withPlan('PRO', ['QUARTA']);
    renderDiet();

    expect(await screen.findByText('Siga esta dieta nos dias em que você treinar.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/^Hoje é dia/)).not.toBeInTheDocument();
    expect(requests.count('GET /api/v1/avaliacoes/5/treinos')).toBe(0);
    requests.stop();
  });
});

describe('diet caching and prefetching', () => {
  it('opens again from home at once, from the cache', async () => {
    const { router } = renderDiet();
    await screen.findByText('Lanche da tarde');
    await act(() => router.navigate('/'));
    await screen.findByRole('region', { name: 'Minhas dietas' });
    const requests = recordRequests();

    await act(() => router.navigate('/diet/9'));

    expect(screen.getByRole('heading', { level: 1, name: 'Dieta para treino' })).toBeInTheDocument();
    expect(screen.getByText('Lanche da tarde')).toBeInTheDocument();
    expect(requests.count('GET /api/v1/dietas/9')).toBe(0);
    expect(requests.count('GET /api/v1/dietas/9/refeicoes')).toBe(0);
    requests.stop();
  });

  it('the route asks for the diet and its meals before the screen mounts', async () => {
    const { router } = renderDiet();
    await screen.findByText('Lanche da tarde');
    await act(() => router.navigate('/'));
    await screen.findByRole('region', { name: 'Minhas dietas' });
    const started: Record<string, boolean> = {};
    const listener = ({ request }: { request: Request }) => {
      started[new URL(request.url).pathname] = screen.queryByRole('region', { name: 'Suplementação' }) !== null;
    };
    server.events.on('request:start', listener);

    await act(() => router.navigate('/diet/4'));

    await waitFor(() => expect(Object.keys(started)).toEqual(expect.arrayContaining(['/api/v1/dietas/4', '/api/v1/dietas/4/refeicoes'])));
    expect(started['/api/v1/dietas/4']).toBe(false);
    expect(started['/api/v1/dietas/4/refeicoes']).toBe(false);
    server.events.removeListener('request:start', listener);
  });
});
