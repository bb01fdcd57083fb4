import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database.js';
import type { FanOutLog, Notice, Transport } from './fan-out.js';

/** How long to wait before connecting again after the listening connection was lost. */
const RECONNECT_MS = 1000;

/**
 * Notices between instances through PostgreSQL's LISTEN/NOTIFY: NOTIFY goes through the pool,
 * LISTEN holds a connection of its own (a pooled one would be handed to other queries), which
 * connects again whenever it is lost and then has the fan-out read what it may have missed.
 * Channels are per database, not per schema: the channel is named after the schema, so that
 * databases shared by several schemas (the tests') keep their notices apart.
 */
export function postgresTransport(db: Db, target: { url: string; schema?: string }, log: FanOutLog): Transport {
  const channel = target.schema ? `acompanha_events_${target.schema}` : 'acompanha_events';
  let client: pg.Client | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let closed = false;
  let lost = false;

  async function listen(hear: (notice: Notice) => void, resync: () => void) {
    const connection = new pg.Client({
      connectionString: target.url,
      connectionTimeoutMillis: 1500,
      // A connection that dies silently (a network partition) is noticed within a minute, not hours.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const drop = (error?: unknown) => {
      if (client !== connection) return;
      client = undefined;
      if (!lost) log.warn({ err: error }, 'live events: the LISTEN connection was lost; connecting again');
      lost = true;
      connection.end().catch(() => {});
      if (!closed) reconnect = setTimeout(() => void listen(hear, resync), RECONNECT_MS);
    };
    connection.on('notification', ({ payload }) => {
      const [clientId, cursor] = (payload ?? '').split(':').map(Number);
      if (Number.isInteger(clientId) && Number.isInteger(cursor)) hear({ clientId: clientId!, cursor: cursor! });
    });
    client = connection;
    connection.on('error', drop);
    connection.on('end', () => drop());
    try {
      await connection.connect();
      await connection.query(`LISTEN ${connection.escapeIdentifier(channel)}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (closed) {
      await connection.end().catch(() => {});
      return;
    }
    if (lost) {
      lost = false;
      log.warn({}, 'live events: listening again');
      resync();
    }
  }

  return {
    send: async ({ clientId, cursor }) => {
      await sql`select pg_notify(${channel}, ${`${clientId}:${cursor}`})`.execute(db);
    },
    start: (hear, resync) => listen(hear, resync),
    async close() {
      closed = true;
      clearTimeout(reconnect);
      const connection = client;
      client = undefined;
      await connection?.end().catch(() => {});
    },
  };
}
