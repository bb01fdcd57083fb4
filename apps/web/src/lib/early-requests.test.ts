import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildEvaluation, buildWorkout, fakeJwt, paged } from '../testing/factories';
import { apiUrl, freshTokens } from '../testing/handlers';
import { server } from '../testing/msw-server';
import { recordRequests } from '../testing/record-requests';
import { apiClient } from './api-client';
import { sendEarlyRequests, start, startPaths, takeEarlyResponse } from './early-requests';
import { setToken, STORAGE_KEYS } from './storage';

const CLIENT = 'GET /api/v2/clientes/1';
const EVALUATIONS = 'GET /api/v1/clientes/1/avaliacoes';

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
    for (const path of Object.values(startPaths).flatMap((of) => [of(1), of(2), of(3)])) takeEarlyResponse(path, freshTokens.token);
  });

  it('on Home: the client, the evaluations, then the latest plan\'s lists and each workout\'s exercises', async () => {
    server.use(
      http.get(apiUrl('/v1/clientes/1/avaliacoes'), () => HttpResponse.json({ results: [buildEvaluation({ id: 3 }), buildEvaluation({ id: 2 })] })),
      http.get(apiUrl('/v1/avaliacoes/3/treinos'), () => HttpResponse.json(paged([buildWorkout({ id: 1 }), buildWorkout({ id: 2 })]))),
    );
    sendEarlyRequests(freshTokens.token, '/');
    await vi.waitFor(() => expect(requests.count('GET /api/v1/treinos/2/exercicios')).toBe(1));
    expect(requests.count(CLIENT)).toBe(1);
    expect(requests.count(EVALUATIONS)).toBe(1);
    expect(requests.count('GET /api/v1/avaliacoes/3/dietas')).toBe(1);
    expect(requests.count('GET /api/v1/avaliacoes/3/treinos')).toBe(1);
    expect(requests.count('GET /api/v1/treinos/1/exercicios')).toBe(1);
    expect(requests.count('GET /api/v1/avaliacoes/2/treinos')).toBe(0);
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
    const { data } = await apiClient.get<{ nome: string }>(startPaths.client(1));
    expect(data.nome).toBe('Ana Paula Souza');
    expect(requests.count(CLIENT)).toBe(1);

    await apiClient.get(startPaths.client(1));
    expect(requests.count(CLIENT)).toBe(2);
  });

  it('after a write, the next read goes out afresh even when its early answer was never taken', async () => {
    sendEarlyRequests(freshTokens.token, '/profile');
    await vi.waitFor(() => expect(requests.count(CLIENT)).toBe(1));
    await apiClient.put('/v1/exercicios/3', { carga: 16 }).catch(() => undefined);

    await apiClient.get(startPaths.client(1));
    expect(requests.count(CLIENT)).toBe(2);
  });

  it('a failed early answer is asked again by the API client', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/v2/clientes/1'), () => (++calls === 1 ? HttpResponse.json({}, { status: 503 }) : HttpResponse.json({ id: 1, nome: 'Ana' }))),
    );
    sendEarlyRequests(freshTokens.token, '/profile');
    const { data } = await apiClient.get<{ nome: string }>(startPaths.client(1));
    expect(data.nome).toBe('Ana');
    expect(calls).toBe(2);
  });

  it("is not given to another session, nor after the page's first minute", () => {
    sendEarlyRequests(freshTokens.token, '/profile');
    expect(takeEarlyResponse(startPaths.client(1), fakeJwt({ user_id: 1, sid: 'outra' }))).toBeNull();
    expect(takeEarlyResponse(startPaths.client(1), freshTokens.token)).toBeNull();

    sendEarlyRequests(freshTokens.token, '/profile');
    vi.spyOn(performance, 'now').mockReturnValue(61_000);
    expect(takeEarlyResponse(startPaths.evaluations(1), freshTokens.token)).toBeNull();
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
