import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWorkout, paged } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { recordRequests } from '../../testing/record-requests';
import { notFound, renderWorkout, stubNotifications, detail, restoreTimersAndStubs } from './workout-page.testing';

afterEach(restoreTimersAndStubs);

describe('workout screen', () => {
  beforeEach(() => {
    stubNotifications('granted');
  });

  it('shows the back link, title, days badge, links to mobility and methods, and the observacao', async () => {
    renderWorkout();

    // The first render of the file also loads the route's module: slow on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Treino A - Inferiores' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Segunda, Quinta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Mobilidade' })).toHaveAttribute('href', '/mobility');
    expect(screen.getByRole('link', { name: 'Métodos de treinamento' })).toHaveAttribute('href', '/exercise-methods');
    expect(screen.getByRole('note')).toHaveTextContent('Aqueça 10 minutos.');
  });

  it("is titled with the workout's title once loaded, 'Treino' before", async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderWorkout({
      workout: async () => {
        await released;
        return HttpResponse.json(buildWorkout({ id: 7, titulo: 'Treino A – Inferiores' }));
      },
    });

    await screen.findByRole('link', { name: 'Voltar para o início' }, { timeout: 5000 });
    expect(document.title).toBe('Treino · Acompanha');
    release();

    await waitFor(() => expect(document.title).toBe('Treino A – Inferiores · Acompanha'));
  });

  it('leaves the note out when the workout has no observacao', async () => {
    renderWorkout({ workout: () => HttpResponse.json(buildWorkout({ id: 7, observacao: null })) });

    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('gives each exercise a tab named after its activity, with its details in the panel', async () => {
    const { user } = renderWorkout();

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Agachamento livre', 'Panturrilha em pé']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Agachamento livre' })).toBeInTheDocument();
    expect(within(panel).getByText('Quadríceps')).toBeInTheDocument();
    expect(detail(panel, 'Séries')).toBe('4');
    expect(detail(panel, 'Repetições')).toBe('10-12');
    expect(detail(panel, 'Carga')).toBe('30 kg');
    expect(detail(panel, 'Descanso')).toBe('90 s');
    expect(within(panel).getByText('Desça até as coxas ficarem paralelas ao chão.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Reproduzir vídeo: Agachamento livre' })).toBeInTheDocument();
    expect(panel.querySelector('iframe')).toBeNull();

    await user.click(tabs[1]!);

    expect(await screen.findByRole('heading', { name: 'Panturrilha em pé' })).toBeInTheDocument();
    const second = screen.getByRole('tabpanel');
    expect(detail(second, 'Carga')).toBe('-');
    expect(detail(second, 'Descanso')).toBe('45 s');
    expect(within(second).queryByRole('button', { name: /Reproduzir vídeo/ })).not.toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Ver execução no YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/results?search_query=Panturrilha%20em%20p%C3%A9',
    );
  });

  it("shows a backend's looser answer: numbers as text, string ids, no video, unknown fields", async () => {
    renderWorkout({
      workout: () =>
        HttpResponse.json({ id: '7', titulo: 'Treino B - Costas', dias: ['terça', 'SÁBADO', 'FERIADO'], versao: 3 }),
      exercises: () =>
        HttpResponse.json({
          results: [
            {
              id: '201',
              series: '3',
              repeticoes: 12,
              carga: '30',
              tempo_descanso: '60',
              ordem: 1,
              atividade: { titulo: 'Remada curvada', video: null, equipamento: 'Barra' },
            },
            { id: null, series: 3, repeticoes: '10', carga: null, tempo_descanso: 60, atividade: { titulo: 'Sem id' } },
          ],
        }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Treino B - Costas' })).toBeInTheDocument();
    expect(screen.getByText('Terça, Sábado')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Remada curvada']);
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Remada curvada' }).nextElementSibling).toHaveTextContent('-');
    expect(detail(panel, 'Séries')).toBe('3');
    expect(detail(panel, 'Repetições')).toBe('12');
    expect(detail(panel, 'Carga')).toBe('30 kg');
    expect(detail(panel, 'Descanso')).toBe('60 s');
    const search = within(panel).getByRole('link', { name: 'Ver execução no YouTube' });
    expect(search).toHaveAttribute('href', 'https://www.youtube.com/results?search_query=Remada%20curvada');
    expect(search).toHaveAttribute('target', '_blank');
    expect(search).toHaveAttribute('rel', 'noreferrer');
  });

  it('loads the video player only when played', async () => {
    const { user } = renderWorkout();
    const play = await screen.findByRole('button', { name: 'Reproduzir vídeo: Agachamento livre' });

    await user.click(play);

    expect(screen.getByTitle('Agachamento livre').tagName).toBe('IFRAME');
  });

  it.each([
    ['the workout', { workout: notFound }, 'Erro ao carregar treino.'],
    ['the exercises', { exercises: notFound }, 'Erro ao carregar exercícios.'],
  ])('says when %s cannot be loaded', async (_what, answers, message) => {
    renderWorkout(answers);

    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says when the workout has no exercises', async () => {
    renderWorkout({ exercises: () => HttpResponse.json(paged([])) });

    expect(await screen.findByText('Nenhum exercício foi encontrado.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows placeholders while loading', async () => {
    const never = async () => {
      await delay('infinite');
      return notFound();
    };
    renderWorkout({ workout: never, exercises: never });

    await waitFor(() => expect(document.querySelectorAll('[aria-busy="true"] [data-slot="skeleton"]').length).toBeGreaterThan(4));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});

describe('progress of an exercise', () => {
  const entry = (day: string, carga: number, repeticoes: number, rm_estimado: number, series = 4) => ({
    sessao_id: `sessao-${day}`,
    data: `${day}T21:30:00.000Z`,
    carga,
    repeticoes,
    series,
    rm_estimado,
  });
  const withHistory = (history: () => Response) => server.use(http.get(apiUrl('/v1/exercicios/101/historico'), history));
  const panel = () => screen.getByRole('tabpanel');

  it("shows the last session, a 'Novo recorde' badge when it was the best, and the same numbers in a table", async () => {
    withHistory(() => HttpResponse.json([entry('2026-11-02', 26, 10, 34.7), entry('2026-11-09', 28.5, 11, 39), entry('2026-11-16', 30, 12, 42)]));
    renderWorkout();
    const progress = await within(await screen.findByRole('tabpanel')).findByRole('region', { name: 'Progresso' });
    expect(within(progress).getByText('Último treino: 4 × 12 com 30 kg')).toBeInTheDocument();
    expect(within(progress).getByText('Novo recorde')).toBeInTheDocument();
    const table = within(progress).getByRole('table', { name: 'Melhor série de cada treino de Agachamento livre' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      '02/11/202626 kg1034,7 kg',
      '09/11/202628,5 kg1139 kg',
      '16/11/202630 kg1242 kg',
    ]);
  });

  it('shows no badge when the last session was not the best', async () => {
    withHistory(() => HttpResponse.json([entry('2026-11-02', 30, 12, 42), entry('2026-11-09', 27.5, 10, 36.7, 3)]));
    renderWorkout();
    const progress = await within(await screen.findByRole('tabpanel')).findByRole('region', { name: 'Progresso' });
    expect(within(progress).getByText('Último treino: 3 × 10 com 27,5 kg')).toBeInTheDocument();
    expect(within(progress).queryByText('Novo recorde')).not.toBeInTheDocument();
  });

  it('leaves out an entry it cannot read, and shows nothing when the history fails, with the plan whole', async () => {
    withHistory(() => HttpResponse.json([entry('2026-11-02', 26, 10, 34.7), { ...entry('2026-11-09', 28, 11, 38), carga: 'muito' }]));
    const first = renderWorkout();
    const progress = await within(await screen.findByRole('tabpanel')).findByRole('region', { name: 'Progresso' });
    expect(within(progress).getByText('Último treino: 4 × 10 com 26 kg')).toBeInTheDocument();
    first.unmount();

    withHistory(() => HttpResponse.json({ status: 404, error: 'Not Found', message: 'Exercício não encontrado.' }, { status: 404 }));
    renderWorkout();
    expect(await within(await screen.findByRole('tabpanel')).findByRole('heading', { name: 'Agachamento livre' })).toBeInTheDocument();
    await waitFor(() => expect(within(panel()).queryByRole('region', { name: 'Progresso' })).not.toBeInTheDocument());
    expect(within(panel()).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('caching and prefetching', () => {
  beforeEach(() => {
    stubNotifications('granted');
  });

  it('opens again from home at once, from the cache, without asking the server', async () => {
    const { router } = renderWorkout();
    await screen.findAllByRole('tab');
    await act(() => router.navigate('/'));
    await screen.findByRole('region', { name: 'Meus treinos' });
    const requests = recordRequests();

    await act(() => router.navigate('/workout/7'));

    expect(screen.getByRole('heading', { level: 1, name: 'Treino A - Inferiores' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(document.querySelector('main [data-slot="skeleton"]')).toBeNull();
    expect(requests.count('GET /api/v1/treinos/7')).toBe(0);
    expect(requests.count('GET /api/v1/treinos/7/exercicios')).toBe(0);
    requests.stop();
  });

  it('starts them from the route on the very first load too', async () => {
    let screenMounted: boolean | null = null;
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/v1/treinos/7/exercicios') {
        screenMounted = screen.queryByRole('link', { name: 'Voltar para o início' }) !== null;
      }
    };
    server.events.on('request:start', listener);

    renderWorkout();

    await screen.findAllByRole('tab');
    expect(screenMounted).toBe(false);
    server.events.removeListener('request:start', listener);
  });

  it('the route starts the workout and its exercises together, before the screen asks', async () => {
    const { router } = renderWorkout();
    await screen.findAllByRole('tab');
    await act(() => router.navigate('/'));
    await screen.findByRole('region', { name: 'Meus treinos' });
    const requests = recordRequests();
    // Left for the screen's own hooks, the requests would leave only after it had mounted.
    let screenMounted: boolean | null = null;
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/v1/treinos/8/exercicios') {
        screenMounted = screen.queryByRole('link', { name: 'Voltar para o início' }) !== null;
      }
    };
    server.events.on('request:start', listener);

    await act(() => router.navigate('/workout/8'));

    await waitFor(() => expect(requests.count('GET /api/v1/treinos/8')).toBe(1));
    expect(requests.count('GET /api/v1/treinos/8/exercicios')).toBe(1);
    expect(screenMounted).toBe(false);
    requests.stop();
    server.events.removeListener('request:start', listener);
  });
});
