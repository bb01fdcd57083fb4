import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { postgresTargetOf } from '../db/database.js';
import { withStatementScope } from '../db/statement-scope.js';

/**
 * A request whose client goes away before its answer has its PostgreSQL statements cancelled
 * (decision 069): nobody reads what they would answer, and a slow one would hold a backend for
 * minutes after. Each request runs in a statement scope; when its connection closes first, each
 * backend still running one of its statements gets pg_cancel_backend, over a connection of its
 * own (the pool may be full of exactly those statements). SQLite runs a statement to its end on the
 * event loop: nothing to cancel there.
 */
export const abandonedRequests = fp(async (app: FastifyInstance) => {
  const target = postgresTargetOf(app.db);
  if (!target) return;

  async function cancel(pids: number[]) {
    const client = new pg.Client({ connectionString: target!.url, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      for (const pid of pids) await client.query('select pg_cancel_backend($1)', [pid]);
    } catch (error) {
      app.log.warn({ err: error }, 'could not cancel the statements of an abandoned request');
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  app.addHook('onRequest', (request, reply, done) => {
    const { scope } = withStatementScope(() => done());
    reply.raw.on('close', () => {
      if (reply.raw.writableFinished || scope.running.size === 0) return;
      request.log.info({ backends: scope.running.size }, 'client gone: cancelling its statements');
      void cancel([...scope.running.keys()]);
    });
  });
});
