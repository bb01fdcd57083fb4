import { EXPIRED_JWT_CODE, type Media } from '@acompanha/contract';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { createMediaUploads } from './media-uploads';
import { tokenStore } from './token-store';

const fakeJwt = (claims: Record<string, unknown>) => `header.${btoa(JSON.stringify({ sub: 'ana@demo.fit', user_id: 1, ...claims })).replace(/=+$/, '')}.signature`;
const url = (path: string) => `${location.origin}/api${path}`;
const ID = 'c0ffee00-0000-4000-8000-000000000001';
const media: Media = { id: ID, largura: 1600, altura: 1200, criada_em: '2026-12-02T10:00:00.000Z' };

let posts = 0;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  posts = 0;
});
afterAll(() => server.close());

const tokens = tokenStore({ access: 'access-token', refresh: 'refresh-token' });
const api = createApiClient({ base: '/api', tokens, onRefreshRefused: () => tokens.clear() });
const photo = () => new Blob(['jpeg bytes'], { type: 'image/jpeg' });

function serveUploads(answer: () => Promise<Response> | Response = () => HttpResponse.json(media, { status: 201 })) {
  server.use(
    http.post(url('/v1/midias'), async () => {
      posts += 1;
      return answer();
    }),
  );
}

describe('createMediaUploads', () => {
  tokens.store({ token: fakeJwt({}), refresh_token: 'refresh' });

  it('sends a photo once however many wait for it, and tells where it stands', async () => {
    serveUploads(async () => {
      await delay(20);
      return HttpResponse.json(media, { status: 201 });
    });
    const uploads = createMediaUploads(api);
    const told: string[] = [];
    uploads.subscribe(() => told.push(uploads.snapshot().get(ID)?.status ?? 'none'));

    const [first, second] = await Promise.all([uploads.upload(ID, photo()), uploads.upload(ID, photo())]);

    expect(first).toEqual(media);
    expect(second).toEqual(media);
    expect(await uploads.upload(ID, photo())).toEqual(media);
    expect(posts).toBe(1);
    expect(told[0]).toBe('uploading');
    expect(told.at(-1)).toBe('uploaded');
    expect(uploads.snapshot().get(ID)).toEqual({ status: 'uploaded', media });
  });

  it('keeps a failure to show, and sends the photo again when asked', async () => {
    serveUploads(() => HttpResponse.error());
    const uploads = createMediaUploads(api);

    await expect(uploads.upload(ID, photo())).rejects.toMatchObject({ status: 0 });
    expect(uploads.snapshot().get(ID)).toMatchObject({ status: 'failed', error: { status: 0 } });

    serveUploads();
    expect(await uploads.upload(ID, photo())).toEqual(media);
    expect(posts).toBe(2);
  });

  it('stops and forgets a photo taken off before its upload ends', async () => {
    serveUploads(async () => {
      await delay('infinite');
      return HttpResponse.json(media);
    });
    const uploads = createMediaUploads(api);

    const upload = uploads.upload(ID, photo());
    await expect.poll(() => posts).toBe(1);
    uploads.forget(ID);

    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(uploads.snapshot().has(ID)).toBe(false);
  });

  it('uploads again with a fresh token when the stored one expired', async () => {
    tokens.store({ token: fakeJwt({ exp: 1 }), refresh_token: 'expired-refresh' });
    server.use(http.post(url('/v1/auth/refresh'), () => HttpResponse.json({ token: fakeJwt({ exp: 2 }), refresh_token: 'refresh-2' })));
    serveUploads();
    let refused = false;
    server.use(
      http.post(url('/v1/midias'), () => {
        if (refused) return;
        refused = true;
        return HttpResponse.json({ status: 401, error: 'Unauthorized', message: 'Token expirado', code: EXPIRED_JWT_CODE }, { status: 401 });
      }),
    );

    expect(await createMediaUploads(api).upload(ID, photo())).toEqual(media);
    expect(posts).toBe(1);
  });
});
