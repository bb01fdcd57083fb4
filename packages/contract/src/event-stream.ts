/**
 * Reading the live streams (`text/event-stream`, DECISIONS.md §5) over fetch with the bearer
 * header, as both the client app and the team console do: EventSource cannot send the header.
 */

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

/** The stream answered 401: the token is due for a refresh before trying again. */
class StreamUnauthorizedError extends Error {}
/** The stream is not there to be held (a 4xx other than 401 and 429). */
class StreamRefusedError extends Error {}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

export interface EventStreamOptions {
  /** The stream's absolute URL. */
  url: string;
  /** Ends the stream, and every wait for it. */
  signal: AbortSignal;
  /** The access token, read anew for each connection. */
  token: () => string | null;
  /** Resolves once the device is online (or the signal aborts). */
  waitUntilOnline: (signal: AbortSignal) => Promise<void>;
  /** The stream is open; `resumed` is false when it opened without a cursor, so it starts now. */
  onOpen: (resumed: boolean) => void;
  onEvent: (event: StreamEvent) => void;
  /** The stream answered 401: refresh the token (never throws). */
  refresh: () => Promise<void>;
}

/** What tells whether the device is online: TanStack Query's onlineManager, in both apps. */
export interface OnlineSource {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

/** `waitUntilOnline` from an online source: resolves at once online, else when the connection returns. */
export function onlineWaiter(source: OnlineSource): (signal: AbortSignal) => Promise<void> {
  return (signal) =>
    new Promise((resolve) => {
      if (source.isOnline()) return resolve();
      const unsubscribe = source.subscribe((online) => {
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

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function open({ url, signal, token, onOpen, onEvent }: EventStreamOptions, lastEventId: string | null) {
  const bearer = token();
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  const response = await fetch(url, { headers, signal, cache: 'no-store' });
  if (response.status === 401) throw new StreamUnauthorizedError();
  if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new StreamRefusedError();
  if (!response.ok || !response.body) throw new Error(`Stream answered ${response.status}`);
  onOpen(lastEventId !== null);
  await readEvents(response.body, onEvent);
}

/**
 * Holds a live stream until the signal aborts. After a drop it reconnects with `Last-Event-ID`,
 * waiting longer each time (1 s doubling to 30 s) and not at all offline until the connection
 * returns. A 401 refreshes the token before trying again; refused twice with one token (the session
 * is over, or the stream is not for this account), or refused outright, it gives up, and the
 * caller's refetches on focus and reconnect stand in.
 */
export async function holdEventStream(options: EventStreamOptions): Promise<void> {
  const { signal, token, waitUntilOnline, refresh } = options;
  let lastEventId: string | null = null;
  let delay = FIRST_RETRY_MS;
  let refreshedFor: string | null = null;
  const tracked: EventStreamOptions = {
    ...options,
    onOpen: (resumed) => {
      delay = FIRST_RETRY_MS;
      options.onOpen(resumed);
    },
    onEvent: (event) => {
      if (event.id !== null) lastEventId = event.id;
      options.onEvent(event);
    },
  };
  while (!signal.aborted) {
    await waitUntilOnline(signal);
    if (signal.aborted) return;
    try {
      await open(tracked, lastEventId);
    } catch (error) {
      if (signal.aborted || error instanceof StreamRefusedError) return;
      if (error instanceof StreamUnauthorizedError) {
        const current = token();
        if (refreshedFor === current) return;
        refreshedFor = current;
        await refresh();
        continue;
      }
    }
    await wait(delay, signal);
    delay = Math.min(delay * 2, LAST_RETRY_MS);
  }
}
