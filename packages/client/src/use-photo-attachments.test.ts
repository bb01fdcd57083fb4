import type { Media } from '@acompanha/contract';
import { act, cleanup, configure, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { errorBodyOf } from './api-error';
import { createPhotoSender, type PhotoSender } from './photo-sender';
import { tokenStore } from './token-store';
import { PHOTO_UNREADABLE, PHOTOS_NOT_READY, PHOTOS_REFUSED, usePhotoAttachments, type PhotoConsent } from './use-photo-attachments';

const fakeJwt = (claims: Record<string, unknown>) => `header.${btoa(JSON.stringify({ sub: 'ana@demo.fit', user_id: 1, ...claims })).replace(/=+$/, '')}.signature`;
const url = (path: string) => `${location.origin}/api${path}`;

// waitFor waits for the thing itself, as long as the test may run (decision 059): a busy machine makes a test slower, never makes it fail.
configure({ asyncUtilTimeout: 10 * 60_000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const tokens = tokenStore({ access: 'access-token', refresh: 'refresh-token' });
const api = createApiClient({ base: '/api', tokens, onRefreshRefused: () => tokens.clear() });
tokens.store({ token: fakeJwt({}), refresh_token: 'refresh' });

/** The browser's shrinking, which jsdom has not: a picture named 'broken.jpg' cannot be opened, any other comes out 1600 × 1200. */
const shrink = async (image: Blob) => {
  if (image instanceof File && image.name === 'broken.jpg') throw new Error('The picture could not be decoded');
  return { blob: new Blob(['shrunk jpeg'], { type: 'image/jpeg' }), width: 1600, height: 1200 };
};
const camera = (name = 'IMG_0001.jpg') => new File(['camera bytes'], name, { type: 'image/jpeg' });

const CONSENT_PENDING = 'ConsentimentoPendente';
const refusedForConsent = () => HttpResponse.json({ status: 403, error: 'Forbidden', message: 'Autorize antes.', code: CONSENT_PENDING }, { status: 403 });

/**
 * The server's uploads: each stored (or answered by `failWith`'s answer until `store()`), recorded
 * by id, and held while `hold()` is on.
 */
function serveUploads() {
  const uploads: string[] = [];
  let failure: (() => Response) | null = null;
  let held: Promise<void> | null = null;
  let release = () => {};
  server.use(
    http.post(url('/v1/midias'), async ({ request }) => {
      // The id, the form's first field, from the text: Node's formData() cannot read a form of jsdom's Files.
      const id = /name="id"\r\n\r\n([^\r]+)/.exec(await request.text())?.[1] ?? '';
      uploads.push(id);
      if (held) await held;
      if (failure) return failure();
      return HttpResponse.json({ id, largura: 1600, altura: 1200, criada_em: '2026-12-02T10:00:00.000Z' } satisfies Media, { status: 201 });
    }),
  );
  return {
    uploads,
    failWith: (answer: () => Response) => {
      failure = answer;
    },
    store: () => {
      failure = null;
    },
    hold: () => {
      held = new Promise((resolve) => (release = resolve));
    },
    release: () => {
      held = null;
      release();
    },
  };
}

/** A consent the test answers: `missing` says what `known` says, `ask` waits for `answer()`. */
function askedConsent(known: boolean) {
  let answer: (given: boolean) => void = () => undefined;
  const consent: PhotoConsent = {
    missing: vi.fn(async () => known),
    ask: vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve))),
    isPending: (error) => errorBodyOf(error)?.code === CONSENT_PENDING,
  };
  return { consent, answer: (given: boolean) => act(async () => answer(given)) };
}

function renderAttachments(sender: PhotoSender, { online = true, consent }: { online?: boolean; consent?: PhotoConsent } = {}) {
  return renderHook(({ online: connected }) => usePhotoAttachments(sender, { online: connected, consent }), { initialProps: { online } });
}

const statuses = (hook: { result: { current: ReturnType<typeof usePhotoAttachments> } }) => hook.result.current.attachments.map(({ status }) => status);

describe('usePhotoAttachments', () => {
  it('shrinks each photo and uploads it at once, with its progress, then hands the message its photos and starts empty again', async () => {
    const served = serveUploads();
    served.hold();
    const sender = createPhotoSender({ api, shrink });
    const hook = renderAttachments(sender);

    act(() => hook.result.current.attach([camera()]));

    expect(hook.result.current.attachments).toEqual([{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), preview: null, status: 'preparing' }]);
    expect(hook.result.current.refusal()).toBe(PHOTOS_NOT_READY);
    await waitFor(() => expect(hook.result.current.attachments).toEqual([{ id: expect.any(String), preview: expect.any(Blob), status: 'uploading', progress: 0 }]));
    served.release();
    await waitFor(() => expect(statuses(hook)).toEqual(['uploaded']));
    expect(hook.result.current.refusal()).toBeUndefined();

    let media: ReturnType<ReturnType<typeof usePhotoAttachments>['take']> = [];
    act(() => {
      media = hook.result.current.take();
    });

    const [id] = served.uploads;
    expect(media).toEqual([{ id, largura: 1600, altura: 1200 }]);
    expect(hook.result.current.attachments).toEqual([]);
    // Taken, it is the message's: leaving the screen keeps it.
    hook.unmount();
    expect(sender.uploads.snapshot().get(id!)?.status).toBe('uploaded');
  });

  it('refuses a picture it cannot open, and lets the message go once it is removed', async () => {
    serveUploads();
    const hook = renderAttachments(createPhotoSender({ api, shrink }));

    act(() => hook.result.current.attach([camera('broken.jpg')]));

    await waitFor(() => expect(hook.result.current.attachments).toEqual([{ id: expect.any(String), preview: null, status: 'refused', error: PHOTO_UNREADABLE }]));
    expect(hook.result.current.refusal()).toBe(PHOTOS_REFUSED);
    act(() => hook.result.current.remove(hook.result.current.attachments[0]!.id));
    expect(hook.result.current.attachments).toEqual([]);
    expect(hook.result.current.refusal()).toBeUndefined();
  });

  it('shows a failed upload, sends it again when asked, and shows the reason of one the server refuses', async () => {
    const served = serveUploads();
    served.failWith(() => HttpResponse.json({ status: 503, error: 'Service Unavailable', message: 'Tente depois.' }, { status: 503 }));
    const hook = renderAttachments(createPhotoSender({ api, shrink }));
    act(() => hook.result.current.attach([camera()]));
    await waitFor(() => expect(statuses(hook)).toEqual(['failed']));
    expect(served.uploads).toHaveLength(1);

    served.failWith(() => HttpResponse.json({ status: 400, error: 'Bad Request', message: 'A foto não é uma imagem.' }, { status: 400 }));
    act(() => hook.result.current.retry(hook.result.current.attachments[0]!.id));

    await waitFor(() => expect(hook.result.current.attachments).toEqual([{ id: expect.any(String), preview: expect.any(Blob), status: 'refused', error: 'A foto não é uma imagem.' }]));
    expect(served.uploads).toHaveLength(2);
    expect(hook.result.current.refusal()).toBe(PHOTOS_REFUSED);
  });

  it('offline, the photos wait for the connection, and go once it returns', async () => {
    const served = serveUploads();
    const hook = renderAttachments(createPhotoSender({ api, shrink }), { online: false });

    act(() => hook.result.current.attach([camera()]));

    await waitFor(() => expect(statuses(hook)).toEqual(['waiting']));
    expect(served.uploads).toEqual([]);
    hook.rerender({ online: true });
    await waitFor(() => expect(statuses(hook)).toEqual(['uploaded']));
    expect(served.uploads).toHaveLength(1);
  });

  it('sends again, once the connection returns, an upload the connection cut off', async () => {
    const served = serveUploads();
    served.hold();
    served.failWith(() => HttpResponse.error());
    const hook = renderAttachments(createPhotoSender({ api, shrink }));
    act(() => hook.result.current.attach([camera()]));
    await waitFor(() => expect(served.uploads).toHaveLength(1));

    hook.rerender({ online: false });
    served.release();

    await waitFor(() => expect(statuses(hook)).toEqual(['waiting']));
    served.store();
    hook.rerender({ online: true });
    await waitFor(() => expect(statuses(hook)).toEqual(['uploaded']));
    expect(served.uploads).toHaveLength(2);
  });

  it('lets go of the photos not taken when the screen goes: their uploads stop', async () => {
    const served = serveUploads();
    served.hold();
    const sender = createPhotoSender({ api, shrink });
    const hook = renderAttachments(sender);
    act(() => hook.result.current.attach([camera()]));
    await waitFor(() => expect(served.uploads).toHaveLength(1));

    hook.unmount();

    expect(sender.uploads.snapshot().size).toBe(0);
    served.release();
  });

  describe('with a photo consent', () => {
    it('asks for it at the first photo when it is missing, and uploads once it is given', async () => {
      const served = serveUploads();
      const { consent, answer } = askedConsent(true);
      const hook = renderAttachments(createPhotoSender({ api, shrink }), { consent });

      act(() => hook.result.current.attach([camera()]));

      await waitFor(() => expect(consent.ask).toHaveBeenCalledOnce());
      await waitFor(() => expect(hook.result.current.attachments[0]?.preview).toEqual(expect.any(Blob)));
      expect(statuses(hook)).toEqual(['preparing']);
      expect(hook.result.current.refusal()).toBe(PHOTOS_NOT_READY);
      expect(served.uploads).toEqual([]);

      await answer(true);

      await waitFor(() => expect(statuses(hook)).toEqual(['uploaded']));
      expect(served.uploads).toHaveLength(1);
      // Given once, it is not checked again for the next photo.
      act(() => hook.result.current.attach([camera('IMG_0002.jpg')]));
      await waitFor(() => expect(statuses(hook)).toEqual(['uploaded', 'uploaded']));
      expect(consent.missing).toHaveBeenCalledOnce();
    });

    it('declined, sends nothing and takes the photos off', async () => {
      const served = serveUploads();
      const { consent, answer } = askedConsent(true);
      const hook = renderAttachments(createPhotoSender({ api, shrink }), { consent });
      act(() => hook.result.current.attach([camera()]));
      await waitFor(() => expect(consent.ask).toHaveBeenCalledOnce());

      await answer(false);

      expect(hook.result.current.attachments).toEqual([]);
      expect(hook.result.current.refusal()).toBeUndefined();
      expect(served.uploads).toEqual([]);
    });

    it('asks for it when the server refuses an upload for it, though it was not known missing, then sends the photo again', async () => {
      const served = serveUploads();
      served.failWith(refusedForConsent);
      const { consent, answer } = askedConsent(false);
      const hook = renderAttachments(createPhotoSender({ api, shrink }), { consent });
      act(() => hook.result.current.attach([camera()]));

      await waitFor(() => expect(consent.ask).toHaveBeenCalledOnce());
      expect(statuses(hook)).toEqual(['preparing']);
      expect(hook.result.current.refusal()).toBe(PHOTOS_NOT_READY);
      served.store();
      await answer(true);

      await waitFor(() => expect(statuses(hook)).toEqual(['uploaded']));
      expect(served.uploads).toHaveLength(2);
    });
  });
});
