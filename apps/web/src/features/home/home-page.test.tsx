import type { Evaluation, Workout } from '@acompanha/contract';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDiet, buildEvaluation, buildExercise, buildWorkout, localDateIn, paged } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { recordRequests } from '../../testing/record-requests';
import { renderApp, signIn } from '../../testing/test-utils';
import { todaysWorkoutIndex } from './components/todays-workout';

/** Codes as the API may send them: DECISIONS.md §2 accepts the accented spellings too. */
const asSent = (codes: string[]) => codes as Workout['dias'];
const workouts = [
  buildWorkout({ id: 11, titulo: 'Treino A', dias: ['SEGUNDA', 'QUINTA'] }),
  buildWorkout({ id: 12, titulo: 'Treino B', dias: asSent(['TERÇA', 'SEXTA']) }),
  buildWorkout({ id: 13, titulo: 'Treino C', dias: asSent(['QUARTA', 'SÁBADO']) }),
];
const diets = [
  buildDiet({ id: 21, titulo: 'Plano de 1.800 kcal', is_dia_de_treino: true }),
  buildDiet({ id: 22, titulo: 'Plano de 1.550 kcal', is_dia_de_treino: false }),
];
/** Each workout's exercises, by muscle group: A the legs, B the upper body, C glutes and core. */
const exercisesOf: Record<number, Array<[grupo: string, series: number, repeticoes: string, descanso: number]>> = {
  11: [
    ['Quadríceps', 4, '10-12', 90],
    ['Posteriores de coxa', 3, '12', 60],
  ],
  12: [
    ['Peitoral', 4, '10', 90],
    ['Dorsais', 4, '12', 75],
    ['Abdômen', 3, '40 s', 30],
  ],
  13: [
    ['Glúteos', 4, '12', 75],
    ['Abdômen', 3, '15', 30],
    ['Glúteos', 3, '10 cada perna', 60],
  ],
};
const notFound = () => HttpResponse.json({ status: 404, error: 'Not Found', message: 'Não encontrado.' }, { status: 404 });

type Answer = () => Response | Promise<Response>;
const never: Answer = async () => {
  await delay('infinite');
  return notFound();
};

function withPlan(evaluation: Partial<Evaluation> | null, lists: { workouts?: Answer; diets?: Answer } = {}) {
  server.use(
    http.get(apiUrl('/v1/clientes/1/avaliacoes'), () =>
      HttpResponse.json({ results: evaluation === null ? [] : [buildEvaluation({ id: 5, ...evaluation })] }),
    ),
    http.get(apiUrl('/v1/avaliacoes/5/treinos'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('page') !== '0' || params.get('size') !== '50') return notFound();
      return lists.workouts ? lists.workouts() : HttpResponse.json(paged(workouts));
    }),
    http.get(apiUrl('/v1/avaliacoes/5/dietas'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('page') !== '0' || params.get('size') !== '50') return notFound();
      return lists.diets ? lists.diets() : HttpResponse.json(paged(diets));
    }),
    http.get(apiUrl('/v1/treinos/:id/exercicios'), ({ params }) =>
      HttpResponse.json(
        paged(
          (exercisesOf[Number(params.id)] ?? []).map(([grupo_muscular, series, repeticoes, tempo_descanso], index) =>
            buildExercise({ id: Number(params.id) * 10 + index, series, repeticoes, tempo_descanso, atividade: { titulo: `Exercício ${index}`, grupo_muscular, video: null } }),
          ),
        ),
      ),
    ),
  );
  signIn();
  return renderApp('/');
}

/** Sessions by workout id, newest first, started at these local times. */
function answerSessions(starts: Record<string, Date[]>) {
  server.use(
    http.get(apiUrl('/v1/treinos/:id/sessoes'), ({ params }) =>
      HttpResponse.json(
        paged(
          (starts[String(params.id)] ?? []).map((start, index) => ({
            id: `s-${params.id}-${index}`,
            treino_id: Number(params.id),
            iniciado_em: start.toISOString(),
            concluido_em: start.toISOString(),
            series: [],
          })),
        ),
      ),
    ),
  );
}

describe("today's workout", () => {
  // Local calendar dates: 2026-11-23 is a Monday.
  it.each([
    [new Date(2026, 10, 23, 9), 0],
    [new Date(2026, 10, 24, 23, 30), 1],
    [new Date(2026, 10, 25, 0, 10), 2],
    [new Date(2026, 10, 28, 12), 2],
    [new Date(2026, 10, 29, 12), 0],
  ])('on %s is the workout at %i (accented codes count, Sunday falls back to the first)', (day, index) => {
    expect(todaysWorkoutIndex(workouts, day)).toBe(index);
  });

  it('is the first when the plan names no days', () => {
    expect(todaysWorkoutIndex([buildWorkout({ id: 1, dias: [] }), buildWorkout({ id: 2, dias: [] })], new Date(2026, 10, 25))).toBe(0);
  });
});

/** A Wednesday, Treino C's day: the card, the week strip, the banner and the water card read the device's today. */
function onAFixedWednesday() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 25, 8, 0));
  });
  afterEach(() => vi.useRealTimers());
}

describe('home', () => {
  onAFixedWednesday();

  describe("today's card and this week", () => {
    it("shows one card, today's workout: its artwork by muscle group, days, exercises, duration, last time and 'Iniciar treino'", async () => {
      // Treino C's last session: Monday, two days ago; Treino A's this morning.
      answerSessions({ '13': [new Date(2026, 10, 23, 18, 30)], '11': [new Date(2026, 10, 25, 7, 0)] });
      withPlan({ plano: 'BASIC' });

      // The first render of the file also loads the route's module: slow on a busy machine.
      const section = await screen.findByRole('region', { name: 'Meus treinos' }, { timeout: 5000 });
      const card = await within(section).findByRole('group', { name: 'Treino C' });
      expect(within(section).getAllByRole('group')).toHaveLength(1);
      expect(within(card).getByRole('link', { name: 'Treino C' })).toHaveAttribute('href', '/workout/13');
      expect(card).toHaveTextContent('Quarta, Sábado');
      // 4 × (36 + 75) + 3 × (45 + 30) + 3 × (60 + 60) = 1,029 s: about 15 minutes.
      expect(await within(card).findByText('3 exercícios')).toBeInTheDocument();
      expect(card).toHaveTextContent('cerca de ~15 min');
      expect(await within(card).findByText('Feito há 2 dias')).toBeInTheDocument();
      // Glutes lead over the abdominals: a lower-body day.
      expect(card.querySelector('[data-slot="workout-artwork"]')).toHaveAttribute('data-focus', 'lower');
      const start = within(card).getByRole('link', { name: 'Iniciar treino' });
      expect(start).toHaveAttribute('href', '/workout/13?iniciar=1');
      expect(start).toHaveAccessibleDescription('Treino C');
    });

    it("labels today's workout 'Hoje', and no card on a day without one", async () => {
      const first = withPlan({ plano: 'BASIC' });
      const section = await screen.findByRole('region', { name: 'Meus treinos' }, { timeout: 5000 });
      expect(await within(section).findByRole('group', { name: 'Treino C' })).toHaveTextContent(/^Treino CHoje/);
      first.unmount();

      vi.setSystemTime(new Date(2026, 10, 29, 8, 0)); // a Sunday: no workout, the first is shown
      withPlan({ plano: 'BASIC' });
      const sunday = await screen.findByRole('region', { name: 'Meus treinos' });
      const card = await within(sunday).findByRole('group', { name: 'Treino A' });
      expect(card).not.toHaveTextContent('Hoje');
    });

    it("shows the week's sessions from Monday as seven days, today marked", async () => {
      // Sessions of two workouts: Monday 23 and Wednesday 25 this week, and the Friday before, which is last week.
      server.use(
        http.get(apiUrl('/v1/treinos/:id/sessoes'), ({ params }) => {
          // Local times, as the device's calendar decides the day.
          const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 30).toISOString();
          const starts: Record<string, string[]> = { '11': [at(23, 18), at(20, 18)], '13': [at(25, 7)] };
          const results = (starts[String(params.id)] ?? []).map((start, index) => ({
            id: `s-${params.id}-${index}`,
            treino_id: Number(params.id),
            iniciado_em: start,
            concluido_em: start,
            series: [],
          }));
          return HttpResponse.json(paged(results));
        }),
      );
      withPlan({ plano: 'BASIC' });
      const section = await screen.findByRole('region', { name: 'Meus treinos' }, { timeout: 5000 });
      expect(await within(section).findByText('Esta semana: 2 treinos')).toBeInTheDocument();
      const days = within(within(section).getByRole('list', { name: 'Treinos desta semana' })).getAllByRole('listitem');
      expect(days.map((day) => day.textContent)).toEqual([
        'SegSegunda: treino feito',
        'TerTerça: sem treino',
        'QuaQuarta (hoje): treino feito',
        'QuiQuinta: sem treino',
        'SexSexta: sem treino',
        'SábSábado: sem treino',
        'DomDomingo: sem treino',
      ]);
    });

    it("'Ver todos' toggles a two-column grid of every workout, each with its own artwork, facts and start", async () => {
      answerSessions({ '11': [new Date(2026, 10, 25, 7, 0)], '12': [new Date(2026, 10, 24, 19, 0)] });
      const { user } = withPlan({ plano: 'BASIC' });
      const section = await screen.findByRole('region', { name: 'Meus treinos' });
      await within(section).findByRole('group', { name: 'Treino C' });
      const toggle = within(section).getByRole('button', { name: 'Ver todos' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await user.click(toggle);

      const cards = within(section).getAllByRole('group');
      expect(cards.map((card) => within(card).getByRole('link', { name: /^Treino/ }).getAttribute('href'))).toEqual([
        '/workout/11',
        '/workout/12',
        '/workout/13',
      ]);
      expect(cards.map((card) => within(card).getByRole('link', { name: 'Iniciar treino' }).getAttribute('href'))).toEqual([
        '/workout/11?iniciar=1',
        '/workout/12?iniciar=1',
        '/workout/13?iniciar=1',
      ]);
      await within(cards[0]!).findByText('2 exercícios');
      await within(cards[1]!).findByText('3 exercícios');
      expect(cards.map((card) => card.querySelector('[data-slot="workout-artwork"]')?.getAttribute('data-focus'))).toEqual(['lower', 'upper', 'lower']);
      // Wednesday is Treino C's day: its card says so.
      expect(await within(cards[0]!).findByText('Feito hoje')).toBeInTheDocument();
      expect(await within(cards[1]!).findByText('Feito ontem')).toBeInTheDocument();
      expect(await within(cards[2]!).findByText('Ainda não feito')).toBeInTheDocument();
      expect(cards.map((card) => within(card).queryByText('Hoje') !== null)).toEqual([false, false, true]);
      expect(cards[0]!.closest('ul')).toHaveClass('grid-cols-2');
      expect(toggle).toHaveAttribute('aria-expanded', 'true');

      await user.click(toggle);
      expect(within(section).getAllByRole('group')).toHaveLength(1);
    });

    it("asks for the exercises of the cards shown only, once each, and counts them as soon as they come", async () => {
      const requests = recordRequests();
      const { user } = withPlan({ plano: 'BASIC' });
      const section = await screen.findByRole('region', { name: 'Meus treinos' }, { timeout: 5000 });
      await within(section).findByText('3 exercícios');
      expect(requests.count('GET /api/v1/treinos/13/exercicios')).toBe(1);
      expect(requests.count('GET /api/v1/treinos/11/exercicios')).toBe(0);

      await user.click(within(section).getByRole('button', { name: 'Ver todos' }));
      await within(section).findByText('2 exercícios');
      expect(requests.count('GET /api/v1/treinos/13/exercicios')).toBe(1);
      requests.stop();
    });
  });

  it('offers no toggle for a single workout', async () => {
    withPlan({ plano: 'BASIC' }, { workouts: () => HttpResponse.json(paged([workouts[0]])) });

    const section = await screen.findByRole('region', { name: 'Meus treinos' });
    await within(section).findByRole('group', { name: 'Treino A' });
    expect(within(section).queryByRole('button', { name: 'Ver todos' })).not.toBeInTheDocument();
  });

  it('BASIC shows workouts only and never asks for diets', async () => {
    const requests = recordRequests();
    withPlan({ plano: 'BASIC' });

    expect(await screen.findByRole('heading', { name: 'Meus treinos' })).toBeInTheDocument();
    await screen.findByRole('link', { name: /Treino [ABC]/ });
    expect(screen.queryByRole('heading', { name: 'Minhas dietas' })).not.toBeInTheDocument();
    expect(requests.count('GET /api/v1/avaliacoes/5/dietas')).toBe(0);
    requests.stop();
  });

  it('PRO shows diets only and never asks for workouts', async () => {
    const requests = recordRequests();
    withPlan({ plano: 'PRO' });

    expect(await screen.findByRole('heading', { name: 'Minhas dietas' })).toBeInTheDocument();
    await screen.findAllByRole('link', { name: 'Acessar dieta' });
    expect(screen.queryByRole('heading', { name: 'Meus treinos' })).not.toBeInTheDocument();
    expect(requests.count('GET /api/v1/avaliacoes/5/treinos')).toBe(0);
    requests.stop();
  });

  it('ULTIMATE shows both, workouts first', async () => {
    withPlan({ plano: 'ULTIMATE' });

    await screen.findAllByRole('link', { name: 'Acessar dieta' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Meus treinos',
      'Minhas dietas',
      'Consumo de água',
    ]);
  });

  it('gives each diet its kind, title and a link to it', async () => {
    withPlan({ plano: 'PRO' });

    const section = await screen.findByRole('region', { name: 'Minhas dietas' });
    const [training, rest] = await within(section).findAllByRole('group');
    expect(within(training!).getByRole('heading')).toHaveTextContent('Dieta para dias de treino');
    expect(training).toHaveTextContent('Plano de 1.800 kcal');
    expect(within(training!).getByRole('link', { name: 'Acessar dieta' })).toHaveAttribute('href', '/diet/21');
    expect(within(rest!).getByRole('heading')).toHaveTextContent('Dieta para dias sem treino');
    expect(rest).toHaveTextContent('Plano de 1.550 kcal');
    expect(within(rest!).getByRole('link', { name: 'Acessar dieta' })).toHaveAttribute('href', '/diet/22');
  });

  it('says the plans are being made when the lists are empty', async () => {
    withPlan({ plano: 'ULTIMATE' }, { workouts: () => HttpResponse.json(paged([])), diets: () => HttpResponse.json(paged([])) });

    expect(await screen.findByText('Criação do treino em andamento... 🏗️')).toBeInTheDocument();
    expect(await screen.findByText('Criação da dieta em andamento')).toBeInTheDocument();
  });

  it('says when a list could not be loaded', async () => {
    withPlan({ plano: 'ULTIMATE' }, { workouts: notFound, diets: notFound });

    expect(await screen.findByText('Erro ao carregar treinos')).toBeInTheDocument();
    expect(await screen.findByText('Erro ao carregar dietas')).toBeInTheDocument();
  });

  it('shows placeholders while the lists load', async () => {
    withPlan({ plano: 'ULTIMATE' }, { workouts: never, diets: never });
    const section = await screen.findByRole('region', { name: 'Meus treinos' });

    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(section.querySelector('[data-slot="skeleton"]')).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Minhas dietas' }).querySelectorAll('[data-slot="skeleton"]')).toHaveLength(2);
  });

  it('shows the water card once the plan above it has loaded, so that the plan never pushes it down', async () => {
    let answerDiets = () => {};
    const dietsAnswered = new Promise<void>((resolve) => (answerDiets = resolve));
    withPlan({ plano: 'ULTIMATE' }, { diets: async () => (await dietsAnswered, HttpResponse.json(paged(diets))) });
    await screen.findByRole('link', { name: /Treino [ABC]/ });

    expect(screen.queryByRole('region', { name: 'Consumo de água' })).not.toBeInTheDocument();

    answerDiets();

    expect(await screen.findByRole('region', { name: 'Consumo de água' })).toBeInTheDocument();
  });

  it('without an evaluation shows the no-evaluation message and the water card only', async () => {
    withPlan(null);

    expect(
      await screen.findByText('Você terá acesso a mais informações após a criação de sua avaliação antropométrica.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Meus treinos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Minhas dietas' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Consumo de água' })).toBeInTheDocument();
  });

  it('places the expiry banner first', async () => {
    withPlan({ plano: 'BASIC', vencimento: localDateIn(5) });

    const banner = await screen.findByText('Faltam 5 dias para o término de seu acompanhamento.');
    const heading = await screen.findByRole('heading', { name: 'Meus treinos' });
    expect(banner.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says so when the evaluations cannot be loaded', async () => {
    server.use(http.get(apiUrl('/v1/clientes/1/avaliacoes'), notFound));
    signIn();
    renderApp('/');

    expect(await screen.findByText('Erro ao carregar seu plano.')).toBeInTheDocument();
  });
});

describe('home offline', () => {
  onAFixedWednesday();
  afterEach(() => onlineManager.setOnline(true));

  it('says to open it once online when nothing was ever loaded, and the water card still works', async () => {
    act(() => onlineManager.setOnline(false));
    const { user } = withPlan({ plano: 'ULTIMATE' });

    expect(
      await screen.findByText('Sem conexão. Abra esta tela com internet uma vez para vê-la sem conexão.'),
    ).toBeInTheDocument();
    expect(document.querySelector('main [data-slot="skeleton"]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Adicionar 250 ml' }));
    expect(screen.getByText('250 ml de 2000 ml')).toBeInTheDocument();
  });
});
