/**
 * The fan-out of live events (decision 035): the one module through which a write on any instance
 * reaches the streams held by every instance. Events are rows of a log numbered in commit order
 * (`conversation_events`); a notice says only that the log grew (the conversation and the cursor,
 * well under PostgreSQL's 8000-byte NOTIFY payload), and each instance then reads the new rows
 * once, in order, and hands each to the listeners of its conversation and to those of every one.
 */

/** What crosses instances: conversation `clientId` logged the event numbered `cursor`. */
export interface Notice {
  clientId: number;
  cursor: number;
}

/** A logged event as listeners receive it: its cursor and its conversation, with what the feature read. */
export interface LoggedEvent {
  cursor: number;
  clientId: number;
}

/** How notices travel: within this process, or between instances (live/postgres-transport.ts). */
export interface Transport {
  /** Sends a notice to every instance, this one included. */
  send(notice: Notice): Promise<void>;
  /** Starts hearing notices; `resync` is called when some may have been missed (after a reconnection). */
  start(hear: (notice: Notice) => void, resync: () => void): Promise<void>;
  close(): Promise<void>;
}

/** A listener hears one conversation's events, or every conversation's. */
export type Scope = number | 'all';

export interface FanOutLog {
  warn(details: { err?: unknown }, message: string): void;
}

export interface FanOut<E extends LoggedEvent> {
  /** Tells every instance that the log grew; never fails the caller (a later notice catches up). */
  publish(notice: Notice): Promise<void>;
  /** `listener` hears, in order, every event logged after the current `cursor()`; returns the unsubscribe. */
  subscribe(scope: Scope, listener: (event: E) => void): () => void;
  /** The last event handed to listeners. */
  cursor(): number;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Events read in one statement while catching up. */
const READ_BATCH = 500;
/** How soon a failed read of the log is tried again. */
const RETRY_MS = 1000;

/** Sends each notice straight to this process's own listeners: one instance, the embedded database. */
export function inProcessTransport(): Transport {
  let hear: ((notice: Notice) => void) | undefined;
  return {
    send: async (notice) => hear?.(notice),
    start: async (onNotice) => {
      hear = onNotice;
    },
    close: async () => {
      hear = undefined;
    },
  };
}

export function createFanOut<E extends LoggedEvent>({
  transport,
  latest,
  readAfter,
  log,
}: {
  transport: Transport;
  /** The log's last cursor, where listening starts. */
  latest: () => Promise<number>;
  /** Up to `limit` events after `cursor`, every conversation's, in order. */
  readAfter: (cursor: number, limit: number) => Promise<E[]>;
  log: FanOutLog;
}): FanOut<E> {
  const listeners = new Map<Scope, Set<(event: E) => void>>();
  let cursor = 0;
  let reading: Promise<void> | undefined;
  let readAgain = false;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  function dispatch(event: E) {
    for (const scope of [event.clientId, 'all'] as const) {
      for (const listener of listeners.get(scope) ?? []) {
        try {
          listener(event);
        } catch (error) {
          log.warn({ err: error }, 'live events: a listener failed');
        }
      }
    }
  }

  async function readNew() {
    do {
      readAgain = false;
      try {
        for (;;) {
          const events = await readAfter(cursor, READ_BATCH);
          for (const event of events) {
            cursor = event.cursor;
            dispatch(event);
          }
          if (events.length < READ_BATCH) break;
        }
      } catch (error) {
        // The database is away: what was logged meanwhile is read once it answers.
        log.warn({ err: error }, 'live events: reading the log failed; trying again');
        if (!closed) retry ??= setTimeout(() => ((retry = undefined), catchUp()), RETRY_MS);
        return;
      }
    } while (readAgain && !closed);
  }

  /** Reads and hands out what was logged after `cursor`, one read at a time; a call during a read reads again after it. */
  function catchUp() {
    if (closed) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = readNew().finally(() => (reading = undefined));
  }

  return {
    publish: (notice) =>
      transport.send(notice).catch((error: unknown) => {
        log.warn({ err: error }, 'live events: a notice could not be sent; streams catch up with the next one');
      }),
    subscribe(scope, listener) {
      let set = listeners.get(scope);
      if (!set) listeners.set(scope, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(scope) === set) listeners.delete(scope);
      };
    },
    cursor: () => cursor,
    async start() {
      cursor = await latest();
      await transport.start((notice) => {
        if (notice.cursor > cursor) catchUp();
      }, catchUp);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      listeners.clear();
      await transport.close();
      await reading;
    },
  };
}
