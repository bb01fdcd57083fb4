import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildDiet, buildMeal } from '../../testing/factories';
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

  it("lists the eight supplement brands and links 'Veja aqui' to /supplements", async () => {
    renderDiet();

    const notice = await screen.findByRole('region', { name: 'Suplementação' });
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

  it('lists the meals by posicao with their times and the first option as badges', async () => {
    renderDiet();

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
    expect(cards[2]).not.toHaveTextContent('150 g de batata-doce');
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
