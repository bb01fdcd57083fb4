import type { ClientMessageRequest, Message } from '@acompanha/contract';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { get } from 'idb-keyval';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionChangedError } from '@acompanha/client';
import { buildMessage } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp, signIn } from '../../testing/test-utils';
import { sendMessageDefaults, sendMessageKey } from './api/messages';

/** Local noon so many days ago, as the server writes times (UTC ISO). */
function daysAgoAt(days: number, hours = 12, minutes = 0): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(hours, minutes, 0, 0);
  return date.toISOString();
}

const rafael = buildMessage({
  id: '00000000-0000-4000-8000-000000000002',
  autor_nome: 'Rafael Costa',
  autor_papel: 'ROLE_PERSONAL',
  texto: 'Use o leg press no lugar.',
  enviada_em: daysAgoAt(6, 9, 30),
  lida_em: daysAgoAt(6, 10),
});
const question = buildMessage({
  id: '00000000-0000-4000-8000-000000000001',
  autor: 'CLIENTE',
  autor_nome: 'Ana Paula Souza',
  autor_papel: null,
  texto: 'O agachamento estava ocupado.',
  enviada_em: daysAgoAt(6, 9, 0),
  lida_em: daysAgoAt(6, 9, 20),
});
const dietQuestion = buildMessage({
  id: '00000000-0000-4000-8000-000000000003',
  autor: 'CLIENTE',
  autor_nome: 'Ana Paula Souza',
  autor_papel: null,
  texto: 'Posso trocar o arroz?',
  enviada_em: daysAgoAt(1, 20, 5),
  lida_em: null,
});
const marina = buildMessage({
  id: '00000000-0000-4000-8000-000000000004',
  texto: 'Pode trocar por batata-doce.',
  enviada_em: daysAgoAt(0, 8, 15),
  lida_em: null,
});

/** ana's conversation on the server: newest first, as the API lists it; records what the app sends. */
function serveThread(initial: Message[] = [question, rafael, dietQuestion, marina]) {
  let messages = [...initial];
  const posts: ClientMessageRequest[] = [];
  const reads: number[] = [];
  const unread = () => messages.filter((message) => message.autor === 'EQUIPE' && message.lida_em === null).length;
  server.use(
    http.get(apiUrl('/v1/mensagens'), () =>
      HttpResponse.json({
        results: [...messages].sort((a, b) => b.enviada_em.localeCompare(a.enviada_em)),
        nao_lidas: unread(),
      }),
    ),
    http.post<never, ClientMessageRequest>(apiUrl('/v1/mensagens'), async ({ request }) => {
      const body = await request.json();
      posts.push(body);
      const stored = messages.find(({ id }) => id === body.id);
      if (stored) return HttpResponse.json(stored);
      const message = buildMessage({
        id: body.id,
        autor: 'CLIENTE',
        autor_nome: 'Ana Paula Souza',
        autor_papel: null,
        texto: body.texto,
        enviada_em: new Date().toISOString(),
      });
      messages = [...messages, message];
      return HttpResponse.json(message, { status: 201 });
    }),
    http.post(apiUrl('/v1/mensagens/lidas'), () => {
      reads.push(Date.now());
      const now = new Date().toISOString();
      messages = messages.map((message) => (message.autor === 'EQUIPE' && !message.lida_em ? { ...message, lida_em: now } : message));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return {
    posts,
    reads,
    add: (message: Message) => {
      messages = [...messages, message];
    },
  };
}

function chatTab() {
  return within(screen.getByRole('navigation', { name: 'Navegação principal' })).getByRole('link', { name: /^Chat/ });
}

afterEach(() => onlineManager.setOnline(true));

describe('/chat thread', () => {
  it("shows the team's messages on the left with author and role, the client's on the right with their state, under day separators", async () => {
    signIn();
    serveThread();
    renderApp('/chat');

    expect(await screen.findByText('Pode trocar por batata-doce.')).toBeInTheDocument();
    const days = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(days.slice(-2)).toEqual(['Ontem', 'Hoje']);
    expect(days).toHaveLength(3);

    const today = screen.getByRole('region', { name: 'Hoje' });
    expect(within(today).getByText('Marina Alves · Nutricionista')).toBeInTheDocument();
    expect(within(today).getByText('08:15')).toBeInTheDocument();

    const older = screen.getByRole('region', { name: days[0]! });
    expect(within(older).getByText('Rafael Costa · Personal')).toBeInTheDocument();
    const own = within(older).getByText('O agachamento estava ocupado.').closest('li')!;
    expect(own).toHaveTextContent('Você:');
    expect(own).toHaveTextContent('09:00');
    expect(own).toHaveTextContent('Lida');

    const yesterday = screen.getByRole('region', { name: 'Ontem' });
    expect(within(yesterday).getByText('Posso trocar o arroz?').closest('li')).toHaveTextContent('Enviada');

    expect(screen.getByRole('link', { name: 'Enviar por e-mail' })).toHaveAttribute('href', '/chat/email');
    expect(screen.getByRole('link', { name: 'Relatar erro' })).toHaveAttribute('href', '/application-error');
  });

  it('loads older messages from the one before the oldest shown', async () => {
    signIn();
    const page = Array.from({ length: 50 }, (_, index) =>
      buildMessage({
        id: `00000000-0000-4000-8000-${String(index + 100).padStart(12, '0')}`,
        texto: `Mensagem ${index}`,
        enviada_em: daysAgoAt(0, 8, index),
        lida_em: daysAgoAt(0, 9),
      }),
    );
    const asked: Array<string | null> = [];
    server.use(
      http.get(apiUrl('/v1/mensagens'), ({ request }) => {
        const antes = new URL(request.url).searchParams.get('antes');
        asked.push(antes);
        return HttpResponse.json(
          antes ? { results: [rafael], nao_lidas: 0 } : { results: [...page].reverse(), nao_lidas: 0 },
        );
      }),
    );
    const { user } = renderApp('/chat');

    await user.click(await screen.findByRole('button', { name: 'Carregar mensagens anteriores' }));

    expect(await screen.findByText('Use o leg press no lugar.')).toBeInTheDocument();
    expect(asked).toContain(page[0]!.id);
    expect(screen.queryByRole('button', { name: 'Carregar mensagens anteriores' })).not.toBeInTheDocument();
  });
});

describe('/chat sending', () => {
  it('shows the message at once as sending, then as sent, and empties the composer', async () => {
    signIn();
    const { posts } = serveThread([]);
    server.use(
      http.post(apiUrl('/v1/mensagens'), async ({ request }) => {
        const body = (await request.json()) as ClientMessageRequest;
        posts.push(body);
        await delay(150);
        return HttpResponse.json(
          buildMessage({ id: body.id, autor: 'CLIENTE', autor_papel: null, texto: body.texto, enviada_em: new Date().toISOString() }),
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp('/chat');
    const composer = await screen.findByRole('textbox', { name: 'Mensagem' });

    await user.type(composer, '  Bom dia, equipe!  ');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(composer).toHaveValue('');
    const item = screen.getByText('Bom dia, equipe!').closest('li')!;
    expect(item).toHaveTextContent('Enviando…');
    await waitFor(() => expect(item).toHaveTextContent('Enviada'));
    expect(posts).toEqual([{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), texto: 'Bom dia, equipe!' }]);
  });

  it('refuses an empty message without sending anything', async () => {
    signIn();
    const { posts } = serveThread([]);
    const { user } = renderApp('/chat');
    const composer = await screen.findByRole('textbox', { name: 'Mensagem' });

    await user.type(composer, '   ');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(screen.getByText('Escreva a mensagem.')).toBeInTheDocument();
    expect(composer).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
  });

  it('offline, keeps the message waiting across a reopening and sends it once when the connection returns', async () => {
    signIn();
    const { posts } = serveThread([]);
    const view = renderApp('/chat');
    const composer = await screen.findByRole('textbox', { name: 'Mensagem' });
    act(() => onlineManager.setOnline(false));

    await view.user.type(composer, 'Escrito sem sinal');
    await view.user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(screen.getByText('Escrito sem sinal').closest('li')).toHaveTextContent('Aguardando conexão');
    await waitFor(() => expect(view.device.saved()?.clientState.mutations).toHaveLength(1));

    view.unmount();
    renderApp('/chat', { device: view.device });
    expect((await screen.findByText('Escrito sem sinal')).closest('li')).toHaveTextContent('Aguardando conexão');
    expect(posts).toEqual([]);

    act(() => onlineManager.setOnline(true));

    await waitFor(() => expect(screen.getByText('Escrito sem sinal').closest('li')).toHaveTextContent('Enviada'));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.texto).toBe('Escrito sem sinal');
    expect(screen.getAllByText('Escrito sem sinal')).toHaveLength(1);
  });
});

describe("a message written offline and 'Sair'", () => {
  it('is kept for its writer when the session ends, and goes out once at her next sign-in', async () => {
    signIn();
    const { posts } = serveThread([]);
    const view = renderApp('/chat');
    const composer = await screen.findByRole('textbox', { name: 'Mensagem' });
    act(() => onlineManager.setOnline(false));
    await view.user.type(composer, 'Antes de sair');
    await view.user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByText('Antes de sair').closest('li')).toHaveTextContent('Aguardando conexão');

    // A message waiting: 'Sair' asks first.
    await view.user.click(screen.getByRole('button', { name: 'Sair' }));
    await view.user.click(await screen.findByRole('button', { name: 'Sair assim mesmo' }));

    await waitFor(async () =>
      expect(await get<{ mutations: Array<{ mutationKey: unknown; meta: unknown }> }>('acompanha-unsent:1')).toMatchObject({
        mutations: [{ mutationKey: [...sendMessageKey], meta: { userId: 1 } }],
      }),
    );
    view.unmount();
    act(() => onlineManager.setOnline(true));
    expect(posts).toEqual([]);

    signIn();
    renderApp('/chat');

    await waitFor(() => expect(screen.getByText('Antes de sair').closest('li')).toHaveTextContent('Enviada'));
    expect(posts.map(({ texto }) => texto)).toEqual(['Antes de sair']);
  });

  it("never goes out under another account's session", async () => {
    signIn();
    const { posts } = serveThread([]);
    const queryClient = new QueryClient();
    queryClient.setMutationDefaults(sendMessageKey, sendMessageDefaults(queryClient));
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationKey: sendMessageKey, meta: { userId: 2 } });

    await expect(mutation.execute({ id: '00000000-0000-4000-8000-0000000000aa', texto: 'De outra conta' })).rejects.toBeInstanceOf(
      SessionChangedError,
    );
    expect(posts).toEqual([]);
  });
});

describe('unread messages', () => {
  it("badges Chat with the unread count on other screens, named 'Chat, 1 mensagem não lida'", async () => {
    signIn();
    serveThread();
    renderApp('/faq');

    await waitFor(() => expect(chatTab()).toHaveAccessibleName('Chat, 1 mensagem não lida'));
  });

  it("says 'mensagens' for more than one", async () => {
    signIn();
    serveThread([marina, buildMessage({ id: '00000000-0000-4000-8000-000000000009', texto: 'E mais uma coisa.' })]);
    renderApp('/faq');

    await waitFor(() => expect(chatTab()).toHaveAccessibleName('Chat, 2 mensagens não lidas'));
  });

  it('opening the thread marks it read once and clears the badge', async () => {
    signIn();
    const { reads } = serveThread();
    renderApp('/chat');

    await screen.findByText('Pode trocar por batata-doce.');
    await waitFor(() => expect(reads).toHaveLength(1));
    await waitFor(() => expect(chatTab()).toHaveAccessibleName('Chat'));
    expect(reads).toHaveLength(1);
  });
});

describe('live', () => {
  it("adds a team message from the stream and announces it politely; resumes after a drop with 'Last-Event-ID'", async () => {
    signIn();
    const thread = serveThread([question]);
    const reply = { ...rafael, lida_em: null, enviada_em: new Date().toISOString() };
    const opened: Array<string | null> = [];
    const encoder = new TextEncoder();
    server.use(
      http.get(apiUrl('/v1/mensagens/eventos'), ({ request }) => {
        opened.push(request.headers.get('Last-Event-ID'));
        const first = opened.length === 1;
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            if (first) {
              // Once the thread shows: stored on the server as it goes out on the stream, then the connection drops.
              setTimeout(() => {
                thread.add(reply);
                controller.enqueue(encoder.encode(': ping\n\n'));
                controller.enqueue(encoder.encode(`event: mensagem\nid: 42\ndata: ${JSON.stringify(reply)}\n\n`));
                controller.close();
              }, 300);
              return;
            }
            request.signal.addEventListener('abort', () => controller.close());
          },
        });
        return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderApp('/chat');

    await screen.findByText('O agachamento estava ocupado.');
    expect(await screen.findByText('Use o leg press no lugar.')).toBeInTheDocument();
    expect(screen.getByText('Nova mensagem de Rafael Costa: Use o leg press no lugar.')).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(opened).toEqual([null, '42']), { timeout: 4000 });
    expect(screen.getAllByText('Use o leg press no lugar.')).toHaveLength(1);
  });

  it("keeps the badge live on the other screens, and holds no stream while the app is not on screen", async () => {
    signIn();
    serveThread([question]);
    const reply = { ...rafael, lida_em: null, enviada_em: new Date().toISOString() };
    const opened: AbortSignal[] = [];
    const encoder = new TextEncoder();
    server.use(
      http.get(apiUrl('/v1/mensagens/eventos'), ({ request }) => {
        opened.push(request.signal);
        const first = opened.length === 1;
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            if (first) setTimeout(() => controller.enqueue(encoder.encode(`event: mensagem\nid: 7\ndata: ${JSON.stringify(reply)}\n\n`)), 300);
            request.signal.addEventListener('abort', () => controller.close());
          },
        });
        return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    renderApp('/');

    await waitFor(() => expect(chatTab()).toHaveAccessibleName('Chat, 1 mensagem não lida'));

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(opened[0]!.aborted).toBe(true));
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(opened).toHaveLength(2));
  });
});
