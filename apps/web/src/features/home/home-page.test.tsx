import type { Evaluation, Workout } from '@acompanha/contract';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDiet, buildEvaluation, buildWorkout, localDateIn, paged } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { recordRequests } from '../../testing/record-requests';
import { renderApp, signIn } from '../../testing/test-utils';
import { todaysWorkoutIndex } from './components/todays-workout';
import { workoutArtwork } from './components/workout-artwork';

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
  );
  signIn();
  return renderApp('/');
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
    it("shows one card, today's workout, with its image, days and link", async () => {
      withPlan({ plano: 'BASIC' });

      // The first render of the file also loads the route's module: slow on a busy machine.
      const section = await screen.findByRole('region', { name: 'Meus treinos' }, { timeout: 5000 });
      const card = await within(section).findByRole('link', { name: /Treino/ });
      expect(card).toHaveTextContent('Treino C');
      expect(card).toHaveTextContent('Quarta, Sábado');
      expect(card).toHaveAttribute('href', '/workout/13');
      expect(card.querySelector('img')).toHaveAttribute('src', workoutArtwork(2));
    });

    it("labels today's workout 'Hoje', and no card on a day without one", async () => {
      const first = withPlan({ plano: 'BASIC' });
      const section = await screen.findByRole('region', { name: 'Meus treinos' }, { timeout: 5000 });
      expect(await within(section).findByRole('link', { name: /Treino/ })).toHaveTextContent(/^HojeTreino C/);
      first.unmount();

      vi.setSystemTime(new Date(2026, 10, 29, 8, 0)); // a Sunday: no workout, the first is shown
      withPlan({ plano: 'BASIC' });
      const sunday = await screen.findByRole('region', { name: 'Meus treinos' });
      expect(await within(sunday).findByRole('link', { name: /Treino/ })).toHaveTextContent(/^Treino A/);
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

    it("'Ver todos' toggles a two-column grid of every workout, each with its position's image", async () => {
      const { user } = withPlan({ plano: 'BASIC' });
      const section = await screen.findByRole('region', { name: 'Meus treinos' });
      await within(section).findByRole('link', { name: /Treino/ });
      const toggle = within(section).getByRole('button', { name: 'Ver todos' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await user.click(toggle);

      const links = within(section).getAllByRole('link', { name: /Treino/ });
      expect(links.map((link) => link.getAttribute('href'))).toEqual(['/workout/11', '/workout/12', '/workout/13']);
      // Wednesday is Treino C's day: its card says so.
      expect(links.map((link) => link.textContent)).toEqual([
        'Treino ASegunda, Quinta',
        'Treino BTerça, Sexta',
        'HojeTreino CQuarta, Sábado',
      ]);
      const images = links.map((link) => link.querySelector('img')?.getAttribute('src'));
      expect(images).toEqual([workoutArtwork(0), workoutArtwork(1), workoutArtwork(2)]);
      expect(new Set(images).size).toBe(3);
      expect(links[0]!.closest('ul')).toHaveClass('grid-cols-2');
      expect(toggle).toHaveAttribute('aria-expanded', 'true');

      await user.click(toggle);
      expect(within(section).getAllByRole('link', { name: /Treino/ })).toHaveLength(1);
    });
  });

  it('offers no toggle for a single workout', async () => {
    withPlan({ plano: 'BASIC' }, { workouts: () => HttpResponse.json(paged([workouts[0]])) });

    const section = await screen.findByRole('region', { name: 'Meus treinos' });
    await within(section).findByRole('link', { name: /Treino/ });
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
