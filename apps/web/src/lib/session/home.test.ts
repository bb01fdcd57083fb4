import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildClient, buildDiet, buildEvaluation, buildExercise, buildWorkout, paged } from '../../testing/factories';
import { apiUrl, freshTokens } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { recordRequests } from '../../testing/record-requests';
import { sendEarlyHomeRead, takeEarlyHomeRead } from '../early-home-read';
import { getDietsQueryOptions, getWorkoutsQueryOptions } from '../plan-lists';
import { setToken, STORAGE_KEYS } from '../storage';
import { getExercisesQueryOptions } from '../workout-exercises';
import { getWorkoutSessionsQueryOptions } from '../workout-sessions';
import { getClientQueryOptions } from './client';
import { getEvaluationsQueryOptions } from './evaluations';
import { homeParts, readFromHome, readHomeParts } from './home';

const CLIENT = 'GET /api/v2/clientes/1';
const HOME = 'GET /api/v1/clientes/1/inicio';

const home = {
  cliente: buildClient({ nome: 'Ana Paula Souza' }),
  avaliacoes: { results: [buildEvaluation({ id: 3 }), buildEvaluation({ id: 2 })] },
  treinos: paged([buildWorkout({ id: 1 }), buildWorkout({ id: 2, titulo: 'Treino B' })]),
  dietas: paged([buildDiet({ id: 7 })]),
  exercicios: { 1: paged([buildExercise({ id: 11 })]), 2: paged([buildExercise({ id: 21 }), buildExercise({ id: 22 })]) },
  sessoes: { 1: paged([]), 2: paged([]) },
};

/** Home's read answers only once `answer()` is called; returns it. */
function holdHomeAnswer() {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.use(
    http.get(apiUrl('/v1/clientes/1/inicio'), async () => {
      await answered;
      return HttpResponse.json(home);
    }),
  );
  return answer;
}

describe("the screens' first reads, answered from Home's read", () => {
  let requests: ReturnType<typeof recordRequests>;
  let queryClient: QueryClient;

  beforeEach(() => {
    requests = recordRequests();
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    setToken(STORAGE_KEYS.accessToken, freshTokens.token);
    server.use(http.get(apiUrl('/v1/clientes/1/inicio'), () => HttpResponse.json(home)));
    // The app's first screen is loading: index.html's signed-in shell is still on screen.
    document.body.innerHTML = '<div data-signed-in-shell></div>';
  });

  afterEach(() => {
    document.body.replaceChildren();
    requests.stop();
    queryClient.clear();
    takeEarlyHomeRead(freshTokens.token);
  });

  it("on Home: one read, whose parts answer each screen's own query", async () => {
    sendEarlyHomeRead(freshTokens.token);

    expect(await readFromHome(queryClient, getEvaluationsQueryOptions(), homeParts.evaluations)).toEqual(home.avaliacoes.results);
    expect(await readFromHome(queryClient, getClientQueryOptions(), homeParts.client)).toEqual(home.cliente);
    expect(await readFromHome(queryClient, getWorkoutsQueryOptions(3), (read) => homeParts.workouts(read, 3))).toEqual(home.treinos.results);
    expect(await readFromHome(queryClient, getDietsQueryOptions(3), (read) => homeParts.diets(read, 3))).toEqual(home.dietas.results);
    expect(await readFromHome(queryClient, getExercisesQueryOptions(2), (read) => homeParts.exercises(read, 2))).toEqual(home.exercicios[2].results);
    expect(await readFromHome(queryClient, getWorkoutSessionsQueryOptions(1), (read) => homeParts.sessions(read, 1))).toEqual([]);
    expect(requests.count(HOME)).toBe(1);
    for (const call of [CLIENT, 'GET /api/v1/clientes/1/avaliacoes', 'GET /api/v1/avaliacoes/3/treinos', 'GET /api/v1/avaliacoes/3/dietas', 'GET /api/v1/treinos/2/exercicios', 'GET /api/v1/treinos/1/sessoes']) {
      expect(requests.count(call), call).toBe(0);
    }
  });

  it("on a workout's screen, the workout and its exercises are answered from it too", async () => {
    sendEarlyHomeRead(freshTokens.token);

    const [exercises] = await Promise.all([
      readFromHome(queryClient, getExercisesQueryOptions(2), (read) => homeParts.exercises(read, 2)),
      readFromHome(queryClient, getClientQueryOptions(), homeParts.client),
    ]);
    expect(exercises).toEqual(home.exercicios[2].results);
    expect(homeParts.workout({ parts: readHomeParts({ ...home, exercicios: {}, sessoes: {} }), askedAt: 0 }, 2)).toEqual(home.treinos.results[1]);
    expect(requests.count('GET /api/v1/treinos/2/exercicios')).toBe(0);
    expect(requests.count(HOME)).toBe(1);
  });

  it('a query started while Home is being read for another waits for that read', async () => {
    const answer = holdHomeAnswer();
    sendEarlyHomeRead(freshTokens.token);
    // The layout's loader takes the start script's read; Home's asks for its lists meanwhile.
    const client = readFromHome(queryClient, getClientQueryOptions(), homeParts.client);
    await vi.waitFor(() => expect(queryClient.getQueryState(['session', 'home'])?.fetchStatus).toBe('fetching'));
    const workouts = readFromHome(queryClient, getWorkoutsQueryOptions(3), (read) => homeParts.workouts(read, 3));
    answer();

    expect(await workouts).toEqual(home.treinos.results);
    expect((await client).nome).toBe('Ana Paula Souza');
    expect(requests.count(HOME)).toBe(1);
    expect(requests.count('GET /api/v1/avaliacoes/3/treinos')).toBe(0);
  });

  it("answers a query's first read only: read again, it asks for itself", async () => {
    sendEarlyHomeRead(freshTokens.token);
    await readFromHome(queryClient, getClientQueryOptions(), homeParts.client);

    await queryClient.refetchQueries({ queryKey: getClientQueryOptions().queryKey });

    expect(requests.count(HOME)).toBe(1);
    expect(requests.count(CLIENT)).toBe(1);
  });

  it('once the first screen has rendered, each query asks for itself (a workout opened from Home)', async () => {
    sendEarlyHomeRead(freshTokens.token);
    await readFromHome(queryClient, getEvaluationsQueryOptions(), homeParts.evaluations);
    document.body.replaceChildren();

    await readFromHome(queryClient, getExercisesQueryOptions(2), (read) => homeParts.exercises(read, 2));

    expect(requests.count(HOME)).toBe(1);
    expect(requests.count('GET /api/v1/treinos/2/exercicios')).toBe(1);
  });

  it('without a read from the start script, each query asks for itself', async () => {
    expect((await readFromHome(queryClient, getClientQueryOptions(), homeParts.client)).nome).toBe('Ana Paula Souza');

    expect(requests.count(HOME)).toBe(0);
    expect(requests.count(CLIENT)).toBe(1);
  });

  it('when that read fails, each query asks for itself, and Home is not asked again', async () => {
    server.use(http.get(apiUrl('/v1/clientes/1/inicio'), () => HttpResponse.json({}, { status: 503 })));
    sendEarlyHomeRead(freshTokens.token);

    expect((await readFromHome(queryClient, getClientQueryOptions(), homeParts.client)).nome).toBe('Ana Paula Souza');
    expect(requests.count(HOME)).toBe(1);
    expect(requests.count(CLIENT)).toBe(1);
  });

  it.each([null, { treinos: { results: 'nenhum' } }, { ...home, treinos: { results: 'nenhum' } }])('when that read answers %j, the parts it lacks ask for themselves', async (odd) => {
    server.use(http.get(apiUrl('/v1/clientes/1/inicio'), () => HttpResponse.json(odd)));
    sendEarlyHomeRead(freshTokens.token);

    await readFromHome(queryClient, getClientQueryOptions(), homeParts.client);
    await readFromHome(queryClient, getWorkoutsQueryOptions(3), (read) => homeParts.workouts(read, 3)).catch(() => undefined);

    expect(requests.count('GET /api/v1/avaliacoes/3/treinos')).toBe(1);
    expect(requests.count(CLIENT)).toBe(odd === null || !('cliente' in odd) ? 1 : 0);
  });

  it("answers the lists only for the latest evaluation, Home's", async () => {
    sendEarlyHomeRead(freshTokens.token);

    await readFromHome(queryClient, getWorkoutsQueryOptions(2), (read) => homeParts.workouts(read, 2));

    expect(requests.count('GET /api/v1/avaliacoes/2/treinos')).toBe(1);
  });

  it('a write sent before the read has answered keeps all of it out: the reads after it go out afresh', async () => {
    const answer = holdHomeAnswer();
    server.use(http.put(apiUrl('/v1/exercicios/3'), () => HttpResponse.json({})));
    sendEarlyHomeRead(freshTokens.token);
    // A load edit saved offline, going out as the app starts.
    await new MutationObserver(queryClient, { mutationFn: () => fetch(apiUrl('/v1/exercicios/3'), { method: 'PUT' }) }).mutate();
    answer();

    await readFromHome(queryClient, getWorkoutSessionsQueryOptions(1), (read) => homeParts.sessions(read, 1));

    expect(requests.count(HOME)).toBe(1);
    expect(requests.count('GET /api/v1/treinos/1/sessoes')).toBe(1);
  });
});
