import { EXPIRED_JWT_CODE, paths, type TokenPair } from '@acompanha/contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiError, isTransientError } from './api-error';
import { createApiClient, SessionChangedError } from './api-client';
import { tokenStore } from './token-store';

/** A token whose claims the client reads (`user_id`), unsigned: the client never checks a signature. */
const fakeJwt = (claims: Record<string, unknown>) => `header.${btoa(JSON.stringify({ sub: 'ana@demo.fit', user_id: 1, ...claims })).replace(/=+$/, '')}.signature`;

const EXPIRED: TokenPair = { token: fakeJwt({ exp: 1 }), refresh_token: 'refresh-1' };
const FRESH: TokenPair = { token: fakeJwt({ exp: 2 }), refresh_token: 'refresh-2' };
const me = { id: 1 };
const meSchema = z.object({ id: z.number() });
const url = (path: string) => `${location.origin}/api${path}`;

const expiredJwt = () => HttpResponse.json({ status: 401, error: 'Unauthorized', message: 'Token expirado', code: EXPIRED_JWT_CODE }, { status: 401 });
const unauthorized = () => HttpResponse.json({ status: 401, error: 'Unauthorized', message: 'Sessão encerrada.' }, { status: 401 });

/** Every call the server saw, as `METHOD /path`. */
let seen: string[] = [];
const server = setupServer(
  http.get(url('/v1/users/me'), ({ request }) => (request.headers.get('authorization') === `Bearer ${FRESH.token}` ? HttpResponse.json(me) : expiredJwt())),
  http.post(url('/v1/auth/refresh'), async ({ request }) => {
    const { refresh_token } = (await request.json()) as { refresh_token: string };
    return refresh_token === EXPIRED.refresh_token ? HttpResponse.json(FRESH) : unauthorized();
  }),
  http.post(url('/v1/auth/login'), () => unauthorized()),
);
server.events.on('request:start', ({ request }) => void seen.push(`${request.method} ${new URL(request.url).pathname}`));
const count = (call: string) => seen.filter((one) => one === call).length;
const ME = 'GET /api/v1/users/me';
const REFRESH = 'POST /api/v1/auth/refresh';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  seen = [];
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

// Both apps' ways of keeping the pair: the client app's two plain keys, the console's one JSON key.
describe.each([
  ['two keys', { access: 'access-token', refresh: 'refresh-token' }],
  ['one key', { pair: 'acompanha.equipe.sessao' }],
] as const)('call, with the pair kept in %s', (_layout, keys) => {
  const tokens = tokenStore(keys);
  const onRefreshRefused = vi.fn(() => tokens.clear());
  const api = createApiClient({ base: '/api', tokens, onRefreshRefused });

  beforeEach(() => onRefreshRefused.mockClear());

  it('sends the stored access token as a bearer header', async () => {
    tokens.store(FRESH);

    expect(await api.call('/v1/users/me', meSchema)).toEqual(me);
    expect(count(REFRESH)).toBe(0);
  });

  it('refreshes an expired token once, stores the new pair and retries the call', async () => {
    tokens.store(EXPIRED);

    expect(await api.call('/v1/users/me', meSchema)).toEqual(me);
    expect(count(REFRESH)).toBe(1);
    expect(count(ME)).toBe(2);
    expect(tokens.read()).toEqual(FRESH);
  });

  it('refreshes after a plain Unauthorized answer too', async () => {
    tokens.store({ token: 'unknown-access', refresh_token: EXPIRED.refresh_token });

    expect(await api.call('/v1/users/me', meSchema)).toEqual(me);
    expect(count(REFRESH)).toBe(1);
  });

  it('shares one refresh call among concurrent 401s: the refresh token is single-use', async () => {
    tokens.store(EXPIRED);

    const answers = await Promise.all([api.call('/v1/users/me', meSchema), api.call('/v1/users/me', meSchema), api.call('/v1/users/me', meSchema)]);

    expect(answers).toEqual([me, me, me]);
    expect(count(REFRESH)).toBe(1);
    expect(tokens.read()).toEqual(FRESH);
  });

  it('retries a 401 that arrives after the refresh with the new token, without spending it again', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(url('/v1/users/me'), async ({ request }) => {
        // Holds the late request back; answering nothing hands it on to the default handler.
        if (new URL(request.url).searchParams.has('late')) await released;
      }),
    );
    tokens.store(EXPIRED);

    const late = api.call('/v1/users/me', meSchema, { params: { late: 1 } });
    await api.call('/v1/users/me', meSchema);
    release();

    expect(await late).toEqual(me);
    expect(count(REFRESH)).toBe(1);
    expect(tokens.read()).toEqual(FRESH);
  });

  it("never sends a refused request again under the user who signed in meanwhile ('Sair', then another client)", async () => {
    const ana = fakeJwt({ user_id: 1 });
    const bruno = fakeJwt({ user_id: 2, sub: 'bruno@demo.fit' });
    const bearers: (string | null)[] = [];
    server.use(
      http.post(url('/v1/mensagens'), ({ request }) => {
        bearers.push(request.headers.get('authorization'));
        // Ana's message was on its way when she pressed 'Sair' and Bruno signed in on the phone.
        tokens.store({ token: bruno, refresh_token: 'refresh-of-bruno' });
        return unauthorized();
      }),
    );
    tokens.store({ token: ana, refresh_token: 'refresh-of-ana' });

    await expect(api.call('/v1/mensagens', null, { method: 'POST', body: { id: 'x', texto: 'da Ana' } })).rejects.toBeInstanceOf(SessionChangedError);
    expect(bearers).toEqual([`Bearer ${ana}`]);
  });

  it('uses the pair another tab stored while this one waited for the refresh lock, without spending it again', async () => {
    tokens.store(EXPIRED);
    // Another tab holds the lock and stores its new pair before this tab gets it.
    const request = vi.fn(async (_name: string, callback: () => Promise<void>) => {
      tokens.store(FRESH);
      return callback();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });

    expect(await api.call('/v1/users/me', meSchema)).toEqual(me);
    expect(request).toHaveBeenCalledWith(`acompanha-token-refresh:${tokens.keys.join(',')}`, expect.any(Function));
    expect(count(REFRESH)).toBe(0);
    expect(tokens.read()).toEqual(FRESH);
  });

  it('refreshes inside the lock when no other tab did', async () => {
    tokens.store(EXPIRED);
    const request = vi.fn(async (_name: string, callback: () => Promise<void>) => callback());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });

    await api.call('/v1/users/me', meSchema);

    expect(request).toHaveBeenCalledOnce();
    expect(count(REFRESH)).toBe(1);
    expect(tokens.read()).toEqual(FRESH);
  });

  it('ends the session when the server refuses the refresh', async () => {
    tokens.store({ token: EXPIRED.token, refresh_token: 'revoked-refresh' });

    const call = api.call('/v1/users/me', meSchema);

    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(onRefreshRefused).toHaveBeenCalledOnce();
    expect(tokens.read()).toBeNull();
  });

  it('keeps the session when the refresh cannot reach the server, and fails as a call worth trying again', async () => {
    server.use(http.post(url('/v1/auth/refresh'), () => HttpResponse.error()));
    tokens.store(EXPIRED);

    await expect(api.call('/v1/users/me', meSchema)).rejects.toMatchObject({ status: 0, transient: true });

    expect(onRefreshRefused).not.toHaveBeenCalled();
    expect(tokens.read()).toEqual(EXPIRED);
  });

  it('never refreshes on the login call', async () => {
    tokens.store(EXPIRED);

    await expect(api.call(paths.login, null, { method: 'POST', body: { email: 'ana@demo.fit', password: 'wrong-password' } })).rejects.toMatchObject({ status: 401 });

    expect(count(REFRESH)).toBe(0);
    expect(tokens.read()).toEqual(EXPIRED);
    expect(onRefreshRefused).not.toHaveBeenCalled();
  });

  it('does not refresh again when the retried call answers 401 too', async () => {
    server.use(http.get(url('/v1/users/me'), () => expiredJwt()));
    tokens.store(EXPIRED);

    await expect(api.call('/v1/users/me', meSchema)).rejects.toMatchObject({ status: 401 });

    expect(count(REFRESH)).toBe(1);
    expect(count(ME)).toBe(2);
  });

  it('sends a bearer given explicitly (a link token), or none, instead of the stored one, and leaves its 401 to the caller', async () => {
    tokens.store(EXPIRED);
    const bearers: (string | null)[] = [];
    server.use(
      http.patch(url('/v1/users/change-password'), ({ request }) => {
        bearers.push(request.headers.get('authorization'));
        return bearers.length === 1 ? new HttpResponse(null, { status: 204 }) : expiredJwt();
      }),
    );

    await api.call('/v1/users/change-password', null, { method: 'PATCH', body: { password: 'NovaSenha1' }, bearer: 'link-token' });
    await expect(api.call('/v1/users/change-password', null, { method: 'PATCH', body: { password: 'NovaSenha1' }, bearer: null })).rejects.toMatchObject({
      status: 401,
      body: { code: 'ExpiredJwtException' },
    });

    expect(bearers).toEqual(['Bearer link-token', null]);
    expect(count(REFRESH)).toBe(0);
    expect(tokens.read()).toEqual(EXPIRED);
  });
});

describe('what a call sends and reads', () => {
  const api = createApiClient({ base: '/api', tokens: tokenStore({ pair: 'test-pair' }), onRefreshRefused: () => {} });

  it('puts the defined params in the query, sends the body as JSON, and reads a JSON or a text answer', async () => {
    let received: { query: string; type: string | null; body: unknown } | undefined;
    server.use(
      http.post(url('/v1/eco'), async ({ request }) => {
        received = { query: new URL(request.url).search, type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ ok: true }, { status: 201 });
      }),
      http.get(url('/v1/texto'), () => HttpResponse.text('OK')),
    );

    expect(await api.call('/v1/eco', z.object({ ok: z.boolean() }), { method: 'POST', params: { page: 0, antes: undefined, depois: null, size: 20 }, body: { a: 1 } })).toEqual({ ok: true });
    expect(received).toEqual({ query: '?page=0&size=20', type: 'application/json', body: { a: 1 } });
    expect(await api.call('/v1/texto', z.string())).toBe('OK');
  });

  it('throws ApiError: with the answer for an error status, without one when no answer came; only those worth retrying are transient', async () => {
    server.use(
      http.get(url('/v1/recusado'), () => HttpResponse.json({ status: 400, error: 'Bad Request', message: 'Não.', field: 'email' }, { status: 400 })),
      http.get(url('/v1/ocupado'), () => HttpResponse.json({}, { status: 503 })),
      http.get(url('/v1/limite'), () => HttpResponse.json({}, { status: 429 })),
      http.get(url('/v1/caiu'), () => HttpResponse.error()),
    );
    const failure = (path: string) => api.call(path, null, { bearer: null }).then(() => null, (error: unknown) => error);

    const refused = await failure('/v1/recusado');
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, body: { message: 'Não.' }, message: 'Não.', field: 'email' });
    expect(isTransientError(refused)).toBe(false);
    expect(isTransientError(await failure('/v1/ocupado'))).toBe(true);
    expect(isTransientError(await failure('/v1/limite'))).toBe(true);
    const unreachable = await failure('/v1/caiu');
    expect(unreachable).toMatchObject({ status: 0, body: null, message: 'Não foi possível falar com o servidor. Verifique sua internet e tente novamente.' });
    expect(isTransientError(unreachable)).toBe(true);
    expect(isTransientError(new Error('not a call'))).toBe(false);
  });

  it('refuses an answer its schema does not read, as a failed call', async () => {
    server.use(http.get(url('/v1/estranho'), () => HttpResponse.json({ id: 'um' })));

    await expect(api.call('/v1/estranho', meSchema, { bearer: null })).rejects.toMatchObject({ status: 200, body: null });
  });
});

/** A multipart body's parts in order, as the server reads them: name, type (of a file) and text value. */
async function partsOf(request: Request): Promise<{ name: string; type: string | null; value: string }[]> {
  const boundary = /boundary=(.+)$/.exec(request.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [];
  const text = await request.text();
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head = '', value = ''] = part.replace(/^\r\n/, '').split('\r\n\r\n');
      return {
        name: /name="([^"]*)"/.exec(head)?.[1] ?? '',
        type: /content-type: (.+)/i.exec(head)?.[1]?.trim() ?? null,
        value: value.replace(/\r\n$/, ''),
      };
    });
}

describe('upload and blob', () => {
  const tokens = tokenStore({ access: 'access-token', refresh: 'refresh-token' });
  const onRefreshRefused = vi.fn(() => tokens.clear());
  const api = createApiClient({ base: '/api', tokens, onRefreshRefused });
  const media = { id: 'c0ffee00-0000-4000-8000-000000000001', largura: 1600, altura: 1200, criada_em: '2026-12-02T10:00:00.000Z' };
  const mediaSchema = z.object({ id: z.string(), largura: z.number(), altura: z.number(), criada_em: z.string() });
  const photoForm = () => {
    const form = new FormData();
    form.append('id', media.id);
    form.append('arquivo', new Blob(['jpeg bytes'], { type: 'image/jpeg' }), 'foto.jpg');
    return form;
  };

  it('posts the form as multipart with the bearer, telling its progress, and reads the answer', async () => {
    let received: { bearer: string | null; parts: Awaited<ReturnType<typeof partsOf>> } | undefined;
    server.use(
      http.post(url('/v1/midias'), async ({ request }) => {
        received = { bearer: request.headers.get('authorization'), parts: await partsOf(request) };
        return HttpResponse.json(media, { status: 201 });
      }),
    );
    tokens.store(FRESH);
    const progress: [number, number][] = [];

    expect(await api.upload('/v1/midias', mediaSchema, photoForm(), { onProgress: (sent, total) => progress.push([sent, total]) })).toEqual(media);

    expect(received?.bearer).toBe(`Bearer ${FRESH.token}`);
    expect(received?.parts.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'id', type: null },
      { name: 'arquivo', type: 'image/jpeg' },
    ]);
    expect(received?.parts[0]?.value).toBe(media.id);
    expect(progress.length).toBeGreaterThan(0);
    const [sent, total] = progress.at(-1)!;
    expect(sent).toBe(total);
  });

  it('refreshes an expired token once and sends the upload again, as call does', async () => {
    const bearers: (string | null)[] = [];
    server.use(
      http.post(url('/v1/midias'), ({ request }) => {
        bearers.push(request.headers.get('authorization'));
        return request.headers.get('authorization') === `Bearer ${FRESH.token}` ? HttpResponse.json(media) : expiredJwt();
      }),
    );
    tokens.store(EXPIRED);

    expect(await api.upload('/v1/midias', mediaSchema, photoForm())).toEqual(media);
    expect(bearers).toEqual([`Bearer ${EXPIRED.token}`, `Bearer ${FRESH.token}`]);
    expect(count(REFRESH)).toBe(1);
  });

  it("fails with the API's error body, or as a dropped connection worth trying again", async () => {
    const consent = { status: 403, error: 'Forbidden', message: 'Autorize antes.', code: 'ConsentimentoPendente' };
    server.use(http.post(url('/v1/midias'), () => HttpResponse.json(consent, { status: 403 })));
    tokens.store(FRESH);

    await expect(api.upload('/v1/midias', mediaSchema, photoForm())).rejects.toMatchObject({ status: 403, body: consent, transient: false });

    server.use(http.post(url('/v1/midias'), () => HttpResponse.error()));
    await expect(api.upload('/v1/midias', mediaSchema, photoForm())).rejects.toMatchObject({ status: 0, transient: true });
  });

  it("stops when its signal aborts, with the signal's reason", async () => {
    server.use(http.post(url('/v1/midias'), () => HttpResponse.json(media)));
    tokens.store(FRESH);
    const controller = new AbortController();
    controller.abort();

    await expect(api.upload('/v1/midias', mediaSchema, photoForm(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([]);
  });

  it('reads a protected file as a blob with the bearer, refreshing an expired token once', async () => {
    server.use(
      http.get(url('/v1/midias/:id/miniatura'), ({ request }) =>
        request.headers.get('authorization') === `Bearer ${FRESH.token}` ? new HttpResponse('webp bytes', { headers: { 'content-type': 'image/webp' } }) : expiredJwt(),
      ),
      http.get(url('/v1/midias/:id'), () => HttpResponse.json({ status: 404, error: 'Not Found', message: 'Foto não encontrada.' }, { status: 404 })),
    );
    tokens.store(EXPIRED);

    const image = await api.blob(`/v1/midias/${media.id}/miniatura`);

    expect(image.type).toBe('image/webp');
    expect(await image.text()).toBe('webp bytes');
    expect(count(REFRESH)).toBe(1);
    await expect(api.blob(`/v1/midias/${media.id}`)).rejects.toMatchObject({ status: 404, message: 'Foto não encontrada.' });
  });
});
