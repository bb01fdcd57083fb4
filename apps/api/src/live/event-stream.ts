import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { unavailable } from '../errors.js';
import type { FanOut, LoggedEvent, Scope } from './fan-out.js';

/** What a reader may leave unread before its stream is ended (it resumes with Last-Event-ID). */
const UNREAD_MAX_BYTES = 1024 * 1024;
/** Events replayed in one statement after Last-Event-ID. */
const REPLAY_BATCH = 100;

export interface StreamOptions<E extends LoggedEvent> {
  fanOut: FanOut<E>;
  scope: Scope;
  /** The cursor the client last received (Last-Event-ID); without it the stream starts now. */
  after: number | undefined;
  /** Up to `limit` events of the scope after `cursor`, in order: the replay. */
  readAfter: (cursor: number, limit: number) => Promise<E[]>;
  /** The event as this stream's reader sees it: `event:`, `id:` and `data:` lines. */
  frame: (event: E) => string;
  /** When the access token that opened the stream expires (ms): the stream ends then, and the client comes back with a fresh one. */
  expiresAt: number;
  /** The account that opened it: each holds at most `perAccount` streams, the oldest ended for a new one. */
  account: number;
  /**
   * Whether the session that opened the stream is still open: asked before every write, so that
   * 'Sair' or a password reset on any instance ends the stream before it carries anything more.
   */
  sessionOpen: () => Promise<boolean>;
}

export interface EventStreams {
  /** Answers `reply` with a `text/event-stream` of the scope's events, replaying those after `after` first. */
  serve<E extends LoggedEvent>(reply: FastifyReply, options: StreamOptions<E>): Promise<FastifyReply>;
  /** Ends every stream, and answers later ones 503: the instance is shutting down, clients reconnect elsewhere. */
  endAll(): void;
  /** Streams open now. */
  count(): number;
}

interface OpenStream {
  expiresAt: number;
  account: number;
  write(text: string): void;
  end(): void;
}

/**
 * Server-Sent Events over plain responses: every open stream gets a comment line each `heartbeatMs`
 * (one timer for all), so that proxies never see a quiet connection, and is ended when its token
 * expires, when its session ends, when it falls too far behind, when its account opens one too many
 * (a phone's tabs, a console or two), or when the app closes. A stream ends its connection too,
 * so that the client's next request opens a new one, to whichever instance is up.
 */
export function createEventStreams({ heartbeatMs, perAccount }: { heartbeatMs: number; perAccount: number }): EventStreams {
  const open = new Set<OpenStream>();
  let heartbeat: NodeJS.Timeout | undefined;
  let closed = false;

  function beat() {
    const now = Date.now();
    for (const stream of open) {
      if (stream.expiresAt <= now) stream.end();
      else stream.write(':\n\n');
    }
  }

  function remove(stream: OpenStream) {
    open.delete(stream);
    if (open.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  async function serve<E extends LoggedEvent>(reply: FastifyReply, { fanOut, scope, after, readAfter, frame, expiresAt, account, sessionOpen }: StreamOptions<E>) {
    if (closed) {
      throw unavailable('O servidor está reiniciando. Tente novamente em instantes.', 1000);
    }
    const body = new PassThrough();
    const socket: Socket | null = reply.raw.socket;
    let sent = after ?? fanOut.cursor();
    // While the replay reads, events heard live wait here, so that none is lost or sent twice.
    let heard: E[] | undefined = after === undefined ? undefined : [];
    let ended = false;
    // Texts wait here for a session check that starts after they came, and go out in order: one
    // check covers all that came meanwhile (a replay's batch), so the cost follows the checks, not the events.
    const pending: string[] = [];
    let draining = false;
    async function drain() {
      while (pending.length > 0 && !ended) {
        const batch = pending.splice(0);
        // A check that fails (the database is unreachable) ends the stream too: the client comes back and is answered as any request is.
        const open = await sessionOpen().catch(() => false);
        if (ended) break;
        if (!open) stream.end();
        for (const text of batch) {
          if (ended) break;
          if (body.writableLength + body.readableLength > UNREAD_MAX_BYTES) stream.end();
          else body.write(text);
        }
      }
      draining = false;
    }

    const stream: OpenStream = {
      expiresAt,
      account,
      write(text) {
        if (ended) return;
        pending.push(text);
        // Started after the current burst (a replay's batch is delivered in one go), so one check covers it.
        if (!draining) {
          draining = true;
          queueMicrotask(() => void drain());
        }
      },
      end() {
        if (ended) return;
        ended = true;
        stop();
        reply.raw.once('finish', () => socket?.end());
        body.end();
      },
    };
    const deliver = (event: E) => {
      if (event.cursor <= sent) return;
      sent = event.cursor;
      stream.write(frame(event));
    };
    const unsubscribe = fanOut.subscribe(scope, (event) => (heard ? heard.push(event) : deliver(event)));
    function stop() {
      unsubscribe();
      remove(stream);
    }
    reply.raw.once('close', () => {
      ended = true;
      stop();
    });
    // Opens with the cursor alone (no event): a client that reconnects before any event resumes from here.
    body.write(`id: ${sent}\n\n`);
    if (heard) {
      try {
        // Stops as soon as the stream has ended (its reader left, or fell 1 MB behind).
        while (!ended) {
          const events = await readAfter(sent, REPLAY_BATCH);
          for (const event of events) deliver(event);
          if (events.length < REPLAY_BATCH) break;
        }
      } catch (error) {
        ended = true;
        stop();
        throw error;
      }
      const live = heard;
      heard = undefined;
      for (const event of live) deliver(event);
    }
    if (closed) stream.end();
    if (!ended) {
      const others = [...open].filter((other) => other.account === account);
      for (const oldest of others.slice(0, Math.max(0, others.length - perAccount + 1))) oldest.end();
      open.add(stream);
      heartbeat ??= setInterval(beat, heartbeatMs).unref();
    }
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      // nginx would otherwise hold the events in its buffer.
      .header('x-accel-buffering', 'no')
      .send(body);
  }

  return {
    serve,
    endAll() {
      closed = true;
      for (const stream of open) stream.end();
    },
    count: () => open.size,
  };
}
