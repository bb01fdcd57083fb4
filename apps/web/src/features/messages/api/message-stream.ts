import { messageReadSchema } from '@acompanha/contract';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '../../../lib/api-client';
import { getToken, STORAGE_KEYS } from '../../../lib/storage';
import { addMessage, messageKeys } from './messages';

export const STREAM_PATH = '/v1/mensagens/eventos';

/** One event of a `text/event-stream`. */
export interface StreamEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * Reads Server-Sent Events from a body, calling `onEvent` for each one complete (the format's
 * rules: `field: value` lines, a blank line ends an event, `:` lines are comments, a missing
 * `event` is 'message').
 */
export async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: StreamEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n'), id });
        event = '';
        data = [];
        id = null;
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const text = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = text;
      else if (field === 'data') data.push(text);
      else if (field === 'id') id = text;
    }
  }
}

/** The stream answered 401: the API client's refresh is due before trying again. */
class StreamUnauthorizedError extends Error {}
/** The stream is not there to be held (a 4xx other than 401): the focus and reconnect refetches stand in. */
class StreamRefusedError extends Error {}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

function streamUrl(): string {
  const base = apiClient.defaults.baseURL ?? '/api';
  return new URL(`${base.replace(/\/$/, '')}${STREAM_PATH}`, window.location.href).href;
}

async function holdStream(signal: AbortSignal, lastEventId: string | null, onOpen: () => void, onEvent: (event: StreamEvent) => void) {
  const token = getToken(STORAGE_KEYS.accessToken);
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  const response = await fetch(streamUrl(), { headers, signal, cache: 'no-store' });
  if (response.status === 401) throw new StreamUnauthorizedError();
  if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new StreamRefusedError();
  if (!response.ok || !response.body) throw new Error(`Stream answered ${response.status}`);
  onOpen();
  await readEvents(response.body, onEvent);
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function waitUntilOnline(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (onlineManager.isOnline()) return resolve();
    const unsubscribe = onlineManager.subscribe((online) => {
      if (!online) return;
      unsubscribe();
      resolve();
    });
    signal.addEventListener('abort', () => {
      unsubscribe();
      resolve();
    });
  });
}

function applyEvent(queryClient: QueryClient, { event, data }: StreamEvent) {
  if (event === 'mensagem') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const message = messageReadSchema.safeParse(parsed);
    if (!message.success) return;
    addMessage(queryClient, message.data);
  } else if (event === 'leitura') {
    // The team read the client's messages: their read marks come with the list.
    void queryClient.invalidateQueries({ queryKey: messageKeys.thread });
  }
}

/**
 * Holds the conversation's live stream while mounted (DECISIONS.md §5): read with fetch and the
 * bearer header, each new message joins the thread's cache. After a drop it reconnects with
 * `Last-Event-ID`, waiting longer each time (1 s doubling to 30 s) and not at all offline until the
 * connection returns. A 401 lets the API client refresh the token (through the list's refetch, which
 * also fills any gap) before trying again; a stream the server refuses is given up, and the list's
 * refetch on focus and on reconnect stands in.
 */
export function useMessageStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let lastEventId: string | null = null;
      let delay = FIRST_RETRY_MS;
      let refreshedFor: string | null = null;
      while (!signal.aborted) {
        await waitUntilOnline(signal);
        if (signal.aborted) return;
        try {
          await holdStream(
            signal,
            lastEventId,
            () => {
              delay = FIRST_RETRY_MS;
              // Opened without a cursor, the stream starts now: what came since the list was read is read again.
              if (lastEventId === null) void queryClient.invalidateQueries({ queryKey: messageKeys.thread });
            },
            (event) => {
              if (event.id !== null) lastEventId = event.id;
              applyEvent(queryClient, event);
            },
          );
        } catch (error) {
          if (signal.aborted) return;
          if (error instanceof StreamRefusedError) return;
          if (error instanceof StreamUnauthorizedError) {
            const token = getToken(STORAGE_KEYS.accessToken);
            // Refused twice with one token: the session is over or the stream is not for this account.
            if (refreshedFor === token) return;
            refreshedFor = token;
            await queryClient.refetchQueries({ queryKey: messageKeys.thread }).catch(() => undefined);
            continue;
          }
        }
        await wait(delay, signal);
        delay = Math.min(delay * 2, LAST_RETRY_MS);
      }
    })();
    return () => controller.abort();
  }, [queryClient]);
}
