import { PRIVACY_VERSION, type ClientMessageRequest, type ConsentRequest, type Message, type Privacy } from '@acompanha/contract';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { get } from 'idb-keyval';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoSender } from '../../lib/photos';
import { buildMessage } from '../../testing/factories';
import { apiUrl, freshTokens, quietStream } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp, signIn } from '../../testing/test-utils';

/** A phone's camera picture: 4000 × 3000 as the browser decodes it. */
const cameraPhoto = (name = 'IMG_0001.jpg') => new File(['camera bytes'], name, { type: 'image/jpeg' });

/** The browser's decoding and canvas, which jsdom has not: each picture decodes at 4000 × 3000 and encodes as a JPEG. */
function stubImageDecoding() {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 4000, height: 3000, close: () => undefined })),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      getContext() {
        return { fillStyle: '', fillRect: () => undefined, drawImage: () => undefined };
      }
      convertToBlob() {
        return Promise.resolve(new Blob(['shrunk jpeg'], { type: 'image/jpeg' }));
      }
    },
  );
}

/** What a multipart upload carried: its fields in order, and the file's type. */
async function uploadOf(request: Request): Promise<{ fields: string[]; id: string; type: string | null }> {
  const boundary = /boundary=(.+)$/.exec(request.headers.get('content-type') ?? '')?.[1] ?? '';
  const parts = (await request.text()).split(`--${boundary}`).slice(1, -1);
  const fields = parts.map((part) => /name="([^"]*)"/.exec(part)?.[1] ?? '');
  const id = parts[0]?.split('\r\n\r\n')[1]?.replace(/\r\n$/, '') ?? '';
  const type = /content-type: (.+)/i.exec(parts[1] ?? '')?.[1]?.trim() ?? null;
  return { fields, id, type };
}

const consented: Privacy = {
  termos: { versao: PRIVACY_VERSION, aceito_em: '2026-12-01T10:00:00.000Z' },
  consentimentos: { dados_de_saude: '2026-12-01T10:00:00.000Z', fotos: '2026-12-01T10:00:00.000Z' },
};
const notYet: Privacy = { ...consented, consentimentos: { ...consented.consentimentos, fotos: null } };

/**
 * ana's conversation and photos on the server. Uploads may be held (`hold()`), refused for the
 * consent until it is given, and each is recorded; a message stores its photos at the uploaded sizes.
 */
function serveChat({ consent = consented, thread = [] as Message[] } = {}) {
  let privacy = consent;
  let messages = [...thread];
  const uploads: Awaited<ReturnType<typeof uploadOf>>[] = [];
  const posts: ClientMessageRequest[] = [];
  const consents: ConsentRequest[] = [];
  const thumbnails: Array<{ id: string; bearer: string | null }> = [];
  let held: Promise<void> | null = null;
  let release = () => {};
  server.use(
    http.get(apiUrl('/v1/privacidade'), () => HttpResponse.json(privacy)),
    http.post(apiUrl('/v1/privacidade/consentimentos'), async ({ request }) => {
      consents.push((await request.json()) as ConsentRequest);
      privacy = consented;
      return HttpResponse.json(privacy);
    }),
    http.post(apiUrl('/v1/midias'), async ({ request }) => {
      if (privacy.consentimentos.fotos === null) {
        return HttpResponse.json({ status: 403, error: 'Forbidden', message: 'Autorize antes.', code: 'ConsentimentoPendente' }, { status: 403 });
      }
      const upload = await uploadOf(request);
      uploads.push(upload);
      if (held) await held;
      return HttpResponse.json({ id: upload.id, largura: 1600, altura: 1200, criada_em: new Date().toISOString() }, { status: 201 });
    }),
    http.get(apiUrl('/v1/midias/:id/miniatura'), ({ request, params }) => {
      thumbnails.push({ id: String(params.id), bearer: request.headers.get('authorization') });
      return new HttpResponse('webp', { headers: { 'content-type': 'image/webp' } });
    }),
    http.get(apiUrl('/v1/midias/:id'), () => new HttpResponse('webp', { headers: { 'content-type': 'image/webp' } })),
    http.get(apiUrl('/v1/mensagens'), () =>
      HttpResponse.json({ results: [...messages].sort((a, b) => b.enviada_em.localeCompare(a.enviada_em)), nao_lidas: 0 }),
    ),
    http.post(apiUrl('/v1/mensagens'), async ({ request }) => {
      const body = (await request.json()) as ClientMessageRequest;
      posts.push(body);
      const stored =
        messages.find(({ id }) => id === body.id) ??
        buildMessage({
          id: body.id,
          autor: 'CLIENTE',
          autor_nome: 'Ana Paula Souza',
          autor_papel: null,
          texto: body.texto,
          midias: (body.midias ?? []).map((id) => ({ id, largura: 1600, altura: 1200 })),
          enviada_em: new Date().toISOString(),
        });
      messages = [...messages.filter(({ id }) => id !== stored.id), stored];
      return HttpResponse.json(stored, { status: 201 });
    }),
  );
  return {
    uploads,
    posts,
    consents,
    thumbnails,
    hold: () => {
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => {
      held = null;
      release();
    },
  };
}

const picker = () => screen.getByLabelText('Escolher fotos');
const strip = () => screen.getByRole('list', { name: 'Fotos anexadas' });

beforeEach(stubImageDecoding);
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('/chat photos', () => {
  it('attaches a photo, shrinks it on the phone, shows its upload progress, and sends it with the text', async () => {
    signIn();
    const chat = serveChat();
    chat.hold();
    const { user } = renderApp('/chat');
    await screen.findByText(/Nenhuma mensagem ainda/);

    await user.upload(picker(), cameraPhoto());

    const progress = await within(strip()).findByRole('progressbar', { name: 'Envio da foto 1' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    chat.release();
    expect(await within(strip()).findByText('Pronta')).toBeInTheDocument();
    expect(chat.uploads).toEqual([{ fields: ['id', 'arquivo'], id: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 'image/jpeg' }]);
    expect(createImageBitmap).toHaveBeenCalledWith(expect.any(File), { imageOrientation: 'from-image' });

    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'A máquina estava ocupada');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    await waitFor(() => expect(screen.getByText('A máquina estava ocupada').closest('li')).toHaveTextContent('Enviada'));
    expect(chat.posts).toEqual([{ id: expect.any(String), texto: 'A máquina estava ocupada', midias: [chat.uploads[0]!.id] }]);
    // Uploaded once: the message reused the upload made while the text was written.
    expect(chat.uploads).toHaveLength(1);
    const sent = screen.getByText('A máquina estava ocupada').closest('li')!;
    expect(within(sent).getByRole('group', { name: '1 foto' })).toBeInTheDocument();
    expect(within(sent).getByRole('button', { name: 'Abrir foto' })).toHaveStyle({ aspectRatio: String(1600 / 1200) });
    expect(screen.queryByRole('list', { name: 'Fotos anexadas' })).not.toBeInTheDocument();
  });

  it('sends photos without text, and refuses a fifth photo, saying why', async () => {
    signIn();
    const chat = serveChat();
    const { user } = renderApp('/chat');
    await screen.findByText(/Nenhuma mensagem ainda/);

    await user.upload(picker(), [1, 2, 3, 4, 5].map((n) => cameraPhoto(`IMG_000${n}.jpg`)));

    expect(within(strip()).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getAllByText('Você pode enviar no máximo 4 fotos por mensagem.').length).toBeGreaterThan(0);
    await waitFor(() => expect(within(strip()).getAllByText('Pronta')).toHaveLength(4));

    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    await waitFor(() => expect(chat.posts).toHaveLength(1));
    expect(chat.posts[0]).toMatchObject({ texto: '', midias: chat.uploads.map(({ id }) => id) });
    expect(await screen.findByRole('group', { name: '4 fotos' })).toBeInTheDocument();
  });

  it('asks for the photo consent at the first photo: accepting records it with the version, then uploads', async () => {
    signIn();
    const chat = serveChat({ consent: notYet });
    const { user } = renderApp('/chat');
    await screen.findByText(/Nenhuma mensagem ainda/);

    await user.upload(picker(), cameraPhoto());

    const dialog = await screen.findByRole('dialog', { name: 'Autorizar o envio de fotos?' });
    expect(dialog).toHaveTextContent('LGPD');
    expect(dialog).toHaveTextContent('Perfil › Privacidade');
    expect(chat.uploads).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));

    expect(await within(strip()).findByText('Pronta')).toBeInTheDocument();
    expect(chat.consents).toEqual([{ tipo: 'fotos', versao: PRIVACY_VERSION }]);
    expect(chat.uploads).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("declining the consent sends nothing, takes the photos off and keeps the text", async () => {
    signIn();
    const chat = serveChat({ consent: notYet });
    const { user } = renderApp('/chat');
    const field = await screen.findByRole('textbox', { name: 'Mensagem' });
    await user.type(field, 'Olha o meu prato');

    await user.upload(picker(), cameraPhoto());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agora não' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Fotos anexadas' })).not.toBeInTheDocument();
    expect(field).toHaveValue('Olha o meu prato');
    expect(chat.uploads).toEqual([]);
    expect(chat.consents).toEqual([]);
    expect(chat.posts).toEqual([]);
  });

  it('asks for the consent when an upload is refused for it, though the privacy read failed', async () => {
    signIn();
    const chat = serveChat({ consent: notYet });
    server.use(http.get(apiUrl('/v1/privacidade'), () => HttpResponse.json({ status: 404, error: 'Not Found', message: 'Não encontrado.' }, { status: 404 })));
    const { user } = renderApp('/chat');
    await screen.findByText(/Nenhuma mensagem ainda/);

    await user.upload(picker(), cameraPhoto());
    await user.click(within(await screen.findByRole('dialog', { name: 'Autorizar o envio de fotos?' })).getByRole('button', { name: 'Aceitar' }));

    expect(await within(strip()).findByText('Pronta')).toBeInTheDocument();
    expect(chat.consents).toHaveLength(1);
    expect(chat.uploads).toHaveLength(1);
  });

  it('offline, keeps the message and its photo on the device through a reopening, and sends each once when the connection returns', async () => {
    signIn();
    const chat = serveChat();
    const view = renderApp('/chat');
    await screen.findByText(/Nenhuma mensagem ainda/);
    act(() => onlineManager.setOnline(false));

    await view.user.upload(picker(), cameraPhoto());
    expect(await within(strip()).findByText('Aguardando conexão')).toBeInTheDocument();
    await view.user.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'Sem sinal na academia');
    await view.user.click(screen.getByRole('button', { name: 'Enviar' }));

    const waiting = (await screen.findByText('Sem sinal na academia')).closest('li')!;
    expect(waiting).toHaveTextContent('Aguardando conexão');
    expect(within(waiting).getByRole('group', { name: '1 foto' })).toBeInTheDocument();
    await waitFor(() => expect(view.device.saved()?.clientState.mutations).toHaveLength(1));
    const photoId = (view.device.saved()!.clientState.mutations[0]!.state.variables as { midias: Array<{ id: string }> }).midias[0]!.id;
    expect(await get(`acompanha-unsent-photo:1:${photoId}`)).toMatchObject({ type: 'image/jpeg' });

    // The app is closed: this tab's copy of the photo goes with it; the device's stays.
    view.unmount();
    photoSender.drop(photoId);
    renderApp('/chat', { device: view.device });
    const reopened = (await screen.findByText('Sem sinal na academia')).closest('li')!;
    expect(reopened).toHaveTextContent('Aguardando conexão');
    expect(within(reopened).getByRole('group', { name: '1 foto' })).toBeInTheDocument();
    expect(chat.uploads).toEqual([]);
    expect(chat.posts).toEqual([]);

    act(() => onlineManager.setOnline(true));

    await waitFor(() => expect(screen.getByText('Sem sinal na academia').closest('li')).toHaveTextContent('Enviada'));
    expect(chat.uploads.map(({ id }) => id)).toEqual([photoId]);
    expect(chat.posts).toEqual([{ id: expect.any(String), texto: 'Sem sinal na academia', midias: [photoId] }]);
    expect(screen.getAllByText('Sem sinal na academia')).toHaveLength(1);
    // Once the server holds it, the device lets its bytes go.
    await waitFor(async () => expect(await get(`acompanha-unsent-photo:1:${photoId}`)).toBeUndefined());
  });

  it('asks for the consent when a message written offline is refused for it on the way, and then sends it once', async () => {
    signIn();
    const chat = serveChat({ consent: notYet });
    const { user } = renderApp('/chat');
    await screen.findByText(/Nenhuma mensagem ainda/);
    // Offline on a device that never read the consent: nothing says it is missing, so the photo waits.
    act(() => onlineManager.setOnline(false));
    await user.upload(picker(), cameraPhoto());
    expect(await within(strip()).findByText('Aguardando conexão')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByRole('group', { name: '1 foto' });

    act(() => onlineManager.setOnline(true));

    const dialog = await screen.findByRole('dialog', { name: 'Autorizar o envio de fotos?' });
    expect(chat.posts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));

    await waitFor(() => expect(chat.posts).toHaveLength(1));
    expect(chat.consents).toEqual([{ tipo: 'fotos', versao: PRIVACY_VERSION }]);
    expect(chat.uploads).toHaveLength(1);
    expect(chat.posts[0]).toMatchObject({ texto: '', midias: [chat.uploads[0]!.id] });
  });
});

describe("/chat photos in the team's messages", () => {
  const photoOnly = buildMessage({
    id: '00000000-0000-4000-8000-0000000000f1',
    autor_nome: 'Rafael Costa',
    autor_papel: 'ROLE_PERSONAL',
    texto: '',
    midias: [{ id: 'b1e2c3d4-0000-4000-8000-000000000001', largura: 1200, altura: 1600 }],
    enviada_em: new Date().toISOString(),
    lida_em: null,
  });

  it('loads a thumbnail with the bearer only once near the screen, and opens it full screen until closed', async () => {
    const watchers: Array<{ callback: IntersectionObserverCallback; elements: Element[] }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly watcher: { callback: IntersectionObserverCallback; elements: Element[] };
        constructor(callback: IntersectionObserverCallback) {
          this.watcher = { callback, elements: [] };
          watchers.push(this.watcher);
        }
        observe(element: Element) {
          this.watcher.elements.push(element);
        }
        disconnect() {}
      },
    );
    signIn();
    const chat = serveChat({ thread: [photoOnly] });
    server.use(http.post(apiUrl('/v1/mensagens/lidas'), () => new HttpResponse(null, { status: 204 })));
    const { user } = renderApp('/chat');

    const open = await screen.findByRole('button', { name: 'Abrir foto' });
    expect(open).toHaveStyle({ aspectRatio: String(1200 / 1600) });
    expect(chat.thumbnails).toEqual([]);

    act(() => watchers.forEach(({ callback, elements }) => callback(elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), {} as IntersectionObserver)));

    await waitFor(() => expect(open.querySelector('img')).toHaveAttribute('src'));
    expect(chat.thumbnails).toEqual([{ id: photoOnly.midias[0]!.id, bearer: `Bearer ${freshTokens.token}` }]);

    await user.click(open);
    const viewer = screen.getByRole('dialog', { name: 'Foto' });
    expect(await within(viewer).findByRole('img', { name: 'Foto' })).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Fechar foto' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it("announces a team message of photos alone as 'Foto'", async () => {
    signIn();
    serveChat({ thread: [] });
    let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
    server.use(
      http.post(apiUrl('/v1/mensagens/lidas'), () => new HttpResponse(null, { status: 204 })),
      http.get(apiUrl('/v1/mensagens/eventos'), ({ request }) => {
        if (stream) return new HttpResponse(quietStream(request.signal), { headers: { 'Content-Type': 'text/event-stream' } });
        return new HttpResponse(
          new ReadableStream<Uint8Array>({
            start(controller) {
              stream = controller;
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        );
      }),
    );
    renderApp('/chat');
    await screen.findByText(/Nenhuma mensagem ainda/);
    await waitFor(() => expect(stream).toBeDefined());

    stream!.enqueue(new TextEncoder().encode(`event: mensagem\nid: 1\ndata: ${JSON.stringify(photoOnly)}\n\n`));

    expect(await screen.findByText('Nova mensagem de Rafael Costa: Foto')).toHaveAttribute('aria-live', 'polite');
  });
});
