import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../testing/factories';
import { apiUrl, freshTokens } from '../testing/handlers';
import { server } from '../testing/msw-server';
import { recordRequests } from '../testing/record-requests';
import { hasEarlyHomeRead, sendEarlyHomeRead, start, takeEarlyHomeRead } from './early-home-read';
import { setToken, STORAGE_KEYS } from './storage';

const HOME = 'GET /api/v1/clientes/1/inicio';

describe("Home's read, sent by the start script before the bundle", () => {
  let requests: ReturnType<typeof recordRequests>;

  beforeEach(() => {
    requests = recordRequests();
    setToken(STORAGE_KEYS.accessToken, freshTokens.token);
    server.use(http.get(apiUrl('/v1/clientes/1/inicio'), () => HttpResponse.json({ cliente: { id: 1 } })));
  });

  afterEach(() => {
    requests.stop();
    vi.restoreAllMocks();
    // Whatever a test left untaken is not the next test's.
    takeEarlyHomeRead(freshTokens.token);
  });

  it('asks for Home once, with the session that asked, and hands its answer over once', async () => {
    sendEarlyHomeRead(freshTokens.token);

    expect(hasEarlyHomeRead(freshTokens.token)).toBe(true);
    const early = takeEarlyHomeRead(freshTokens.token);
    expect(await early?.answer).toEqual({ cliente: { id: 1 } });
    expect(requests.count(HOME)).toBe(1);
    expect(takeEarlyHomeRead(freshTokens.token)).toBeNull();
  });

  it('answers null when the read fails, so that each part asks for itself', async () => {
    server.use(http.get(apiUrl('/v1/clientes/1/inicio'), () => HttpResponse.json({}, { status: 503 })));
    sendEarlyHomeRead(freshTokens.token);

    expect(await takeEarlyHomeRead(freshTokens.token)?.answer).toBeNull();
  });

  it('is not given to another session, nor a minute after it was asked for', () => {
    sendEarlyHomeRead(freshTokens.token);
    expect(takeEarlyHomeRead(fakeJwt({ user_id: 1, sid: 'outra' }))).toBeNull();
    expect(takeEarlyHomeRead(freshTokens.token)).toBeNull();

    sendEarlyHomeRead(freshTokens.token);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    expect(hasEarlyHomeRead(freshTokens.token)).toBe(false);
    expect(takeEarlyHomeRead(freshTokens.token)).toBeNull();
  });

  it('sends nothing for a token it cannot read', () => {
    sendEarlyHomeRead('not-a-token');

    expect(hasEarlyHomeRead('not-a-token')).toBe(false);
    expect(requests.count(HOME)).toBe(0);
  });

  it('marks a signed-in device, so that its shell shows, and sends nothing on a signed-out one', () => {
    expect(start()).toBe(true);
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(true);
    expect(hasEarlyHomeRead(freshTokens.token)).toBe(true);
    takeEarlyHomeRead(freshTokens.token);

    document.documentElement.removeAttribute('data-signed-in');
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    expect(start()).toBe(false);
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(false);
    expect(hasEarlyHomeRead(null)).toBe(false);
  });
});
