import { describe, expect, it } from 'vitest';
import { readEvents, type StreamEvent } from './event-stream.js';

/** A body that arrives in these chunks, as a slow connection splits it. */
function bodyOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function eventsOf(...chunks: string[]) {
  const events: StreamEvent[] = [];
  await readEvents(bodyOf(...chunks), (event) => events.push(event));
  return events;
}

describe('readEvents, the reader of the live streams', () => {
  it('reads events split anywhere across chunks, a character included', async () => {
    const text = 'event: mensagem\nid: 7\ndata: {"texto":"olá"}\n\n';
    const bytes = new TextEncoder().encode(text);
    const cut = text.indexOf('á') + 1;
    const events: StreamEvent[] = [];
    await readEvents(
      new ReadableStream({
        start(controller) {
          controller.enqueue(bytes.slice(0, cut));
          controller.enqueue(bytes.slice(cut));
          controller.close();
        },
      }),
      (event) => events.push(event),
    );
    expect(events).toEqual([{ event: 'mensagem', data: '{"texto":"olá"}', id: '7' }]);
    expect(await eventsOf('event: leit', 'ura\ndata: 1\n', '\n')).toEqual([{ event: 'leitura', data: '1', id: null }]);
  });

  it("joins data lines, skips comments (the heartbeat), names an unnamed event 'message', and reads CRLF and CR", async () => {
    expect(await eventsOf(': heartbeat\n\n', 'data: a\r\ndata: b\r\n\r\n', 'event: x\rdata\r\r')).toEqual([
      { event: 'message', data: 'a\nb', id: null },
      { event: 'x', data: '', id: null },
    ]);
  });

  it('drops an event the stream ends in the middle of, and one with no data', async () => {
    expect(await eventsOf('event: vazio\n\n', 'event: mensagem\ndata: {"texto":')).toEqual([]);
  });
});
