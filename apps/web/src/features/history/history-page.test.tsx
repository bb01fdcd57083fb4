import type { TeamSession } from '@acompanha/contract';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildEvaluation, buildNamedSession, buildWorkout, paged } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { recordRequests } from '../../testing/record-requests';
import { renderApp, signIn, type DeviceStore } from '../../testing/test-utils';
import { HISTORY_PAGE_SIZE, nextHistoryPage } from './api/history';
import { EMPTY_HISTORY_MESSAGE } from './history-page';
import { sessionVolume, setsByExercise } from '@acompanha/contract';
import { formatMinutes } from '@acompanha/ui/format';

type Set = TeamSession['series'][number];

/** Sets of one exercise, numbered from 1: [load, reps] each. */
function setsOf(exercicio_id: number, atividade_nome: string, sets: [carga: number, repeticoes: number][]): Set[] {
  return sets.map(([carga, repeticoes], index) => ({
    exercicio_id,
    atividade_nome,
    troca_de: null,
    carga_suspeita: false,
    numero: index + 1,
    carga,
    repeticoes,
    feito_em: new Date(2026, 10, 24, 18, 35 + index).toISOString(),
  }));
}

/** A session of `day` (November 2026, local time) from 18:30, numbered so that each is told apart. */
function sessionOn(day: number, overrides: Partial<TeamSession> = {}): TeamSession {
  const start = new Date(2026, 10, day, 18, 30);
  return buildNamedSession({
    id: `00000000-0000-4000-8000-${String(day).padStart(12, '0')}`,
    iniciado_em: start.toISOString(),
    concluido_em: new Date(start.getTime() + 45 * 60_000).toISOString(),
    ...overrides,
  });
}

/** The API's pages of `sessions` (newest first already), `HISTORY_PAGE_SIZE` at a time; the pages asked for are recorded. */
function serveHistory(sessions: TeamSession[]) {
  const asked: string[] = [];
  server.use(
    http.get(apiUrl('/v1/sessoes'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(`page=${params.get('page')}&size=${params.get('size')}`);
      const page = Number(params.get('page'));
      const size = Number(params.get('size'));
      return HttpResponse.json({ results: sessions.slice(page * size, (page + 1) * size), page, size, total: sessions.length });
    }),
  );
  return asked;
}

function renderHistory(device?: DeviceStore) {
  signIn();
  return renderApp('/historico', { device });
}

const sessionCards = () => within(screen.getByRole('list', { name: 'Treinos registrados' })).getAllByRole('article');

beforeEach(() => {
  // Only the clock is fixed; timers stay real for the requests and the user events.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 26, 9));
});

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe('/historico', () => {
  it('lists each session with its date, workout, duration, volume and the sets of each exercise', async () => {
    serveHistory([
      sessionOn(24, {
        treino_titulo: 'Treino A - Peito e costas',
        concluido_em: new Date(2026, 10, 24, 19, 35).toISOString(),
        series: [
          ...setsOf(5, 'Supino reto', [[60, 10], [60, 10], [60, 10]]),
          // Swapped for the day: named by what was done, with what it replaced.
          ...setsOf(6, 'Remada na polia', [[27, 10], [27, 10]]).map((set) => ({ ...set, troca_de: 'Remada curvada' })),
        ],
      }),
      sessionOn(20, {
        treino_titulo: 'Treino B - Pernas',
        series: setsOf(7, 'Leg press', [[22.5, 12], [25, 10]]),
      }),
    ]);
    renderHistory();

    expect(await screen.findByRole('heading', { level: 1, name: 'Histórico' })).toBeInTheDocument();
    expect(await screen.findByText('2 treinos registrados')).toBeInTheDocument();
    const [latest, earlier] = sessionCards();

    expect(within(latest!).getByRole('heading', { name: 'Treino A - Peito e costas' })).toBeInTheDocument();
    expect(latest).toHaveTextContent('Terça, 24/11/2026 · 18:30');
    const figures = (card: HTMLElement) =>
      within(card)
        .getAllByRole('definition')
        .map((figure) => figure.textContent);
    // 3 × 60 × 10 + 2 × 27 × 10 = 2340 kg, in 65 minutes.
    expect(figures(latest!)).toEqual(['1 h 5 min', '2.340 kg', '5']);
    const exercises = within(within(latest!).getByRole('list', { name: 'Séries de Treino A - Peito e costas' })).getAllByRole('listitem');
    expect(exercises.map((exercise) => exercise.textContent)).toEqual([
      'Supino reto60 kg × 10 · 60 kg × 10 · 60 kg × 10',
      'Remada na poliano lugar de Remada curvada27 kg × 10 · 27 kg × 10',
    ]);

    expect(within(earlier!).getByRole('heading', { name: 'Treino B - Pernas' })).toBeInTheDocument();
    expect(earlier).toHaveTextContent('Sexta, 20/11/2026 · 18:30');
    // 22.5 × 12 + 25 × 10 = 520 kg: a decimal load keeps its comma.
    expect(figures(earlier!)).toEqual(['45 min', '520 kg', '2']);
    expect(earlier).toHaveTextContent('Leg press22,5 kg × 12 · 25 kg × 10');
  });

  it("pages with 'Carregar mais' until every session is shown", async () => {
    const sessions = Array.from({ length: HISTORY_PAGE_SIZE + 3 }, (_, index) =>
      sessionOn(25 - Math.floor(index / 2), { id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}` }),
    );
    const asked = serveHistory(sessions);
    const { user } = renderHistory();

    expect(await screen.findByText(`${HISTORY_PAGE_SIZE} de ${HISTORY_PAGE_SIZE + 3} treinos registrados`)).toBeInTheDocument();
    expect(sessionCards()).toHaveLength(HISTORY_PAGE_SIZE);

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));

    expect(await screen.findByText(`${HISTORY_PAGE_SIZE + 3} treinos registrados`)).toBeInTheDocument();
    expect(sessionCards()).toHaveLength(HISTORY_PAGE_SIZE + 3);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(asked).toEqual([`page=0&size=${HISTORY_PAGE_SIZE}`, `page=1&size=${HISTORY_PAGE_SIZE}`]);
  });

  it('says how to fill it when no session was logged yet', async () => {
    renderHistory();

    expect(await screen.findByText(EMPTY_HISTORY_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Treinos registrados' })).not.toBeInTheDocument();
  });

  it("offers 'Tentar novamente' when the list cannot be loaded", async () => {
    // A refusal, not a dropped connection: it is not tried again on its own.
    server.use(http.get(apiUrl('/v1/sessoes'), () => HttpResponse.json({ status: 403, error: 'Forbidden', message: 'Proibido.' }, { status: 403 })));
    const { user } = renderHistory();

    expect(await screen.findByText('Não foi possível carregar seu histórico.')).toBeInTheDocument();
    serveHistory([sessionOn(24)]);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));

    expect(await screen.findByText('1 treino registrado')).toBeInTheDocument();
  });

  it('offline, shows the pages loaded before from the saved copy, without asking the server', async () => {
    const sessions = Array.from({ length: HISTORY_PAGE_SIZE + 1 }, (_, index) =>
      sessionOn(25 - Math.floor(index / 2), { id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}` }),
    );
    serveHistory(sessions);
    const first = renderHistory();
    await first.user.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    await screen.findByText(`${HISTORY_PAGE_SIZE + 1} treinos registrados`);
    first.unmount();
    act(() => onlineManager.setOnline(false));
    const requests = recordRequests();

    renderHistory(first.device);

    expect(await screen.findByText(`${HISTORY_PAGE_SIZE + 1} treinos registrados`)).toBeInTheDocument();
    expect(sessionCards()).toHaveLength(HISTORY_PAGE_SIZE + 1);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Sem conexão — mostrando os dados salvos');
    expect(requests.count('GET /api/v1/sessoes')).toBe(0);
    requests.stop();
  });

  it('offline and never opened, says to open it once online instead of loading forever', async () => {
    act(() => onlineManager.setOnline(false));
    renderHistory();

    expect(await screen.findByText('Sem conexão. Abra esta tela com internet uma vez para vê-la sem conexão.')).toBeInTheDocument();
  });
});

describe('the way to the history', () => {
  it("is 'Histórico de treinos' on Perfil", async () => {
    serveHistory([sessionOn(24)]);
    signIn();
    const { user, router } = renderApp('/profile');

    await user.click(await screen.findByRole('link', { name: 'Histórico de treinos' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Histórico' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/historico');
    expect(await screen.findByText('1 treino registrado')).toBeInTheDocument();
    // Reached from two places, it marks no tab.
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  });

  it("is 'Ver histórico' beside the home's week strip", async () => {
    server.use(
      http.get(apiUrl('/v1/clientes/1/avaliacoes'), () => HttpResponse.json({ results: [buildEvaluation({ id: 5 })] })),
      http.get(apiUrl('/v1/avaliacoes/5/treinos'), () => HttpResponse.json(paged([buildWorkout({ id: 11 })]))),
      http.get(apiUrl('/v1/avaliacoes/5/dietas'), () => HttpResponse.json(paged([]))),
    );
    serveHistory([sessionOn(24)]);
    signIn();
    const { user, router } = renderApp('/');

    await screen.findByRole('list', { name: 'Treinos desta semana' });
    await user.click(screen.getByRole('link', { name: 'Ver histórico' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Histórico' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/historico');
  });
});

describe('what a session shows', () => {
  it('counts the volume as load × reps over the sets, to one decimal', () => {
    expect(sessionVolume(setsOf(1, 'Supino', [[22.5, 10], [22.5, 9], [0, 15]]))).toBe(427.5);
    expect(sessionVolume([])).toBe(0);
  });

  it('writes a duration in minutes, then in hours and minutes', () => {
    expect([0, 52, 60, 65, 125].map(formatMinutes)).toEqual(['0 min', '52 min', '1 h', '1 h 5 min', '2 h 5 min']);
  });

  it('groups the sets by exercise in the order first done, each by its number', () => {
    const supino = setsOf(1, 'Supino', [[20, 10], [22, 10]]);
    const remada = setsOf(2, 'Remada', [[30, 12]]);
    const groups = setsByExercise([supino[1]!, remada[0]!, supino[0]!]);
    expect(groups.map((group) => [group.nome, group.sets.map((set) => set.numero)])).toEqual([
      ['Supino', [1, 2]],
      ['Remada', [1]],
    ]);
  });

  it("has a next page by the total, or by a full page when the total can't be read, and none after an empty page", () => {
    const page = (count: number, total: number | null) => ({ results: Array.from({ length: count }, () => buildNamedSession()), total });
    expect(nextHistoryPage(page(HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE + 1), 0)).toBe(1);
    expect(nextHistoryPage(page(HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE), 0)).toBeUndefined();
    expect(nextHistoryPage(page(HISTORY_PAGE_SIZE, null), 2)).toBe(3);
    expect(nextHistoryPage(page(HISTORY_PAGE_SIZE - 1, null), 2)).toBeUndefined();
    expect(nextHistoryPage(page(0, 100), 0)).toBeUndefined();
  });
});
