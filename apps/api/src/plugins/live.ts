import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { postgresTargetOf } from '../db/database.js';
import { createEventStreams, type EventStreams } from '../live/event-stream.js';
import { createFanOut, inProcessTransport, type FanOut } from '../live/fan-out.js';
import { postgresTransport } from '../live/postgres-transport.js';
import type { ConversationEvent } from '../live/conversation-event.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fan-out of the conversations' events (decision 035): writes publish, streams subscribe. */
    live: FanOut<ConversationEvent>;
    /** The open `text/event-stream` answers, with their heartbeats. */
    eventStreams: EventStreams;
  }
}

/**
 * Live events: across instances through PostgreSQL's LISTEN/NOTIFY when the database is
 * PostgreSQL (several instances share one), within the process on the embedded SQLite (one instance).
 * Streams end when the app starts closing, so that clients reconnect to an instance that stays.
 */
export interface LiveOptions {
  heartbeatMs: number;
  streamsPerAccount: number;
  /** The events' log in the database (modules/messages, by app.ts): its newest cursor, and what came after one. */
  latest: () => Promise<number>;
  readAfter: (cursor: number, limit: number) => Promise<ConversationEvent[]>;
}

export const live = fp(async (app: FastifyInstance, { heartbeatMs, streamsPerAccount, latest, readAfter }: LiveOptions) => {
  const target = postgresTargetOf(app.db);
  const fanOut = createFanOut<ConversationEvent>({
    transport: target ? postgresTransport(app.db, target, app.log) : inProcessTransport(),
    latest,
    readAfter,
    log: app.log,
  });
  const eventStreams = createEventStreams({ heartbeatMs, perAccount: streamsPerAccount });
  app.decorate('live', fanOut);
  app.decorate('eventStreams', eventStreams);
  app.addHook('onReady', () => fanOut.start());
  app.addHook('preClose', async () => eventStreams.endAll());
  app.addHook('onClose', () => fanOut.close());
});
