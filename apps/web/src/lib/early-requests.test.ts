import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildClient, buildDiet, buildEvaluation, buildExercise, buildWorkout, fakeJwt, paged } from '../testing/factories';
import { apiUrl, freshTokens } from '../testing/handlers';
import { server } from '../testing/msw-server';
import { recordRequests } from '../testing/record-requests';
import { z } from 'zod/mini';
import { api } from './api-client';
import { sendEarlyRequests, start, startPaths, takeEarlyAnswer } from './early-requests';
import { setToken, STORAGE_KEYS } from './storage';

const CLIENT = 'GET /api/v2/clientes/1';
const EVALUATIONS = 'GET /api/v1/clientes/1/avaliacoes';
const HOME = 'GET /api/v1/clientes/1/inicio';

describe('the plan\'s first reads, sent before the bundle', () => {
  let requests: ReturnType<typeof recordRequests>;

  beforeEach(() => {
    requests = recordRequests();
    setToken(STORAGE_KEYS.accessToken, freshTokens.token);
  });

  afterEach(() => {
    requests.stop();
    vi.restoreAllMocks();
    // Whatever a test left untaken is not the next test's.
    for (const path of Object.values(startPaths).flatMap((of) => [of(1), of(2), of(3)])) takeEarlyAnswer(path, freshTokens.token);
  });

  it("on Home: one read, whose parts the API client takes as the answers of their own paths", async () => {
    const home = {
      cliente: buildClient({ nome: 'Ana Paula Souza' }),
      avaliacoes: { results: [buildEvaluation({ id: 3 }), buildEvaluation({ id: 2 })] },
      treinos: paged([buildWorkout({ id: 1 }), buildWorkout({ id: 2 })]),
      dietas: paged([buildDiet({ id: 7 })]),
      exercicios: { 1: paged([buildExercise({ id: 11 })]), 2: paged([buildExercise({ id: 21 }), buildExercise({ id: 22 })]) },
      sessoes: { 1: paged([]), 2: paged([]) },
    };
    server.use(http.get(apiUrl('/v1/clientes/1/inicio'), () => HttpResponse.json(home)));
    sendEarlyRequests(freshTokens.token, '/');

    expect((await api.call(startPaths.evaluations(1), z.unknown()))).toEqual(home.avaliacoes);
    expect((await api.call(startPaths.client(1), z.unknown()))).toEqual(home.cliente);
    expect((await api.call(startPaths.workouts(3), z.unknown()))).toEqual(home.treinos);
    expect((await api.call(startPaths.diets(3), z.unknown()))).toEqual(home.dietas);
    expect((await api.call(startPaths.exercises(2), z.unknown()))).toEqual(home.exercicios[2]);
    expect((await api.call(startPaths.sessions(1), z.unknown()))).toEqual(home.sessoes[1]);
    expect(requests.count(HOME)).toBe(1);
    for (const call of [CLIENT, EVALUATIONS, 'GET /api/v1/avaliacoes/3/treinos', 'GET /api/v1/avaliacoes/3/dietas', 'GET /api/v1/treinos/2/exercicios', 'GET /api/v1/treinos/1/sessoes']) {
      expect(requests.count(call), call).toBe(0);
    }
  });

  it("on a workout's screen, the workout and its exercises are answered from it too, asked for before the lists", async () => {
    const workout = buildWorkout({ id: 2, titulo: 'Treino B' });
    const exercises = paged([buildExercise({ id: 21 })]);
    server.use(
      http.get(apiUrl('/v1/clientes/1/inicio'), () =>
        HttpResponse.json({
          cliente: buildClient(),
          avaliacoes: { results: [buildEvaluation({ id: 3 })] },
          treinos: paged([buildWorkout({ id: 1 }), workout]),
          dietas: paged([]),
          exercicios: { 1: paged([]), 2: exercises },
        }),
      ),
    );
    sendEarlyRequests(freshTokens.token, '/workout/2');

    const [detail, list] = await Promise.all([api.call(startPaths.workout(2), z.unknown()), api.call(startPaths.exercises(2), z.unknown())]);
    expect(detail).toEqual(workout);
    expect(list).toEqual(exercises);
    expect(requests.count('GET /api/v1/treinos/2')).toBe(0);
    expect(requests.count('GET /api/v1/treinos/2/exercicios')).toBe(0);
    // Taken once: the next read goes to the server.
    await api.call(startPaths.exercises(2), z.unknown());
    expect(requests.count('GET /api/v1/treinos/2/exercicios')).toBe(1);
  });

  it('when that read fails, the API client asks for each part itself', async () => {
    server.use(http.get(apiUrl('/v1/clientes/1/inicio'), () => HttpResponse.json({}, { status: 503 })));
    sendEarlyRequests(freshTokens.token, '/workout/2');

    const data = await api.call(startPaths.client(1), z.object({ nome: z.string() }));
    expect(data.nome).toBe('Ana Paula Souza');
    expect(requests.count(HOME)).toBe(1);
    expect(requests.count(CLIENT)).toBe(1);
  });

  it.each([null, { treinos: { results: 'nenhum' } }])('when that read answers %j, the API client asks for each part itself', async (odd) => {
    server.use(http.get(apiUrl('/v1/clientes/1/inicio'), () => HttpResponse.json(odd)));
    sendEarlyRequests(freshTokens.token, '/workout/2');

    const data = await api.call(startPaths.client(1), z.object({ nome: z.string() }));
    expect(data.nome).toBe('Ana Paula Souza');
    await api.call(startPaths.workout(2), z.unknown()).catch(() => undefined);
    expect(requests.count(CLIENT)).toBe(1);
    expect(requests.count('GET /api/v1/treinos/2')).toBe(1);
  });

  it('elsewhere: the client and the evaluations only', async () => {
    sendEarlyRequests(freshTokens.token, '/chat');
    await vi.waitFor(() => expect(requests.count(EVALUATIONS)).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.count(CLIENT)).toBe(1);
    expect(requests.count('GET /api/v1/avaliacoes/1/treinos')).toBe(0);
  });

  it('the API client takes the early answer in place of its own call, once', async () => {
    sendEarlyRequests(freshTokens.token, '/profile');
    const data = await api.call(startPaths.client(1), z.object({ nome: z.string() }));
    expect(data.nome).toBe('Ana Paula Souza');
    expect(requests.count(CLIENT)).toBe(1);

    await api.call(startPaths.client(1), z.unknown());
    expect(requests.count(CLIENT)).toBe(2);
  });

  it('after a write, the next read goes out afresh even when its early answer was never taken', async () => {
    sendEarlyRequests(freshTokens.token, '/profile');
    await vi.waitFor(() => expect(requests.count(CLIENT)).toBe(1));
    await api.call('/v1/exercicios/3', null, { method: 'PUT', body: { carga: 16 } }).catch(() => undefined);

    await api.call(startPaths.client(1), z.unknown());
    expect(requests.count(CLIENT)).toBe(2);
  });

  it('a write made before the one read has answered keeps none of its parts: the reads after it go out afresh', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl('/v1/clientes/1/inicio'), async () => {
        await answered;
        return HttpResponse.json({ cliente: buildClient(), avaliacoes: { results: [buildEvaluation({ id: 3 })] }, treinos: paged([buildWorkout({ id: 1 })]), dietas: paged([]), exercicios: { 1: paged([]) }, sessoes: { 1: paged([]) } });
      }),
    );
    sendEarlyRequests(freshTokens.token, '/');
    await vi.waitFor(() => expect(requests.count(HOME)).toBe(1));
    // A session sent while the app starts (one saved offline, going out now).
    await api.call('/v1/exercicios/3', null, { method: 'PUT', body: { carga: 16 } }).catch(() => undefined);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));

    await api.call(startPaths.sessions(1), z.unknown());
    expect(requests.count('GET /api/v1/treinos/1/sessoes')).toBe(1);
  });

  it('a failed early answer is asked again by the API client', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/v2/clientes/1'), () => (++calls === 1 ? HttpResponse.json({}, { status: 503 }) : HttpResponse.json({ id: 1, nome: 'Ana' }))),
    );
    sendEarlyRequests(freshTokens.token, '/profile');
    const data = await api.call(startPaths.client(1), z.object({ nome: z.string() }));
    expect(data.nome).toBe('Ana');
    expect(calls).toBe(2);
  });

  it('is not given to another session, nor a minute after it was asked for', () => {
    sendEarlyRequests(freshTokens.token, '/profile');
    expect(takeEarlyAnswer(startPaths.client(1), fakeJwt({ user_id: 1, sid: 'outra' }))).toBeNull();
    expect(takeEarlyAnswer(startPaths.client(1), freshTokens.token)).toBeNull();

    sendEarlyRequests(freshTokens.token, '/profile');
    vi.spyOn(performance, 'now').mockReturnValue(performance.now() + 61_000);
    expect(takeEarlyAnswer(startPaths.evaluations(1), freshTokens.token)).toBeNull();
  });

  it('sends nothing for a token it cannot read', async () => {
    sendEarlyRequests('not-a-token', '/');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.count(CLIENT)).toBe(0);
  });

  it('marks a signed-in device, so that its shell shows, and nothing on a signed-out one', () => {
    expect(start()).toBe(true);
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(true);

    document.documentElement.removeAttribute('data-signed-in');
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    expect(start()).toBe(false);
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(false);
  });
});
