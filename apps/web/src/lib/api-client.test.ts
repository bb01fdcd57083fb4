import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiUrl,
  demoCredentials,
  expiredJwt,
  expiredTokens,
  freshTokens,
  me,
} from '../testing/handlers';
import { server } from '../testing/msw-server';
import { recordRequests, REFRESH_CALL } from '../testing/record-requests';
import { fakeJwt } from '../testing/factories';
import { ApiError, apiClient, authClient, isTransientError, LOGIN_PATH, send } from './api-client';
import { SessionChangedError } from './session/current-user';
import { onSessionEnd } from './session/session-end';
import { getToken, setToken, setWaterConsumption, STORAGE_KEYS } from './storage';

function storeTokens(tokens: { token: string; refresh_token: string }) {
  setToken(STORAGE_KEYS.accessToken, tokens.token);
  setToken(STORAGE_KEYS.refreshToken, tokens.refresh_token);
}

function storedTokens() {
  return { token: getToken(STORAGE_KEYS.accessToken), refresh_token: getToken(STORAGE_KEYS.refreshToken) };
}

const ME = 'GET /api/v1/users/me';

describe('apiClient', () => {
  const navigate = vi.fn<(to: string) => void>();
  let requests: ReturnType<typeof recordRequests>;
  let stopListening: () => void;

  beforeEach(() => {
    requests = recordRequests();
    // Stands in for the app's reaction (app/create-app.tsx): where an ended session goes next.
    stopListening = onSessionEnd(({ redirectTo }) => redirectTo && navigate(redirectTo));
  });

  afterEach(() => {
    requests.stop();
    stopListening();
    navigate.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends the stored access token as a bearer header', async () => {
    storeTokens(freshTokens);

    const response = await apiClient.get('/v1/users/me');

    expect(response.data).toEqual(me);
    expect(requests.count(REFRESH_CALL)).toBe(0);
  });

  it('refreshes an expired token once, stores the new pair and retries the call', async () => {
    storeTokens(expiredTokens);

    const response = await apiClient.get('/v1/users/me');

    expect(response.data).toEqual(me);
    expect(requests.count(REFRESH_CALL)).toBe(1);
    expect(requests.count(ME)).toBe(2);
    expect(storedTokens()).toEqual(freshTokens);
  });

  it('refreshes after a plain Unauthorized answer too', async () => {
    storeTokens({ token: 'unknown-access', refresh_token: expiredTokens.refresh_token });

    const response = await apiClient.get('/v1/users/me');

    expect(response.data).toEqual(me);
    expect(requests.count(REFRESH_CALL)).toBe(1);
  });

  it('shares one refresh call among concurrent 401s', async () => {
    storeTokens(expiredTokens);

    const responses = await Promise.all([
      apiClient.get('/v1/users/me'),
      apiClient.get('/v1/users/me'),
      apiClient.get('/v1/users/me'),
    ]);

    expect(responses.map((response) => response.data)).toEqual([me, me, me]);
    expect(requests.count(REFRESH_CALL)).toBe(1);
    expect(storedTokens()).toEqual(freshTokens);
  });

  it('retries a 401 that arrives after the refresh with the new token, without spending it again', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(apiUrl('/v1/users/me'), async ({ request }) => {
        // Holds the late request back; answering nothing hands it on to the default handler.
        if (new URL(request.url).searchParams.has('late')) await released;
      }),
    );
    storeTokens(expiredTokens);

    const late = apiClient.get('/v1/users/me', { params: { late: 1 } });
    await apiClient.get('/v1/users/me');
    release();

    expect((await late).data).toEqual(me);
    expect(requests.count(REFRESH_CALL)).toBe(1);
    expect(storedTokens()).toEqual(freshTokens);
  });

  it("never sends a refused request again under the user who signed in meanwhile ('Sair', then another client)", async () => {
    const ana = fakeJwt({ user_id: 1, sub: 'ana@demo.fit' });
    const bruno = fakeJwt({ user_id: 2, sub: 'bruno@demo.fit' });
    const seen: (string | null)[] = [];
    server.use(
      http.post(apiUrl('/v1/mensagens'), ({ request }) => {
        seen.push(request.headers.get('authorization'));
        // Ana's message was on its way when she pressed 'Sair' and Bruno signed in on the phone.
        storeTokens({ token: bruno, refresh_token: 'refresh-of-bruno' });
        return HttpResponse.json({ status: 401, error: 'Unauthorized', message: 'Sessão encerrada. Entre novamente.' }, { status: 401 });
      }),
    );
    storeTokens({ token: ana, refresh_token: 'refresh-of-ana' });

    await expect(apiClient.post('/v1/mensagens', { id: 'x', texto: 'da Ana' })).rejects.toBeInstanceOf(SessionChangedError);
    expect(seen).toEqual([`Bearer ${ana}`]);
  });

  it('uses the pair another tab stored while this one waited for the refresh lock, without spending it again', async () => {
    storeTokens(expiredTokens);
    // Another tab holds the lock and stores its new pair before this tab gets it.
    const request = vi.fn(async (_name: string, callback: () => Promise<void>) => {
      storeTokens(freshTokens);
      return callback();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });

    const response = await apiClient.get('/v1/users/me');

    expect(response.data).toEqual(me);
    expect(request).toHaveBeenCalledWith('acompanha-token-refresh', expect.any(Function));
    expect(requests.count(REFRESH_CALL)).toBe(0);
    expect(storedTokens()).toEqual(freshTokens);
  });

  it('refreshes inside the lock when no other tab did', async () => {
    storeTokens(expiredTokens);
    const request = vi.fn(async (_name: string, callback: () => Promise<void>) => callback());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });

    await apiClient.get('/v1/users/me');

    expect(request).toHaveBeenCalledOnce();
    expect(requests.count(REFRESH_CALL)).toBe(1);
    expect(storedTokens()).toEqual(freshTokens);
  });

  it('ends the session and goes to /login when the refresh is refused', async () => {
    storeTokens({ token: expiredTokens.token, refresh_token: 'revoked-refresh' });
    setWaterConsumption(750);

    await expect(apiClient.get('/v1/users/me')).rejects.toMatchObject({ response: { status: 401 } });

    expect(storedTokens()).toEqual({ token: null, refresh_token: null });
    expect(localStorage.getItem(STORAGE_KEYS.waterConsumption)).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('keeps the session when the refresh call cannot reach the server', async () => {
    server.use(http.post(apiUrl('/v1/auth/refresh'), () => HttpResponse.error()));
    storeTokens(expiredTokens);

    await expect(apiClient.get('/v1/users/me')).rejects.toMatchObject({ response: { status: 401 } });

    expect(storedTokens()).toEqual(expiredTokens);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('never refreshes on the login call', async () => {
    storeTokens(expiredTokens);

    await expect(
      apiClient.post(LOGIN_PATH, { ...demoCredentials, password: 'wrong-password' }),
    ).rejects.toMatchObject({ response: { status: 401 } });

    expect(requests.count(REFRESH_CALL)).toBe(0);
    expect(storedTokens()).toEqual(expiredTokens);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not refresh again when the retried call answers 401 too', async () => {
    server.use(http.get(apiUrl('/v1/users/me'), () => expiredJwt()));
    storeTokens(expiredTokens);

    await expect(apiClient.get('/v1/users/me')).rejects.toMatchObject({ response: { status: 401 } });

    expect(requests.count(REFRESH_CALL)).toBe(1);
    expect(requests.count(ME)).toBe(2);
  });
});

describe('authClient', () => {
  it('sends no stored bearer, so a link token can be given explicitly', async () => {
    storeTokens(freshTokens);
    let authorization: string | null = 'not called';
    server.use(
      http.patch(apiUrl('/v1/users/change-password'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await authClient.patch(
      '/v1/users/change-password',
      { password: 'NovaSenha1' },
      { headers: { Authorization: 'Bearer link-token' } },
    );

    expect(authorization).toBe('Bearer link-token');
  });

  it('leaves a 401 to the caller', async () => {
    storeTokens(expiredTokens);
    server.use(http.patch(apiUrl('/v1/users/change-password'), () => expiredJwt()));

    await expect(authClient.patch('/v1/users/change-password', { password: 'NovaSenha1' })).rejects.toMatchObject({
      response: { status: 401, data: { code: 'ExpiredJwtException' } },
    });
    expect(storedTokens()).toEqual(expiredTokens);
  });
});

describe('send', () => {
  it('puts the defined params in the query, sends the body as JSON, and reads a JSON or a text answer', async () => {
    let received: { query: string; type: string | null; body: unknown } | undefined;
    server.use(
      http.post(apiUrl('/v1/eco'), async ({ request }) => {
        received = { query: new URL(request.url).search, type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ ok: true }, { status: 201 });
      }),
      http.get(apiUrl('/v1/texto'), () => HttpResponse.text('OK')),
    );

    const answer = await send({ method: 'POST', url: '/v1/eco', params: { page: 0, antes: undefined, size: 20 }, body: { a: 1 } });
    expect(answer).toEqual({ data: { ok: true }, status: 201 });
    expect(received).toEqual({ query: '?page=0&size=20', type: 'application/json', body: { a: 1 } });
    expect(await send({ method: 'GET', url: '/v1/texto' })).toEqual({ data: 'OK', status: 200 });
  });

  it('throws ApiError: with the answer for an error status, without one when no answer came; only those worth retrying are transient', async () => {
    server.use(
      http.get(apiUrl('/v1/recusado'), () => HttpResponse.json({ message: 'Não.' }, { status: 400 })),
      http.get(apiUrl('/v1/ocupado'), () => HttpResponse.json({}, { status: 503 })),
      http.get(apiUrl('/v1/limite'), () => HttpResponse.json({}, { status: 429 })),
      http.get(apiUrl('/v1/caiu'), () => HttpResponse.error()),
    );
    const failure = (url: string) => send({ method: 'GET', url }).then(() => null, (error: unknown) => error);

    const refused = await failure('/v1/recusado');
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ response: { status: 400, data: { message: 'Não.' } } });
    expect(isTransientError(refused)).toBe(false);
    expect(isTransientError(await failure('/v1/ocupado'))).toBe(true);
    expect(isTransientError(await failure('/v1/limite'))).toBe(true);
    const unreachable = await failure('/v1/caiu');
    expect(unreachable).toMatchObject({ response: undefined });
    expect(isTransientError(unreachable)).toBe(true);
    expect(isTransientError(new Error('not a call'))).toBe(false);
  });
});
