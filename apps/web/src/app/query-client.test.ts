import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { api } from '../lib/api-client';
import { apiUrl } from '../testing/handlers';
import { server } from '../testing/msw-server';
import { createQueryClient, MAX_QUERY_RETRIES, queryRetryDelay } from './query-client';

/** Runs one query against an endpoint that always fails the given way; returns how often it was called. */
async function callsUntilGivingUp(failure: () => Response) {
  let calls = 0;
  server.use(
    http.get(apiUrl('/v1/failing'), () => {
      calls += 1;
      return failure();
    }),
  );
  const queryClient = createQueryClient();

  await expect(
    queryClient.fetchQuery({
      queryKey: ['failing'],
      queryFn: () => api.call('/v1/failing', null),
      retryDelay: 0,
    }),
  ).rejects.toThrow();

  return calls;
}

const errorBody = (status: number, error: string) =>
  HttpResponse.json({ status, error, message: error }, { status });

describe('query retries', () => {
  it('does not retry a 404', async () => {
    expect(await callsUntilGivingUp(() => errorBody(404, 'Not Found'))).toBe(1);
  });

  it('does not retry a 403', async () => {
    expect(await callsUntilGivingUp(() => errorBody(403, 'Forbidden'))).toBe(1);
  });

  it('retries a 500 up to 5 times', async () => {
    expect(await callsUntilGivingUp(() => errorBody(500, 'Internal Server Error'))).toBe(6);
  });

  it('retries a 429 up to 5 times', async () => {
    expect(await callsUntilGivingUp(() => errorBody(429, 'Too Many Requests'))).toBe(6);
  });

  it('retries a network error up to 5 times', async () => {
    expect(await callsUntilGivingUp(() => HttpResponse.error())).toBe(6);
  });

  it('stops retrying as soon as a retry succeeds', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/v1/flaky'), () => {
        calls += 1;
        return calls < 3 ? errorBody(503, 'Service Unavailable') : HttpResponse.json({ ok: true });
      }),
    );

    const response = await createQueryClient().fetchQuery({
      queryKey: ['flaky'],
      queryFn: () => api.call('/v1/flaky', z.object({ ok: z.boolean() })),
      retryDelay: 0,
    });

    expect(response).toEqual({ ok: true });
    expect(calls).toBe(3);
  });

  it('waits at most 7.5 s in all between the six attempts, so a failing screen says so soon', () => {
    const delays = Array.from({ length: MAX_QUERY_RETRIES }, (_, failures) => queryRetryDelay(failures));
    expect(delays).toEqual([500, 1000, 1500, 2000, 2500]);
    expect(createQueryClient().getDefaultOptions().queries?.retryDelay).toBe(queryRetryDelay);
  });

  it('does not refetch when the window regains focus', () => {
    expect(createQueryClient().getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });
});
