import { MEDIA_DISPLAY_SIDE, type Media } from '@acompanha/contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { createPhotoSender, type UnsentPhotoStore } from './photo-sender';
import { tokenStore } from './token-store';

const fakeJwt = (claims: Record<string, unknown>) => `header.${btoa(JSON.stringify({ sub: 'ana@demo.fit', user_id: 1, ...claims })).replace(/=+$/, '')}.signature`;
const url = (path: string) => `${location.origin}/api${path}`;
const ID = 'c0ffee00-0000-4000-8000-000000000001';
const media: Media = { id: ID, largura: 1600, altura: 1200, criada_em: '2026-12-02T10:00:00.000Z' };
const ANA = 1;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const tokens = tokenStore({ access: 'access-token', refresh: 'refresh-token' });
const api = createApiClient({ base: '/api', tokens, onRefreshRefused: () => tokens.clear() });
tokens.store({ token: fakeJwt({}), refresh_token: 'refresh' });

/** The browser's shrinking, which jsdom has not: every picture comes out as the same small JPEG, 1600 × 1200. */
const shrink = vi.fn(async () => ({ blob: new Blob(['shrunk jpeg'], { type: 'image/jpeg' }), width: 1600, height: 1200 }));
const camera = () => new File(['camera bytes'], 'IMG_0001.jpg', { type: 'image/jpeg' });

/** The server's uploads and photos: each upload recorded, each read with the bearer it came with. */
function serveMedia() {
  const uploads: string[] = [];
  const reads: Array<{ path: string; bearer: string | null }> = [];
  const read = ({ request }: { request: Request }) => {
    reads.push({ path: new URL(request.url).pathname, bearer: request.headers.get('authorization') });
    return new HttpResponse('webp', { headers: { 'content-type': 'image/webp' } });
  };
  server.use(
    http.post(url('/v1/midias'), () => {
      uploads.push(ID);
      return HttpResponse.json(media, { status: 201 });
    }),
    http.get(url('/v1/midias/:id/miniatura'), read),
    http.get(url('/v1/midias/:id'), read),
  );
  return { uploads, reads };
}

/** The device's store of unsent photos, in memory, for whoever `signedIn` names. */
function deviceStore(options: { keepFails?: boolean } = {}) {
  const kept = new Map<string, Blob>();
  const key = (writer: number, id: string) => `${writer}:${id}`;
  let signedIn: number | null = ANA;
  const store: UnsentPhotoStore = {
    keep: async (writer, id, image) => {
      if (options.keepFails) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      kept.set(key(writer, id), image);
    },
    find: async (writer, id) => kept.get(key(writer, id)) ?? null,
    forget: async (writer, id) => void kept.delete(key(writer, id)),
    currentWriter: () => signedIn,
  };
  return { store, kept, signOut: () => (signedIn = null) };
}

const text = (blob: Blob) => blob.text();

describe('createPhotoSender', () => {
  it('shrinks a picture to the display size, shows it from this tab, and uploads it once', async () => {
    const chat = serveMedia();
    const sender = createPhotoSender({ api, shrink });

    const photo = await sender.prepare(ID, camera());

    expect(shrink).toHaveBeenCalledWith(expect.any(File), { maxSide: MEDIA_DISPLAY_SIDE });
    expect(photo).toEqual({ id: ID, image: expect.any(Blob), width: 1600, height: 1200 });
    expect(await text(await sender.load(ID, 'thumbnail', new AbortController().signal))).toBe('shrunk jpeg');
    expect(chat.reads).toEqual([]);

    await sender.send(ID);
    await sender.send(ID);

    expect(chat.uploads).toEqual([ID]);
    expect(sender.uploads.snapshot().get(ID)).toEqual({ status: 'uploaded', media });
  });

  it("reads a photo it has no copy of from the server, with the bearer, at the size asked", async () => {
    const chat = serveMedia();
    const sender = createPhotoSender({ api, shrink });

    expect(await text(await sender.load(ID, 'thumbnail', new AbortController().signal))).toBe('webp');
    await sender.load(ID, 'full', new AbortController().signal);

    const bearer = `Bearer ${tokens.accessToken()}`;
    expect(chat.reads).toEqual([
      { path: `/api/v1/midias/${ID}/miniatura`, bearer },
      { path: `/api/v1/midias/${ID}`, bearer },
    ]);
  });

  it('lets go of a photo dropped: it is neither shown from this tab nor sent', async () => {
    const chat = serveMedia();
    const sender = createPhotoSender({ api, shrink });
    await sender.prepare(ID, camera());

    sender.drop(ID);
    await sender.send(ID);

    expect(chat.uploads).toEqual([]);
    expect(await text(await sender.load(ID, 'full', new AbortController().signal))).toBe('webp');
  });

  it('keeps nothing beyond this tab without a device store: a photo dropped before its message went is not sent', async () => {
    const chat = serveMedia();
    const sender = createPhotoSender({ api, shrink });
    await sender.prepare(ID, camera());

    await sender.keepToSend(ANA, [ID]);
    sender.drop(ID);
    await sender.send(ID, ANA);
    await expect(sender.forgetToSend(ANA, [ID])).resolves.toBeUndefined();

    expect(chat.uploads).toEqual([]);
  });

  describe('with the device store', () => {
    it("keeps a queued message's photos for their writer, sends them after a reload, and lets the device's copy go once sent", async () => {
      const chat = serveMedia();
      const device = deviceStore();
      const before = createPhotoSender({ api, shrink, device: device.store });
      await before.prepare(ID, camera());

      await before.keepToSend(ANA, [ID]);
      expect([...device.kept.keys()]).toEqual([`${ANA}:${ID}`]);

      // The tab reloads: its copy goes, the device's stays, and shows in the thread.
      const after = createPhotoSender({ api, shrink, device: device.store });
      expect(await text(await after.load(ID, 'thumbnail', new AbortController().signal))).toBe('shrunk jpeg');
      expect(chat.reads).toEqual([]);

      await after.send(ID, ANA);

      expect(chat.uploads).toEqual([ID]);
      expect(device.kept.size).toBe(0);
    });

    it('keeps nothing of a photo the server holds already, nor for no writer, and sends from this tab when the device cannot keep it', async () => {
      const chat = serveMedia();
      const device = deviceStore();
      const sender = createPhotoSender({ api, shrink, device: device.store });
      await sender.prepare(ID, camera());

      await sender.keepToSend(null, [ID]);
      expect(device.kept.size).toBe(0);
      await sender.send(ID, ANA);
      await sender.keepToSend(ANA, [ID]);
      expect(device.kept.size).toBe(0);

      const full = deviceStore({ keepFails: true });
      const other = createPhotoSender({ api, shrink, device: full.store });
      await other.prepare(ID, camera());
      await expect(other.keepToSend(ANA, [ID])).resolves.toBeUndefined();
      await other.send(ID, ANA);
      expect(chat.uploads).toEqual([ID, ID]);
    });

    it("lets go of the photos of a message refused for good, and shows only the signed-in writer's", async () => {
      serveMedia();
      const device = deviceStore();
      const sender = createPhotoSender({ api, shrink, device: device.store });
      await sender.prepare(ID, camera());
      await sender.keepToSend(ANA, [ID]);
      sender.drop(ID);

      device.signOut();
      expect(await text(await sender.load(ID, 'thumbnail', new AbortController().signal))).toBe('webp');

      await sender.forgetToSend(ANA, [ID]);
      expect(device.kept.size).toBe(0);
    });

    it('sends nothing for a photo in neither this tab nor the device: it went before its message was queued', async () => {
      const chat = serveMedia();
      const sender = createPhotoSender({ api, shrink, device: deviceStore().store });

      await sender.send(ID, ANA);

      expect(chat.uploads).toEqual([]);
    });
  });
});
