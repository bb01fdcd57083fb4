import type { Message, TeamMessageRequest } from '@acompanha/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToConversation } from '../../lib/conversation';
import { server } from '../../testing/msw-server';
import { renderRoute } from '../../testing/render';
import { ConversationTab } from './conversation-tab';

const CONVERSATION = '/api/v1/equipe/clientes/:id/mensagens';

const question: Message = {
  id: '0b9f6a52-7a5e-4a3c-9d51-1f0c2a3b4c5d',
  autor: 'CLIENTE',
  autor_nome: 'Ana Paula Souza',
  autor_papel: null,
  texto: 'Posso trocar o leg press pelo hack?',
  midias: [],
  enviada_em: '2026-11-24T12:00:00.000Z',
  lida_em: '2026-11-24T12:01:00.000Z',
};

const renderTab = () => renderRoute(<ConversationTab />, { pattern: '/clientes/:id/conversa', path: '/clientes/7/conversa' });

describe('ConversationTab', () => {
  it("shows a reply once when the live stream brings it before the reply's own answer, and sends it with the console's id", async () => {
    let answer: (message: Message) => void = () => {};
    const sent: TeamMessageRequest[] = [];
    server.use(
      http.get(CONVERSATION, () => HttpResponse.json({ results: [question], nao_lidas: 0 })),
      http.post(CONVERSATION, async ({ request }) => {
        sent.push((await request.json()) as TeamMessageRequest);
        return HttpResponse.json(await new Promise<Message>((resolve) => (answer = resolve)), { status: 201 });
      }),
    );
    const { queryClient } = renderTab();
    await screen.findByText(question.texto);

    await userEvent.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'Pode sim.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await expect.poll(() => sent).toHaveLength(1);
    expect(sent[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('Pode sim.'))).toHaveLength(1);

    // The team stream delivers the stored reply while its POST has not answered yet.
    const stored: Message = { ...question, id: sent[0]!.id!, autor: 'EQUIPE', autor_nome: 'Rafael Costa', autor_papel: 'ROLE_PERSONAL', texto: 'Pode sim.', enviada_em: '2026-11-24T12:02:00.000Z', lida_em: null };
    addToConversation(queryClient, 7, stored);
    await screen.findByText(/Rafael Costa/);
    expect(screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('Pode sim.'))).toHaveLength(1);

    answer(stored);
    const reply = await screen.findByText('Enviada');
    expect(screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('Pode sim.'))).toEqual([reply.closest('li')]);
  });
});

/** The browser's decoding and canvas, which jsdom has not: each picture decodes at 4000 × 3000 and encodes as a JPEG. */
function stubImageDecoding() {
  vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 4000, height: 3000, close: () => undefined })));
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

describe('ConversationTab photos', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the client's photos through the API, and replies with a photo shrunk in the browser, its upload's progress shown", async () => {
    stubImageDecoding();
    const machine = { ...question, id: '0b9f6a52-7a5e-4a3c-9d51-1f0c2a3b4c5e', texto: '', midias: [{ id: 'a0000000-0000-4000-8000-000000000001', largura: 1600, altura: 1200 }] };
    const thumbnails: string[] = [];
    const uploads: string[] = [];
    const sent: TeamMessageRequest[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(CONVERSATION, () => HttpResponse.json({ results: [machine], nao_lidas: 0 })),
      http.get('/api/v1/midias/:id/miniatura', ({ params }) => {
        thumbnails.push(String(params.id));
        return new HttpResponse('webp', { headers: { 'content-type': 'image/webp' } });
      }),
      http.post('/api/v1/midias', async ({ request }) => {
        const text = await request.text();
        const id = /name="id"\r\n\r\n([0-9a-f-]{36})/.exec(text)?.[1] ?? '';
        uploads.push(id);
        await held;
        return HttpResponse.json({ id, largura: 1600, altura: 1200, criada_em: '2026-11-24T12:02:00.000Z' }, { status: 201 });
      }),
      http.post(CONVERSATION, async ({ request }) => {
        const body = (await request.json()) as TeamMessageRequest;
        sent.push(body);
        return HttpResponse.json(
          { ...question, id: body.id!, autor: 'EQUIPE', autor_nome: 'Rafael Costa', autor_papel: 'ROLE_PERSONAL', texto: body.texto, midias: body.midias.map((id) => ({ id, largura: 1600, altura: 1200 })), enviada_em: '2026-11-24T12:02:00.000Z', lida_em: null },
          { status: 201 },
        );
      }),
    );
    renderTab();

    const theirs = await screen.findByRole('group', { name: '1 foto' });
    await waitFor(() => expect(thumbnails).toEqual([machine.midias[0]!.id]));
    expect(within(theirs).getByRole('button', { name: 'Abrir foto' })).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('Escolher fotos'), new File(['camera'], 'leg-press.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('progressbar', { name: 'Envio da foto 1' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'Use esta aqui.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));

    // On its way, the reply shows its photo from the browser's copy.
    const sending = screen.getByText('Use esta aqui.').closest('li')!;
    expect(sending).toHaveTextContent('Enviando…');
    expect(within(sending).getByRole('group', { name: '1 foto' })).toBeInTheDocument();
    release();

    await waitFor(() => expect(screen.getByText('Use esta aqui.').closest('li')).toHaveTextContent('Enviada'));
    expect(uploads).toHaveLength(1);
    expect(sent).toEqual([{ id: expect.any(String), texto: 'Use esta aqui.', midias: uploads }]);
    expect(thumbnails).toEqual([machine.midias[0]!.id]);
  });
});
