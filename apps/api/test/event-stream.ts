import { expect } from 'vitest';
import { eventually } from './eventually';

export interface StreamEvent {
  event: string;
  id: string;
  data: unknown;
}

/**
 * A `text/event-stream` read as the web app reads it: fetch with the bearer header, its body
 * parsed into events as they arrive (app.inject would wait for an answer that never ends).
 */
export async function openStream(url: string, token?: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  let text = '';
  let ended = false;
  let lost: string | undefined;
  const reading = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        const part = decoder.decode(chunk, { stream: true });
        text += part;
        buffer += part;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) => block.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const data = field('data');
          if (data !== undefined) events.push({ event: field('event') ?? 'message', id: field('id') ?? '', data: JSON.parse(data) });
        }
      }
      ended = true;
    } catch (error) {
      if (!controller.signal.aborted) lost = String(error);
    }
  })();
  return {
    response,
    events,
    text: () => text,
    /** The server ended the answer cleanly. */
    ended: () => ended,
    /** The connection failed before the answer ended (aborting it is no failure). */
    lost: () => lost,
    /** Resolves when the stream has ended, failed or been aborted. */
    finished: reading,
    /** Waits until the stream has delivered `count` events. */
    async received(count: number) {
      await eventually(() => expect(events.length).toBeGreaterThanOrEqual(count));
      return events;
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
