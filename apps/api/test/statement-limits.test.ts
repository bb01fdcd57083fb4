import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { App } from '../src/app.js';
import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.js';
import { buildTestApp, expectError, type TestContext } from './helper.js';

/** A read that takes as long as the query says. */
const slowRead = (app: App) => async (request: FastifyRequest) => {
  const { segundos } = request.query as { segundos: string };
  await sql`select pg_sleep(${Number(segundos)})`.execute(app.db);
  return { ok: true };
};

// A statement's bounds are PostgreSQL's (decision 069): SQLite runs each to its end on the event loop.
describe.runIf(process.env.TEST_DATABASE_URL)('bounds on the statements a request runs (PostgreSQL)', () => {
  // One app at a time: a second migration beside the first's schema would find its tables already there.
  const withApp = async (timeoutMs: number, test: (ctx: TestContext) => Promise<void>) => {
    const ctx = await buildTestApp({ STATEMENT_TIMEOUT_MS: String(timeoutMs) }, undefined, async (app) => {
      app.get('/api/test/lento', slowRead(app));
    });
    try {
      await test(ctx);
    } finally {
      await ctx.close();
    }
  };

  /** The backends running a slow read's statement. */
  const sleeping = async (ctx: TestContext) =>
    (await sql<{ pid: number }>`select pid from pg_stat_activity where state = 'active' and query like 'select pg_sleep%'`.execute(ctx.db)).rows;

  it('answers 503 with the JSON error body when a statement runs past STATEMENT_TIMEOUT_MS', () =>
    withApp(300, async (ctx) => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/test/lento?segundos=5' });
      const body = expectError(response, 503);
      expect(body.message).toBe('O servidor demorou demais para responder. Tente novamente em instantes.');
      expect(response.headers['retry-after']).toBe('5');
    }));

  // A timeout of ten minutes: what ends the statement is its client's going.
  it('cancels the statements of a request whose client went away', () =>
    withApp(600_000, async (untimed) => {
      await untimed.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = untimed.app.server.address() as AddressInfo;
      const request = http.get({ host: '127.0.0.1', port, path: '/api/test/lento?segundos=120' });
      request.on('error', () => {});
      await eventually(async () => expect((await sleeping(untimed)).length).toBeGreaterThan(0));
      request.destroy();
      // The backend is freed long before its two minutes: the statement was cancelled.
      await eventually(async () => expect(await sleeping(untimed)).toEqual([]));
    }));
});
