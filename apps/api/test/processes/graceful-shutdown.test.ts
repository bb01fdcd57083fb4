import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../event-stream.js';
import { request } from './fixtures.js';
import { startServer, type ServerProcess } from './server-process.js';

const CONNECTIONS = 50;
/** Live event streams held open through the shutdown: they never finish by themselves. */
const STREAMS = 5;

type Outcome = { answered: number[]; retried: number } & ({ ended: 'refused' } | { ended: 'lost'; error: string });

/**
 * One connection's worth of load: requests one after another until the server refuses to connect.
 * A request whose connection is reset before any answer began was never read: the draining server
 * closed the connection as idle (a kept-alive one, or one it had just accepted), or the kernel reset
 * it in the closed listener's queue. It is sent again, as a client does with a GET (Node's
 * documentation of `reusedSocket`); the next try is answered or refused. An answer cut once begun is
 * a request lost.
 */
async function loadLoop(agent: http.Agent, url: string, token: string): Promise<Outcome> {
  const answered: number[] = [];
  let retried = 0;
  for (;;) {
    const result = await new Promise<number | { error: NodeJS.ErrnoException; answerBegun: boolean }>((resolve) => {
      const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
        res.on('error', (error) => resolve({ error, answerBegun: true }));
      });
      req.on('error', (error) => resolve({ error, answerBegun: false }));
    });
    if (typeof result === 'number') answered.push(result);
    else if (result.error.code === 'ECONNREFUSED') return { answered, retried, ended: 'refused' };
    else if (result.error.code === 'ECONNRESET' && !result.answerBegun) retried += 1;
    else return { answered, retried, ended: 'lost', error: `${result.error.code ?? ''} ${result.error.message}` };
  }
}

describe('SIGTERM under load', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // At the default level, so that the log of every request answered during the drain is checked too.
    server = await startServer({ LOG_LEVEL: 'info' });
  }, 60_000);
  afterAll(() => server?.stop('SIGKILL'));

  it('answers every request sent before it, logs each, ends every event stream, refuses new connections and exits within 10 s', async () => {
    const { token } = (await request(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      body: { email: 'ana@demo.fit', password: 'Treino2026' },
    })).body as { token: string };
    const streams = await Promise.all(Array.from({ length: STREAMS }, () => openStream(`${server.url}/api/v1/mensagens/eventos`, token)));
    expect(streams.map((stream) => stream.response.status)).toEqual(Array(STREAMS).fill(200));
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const loops = Array.from({ length: CONNECTIONS }, () => loadLoop(agent, `${server.url}/api/v1/users/me`, token));

    await new Promise((resolve) => setTimeout(resolve, 1500));
    const signalledAt = Date.now();
    const exited = server.stop('SIGTERM');
    const outcomes = await Promise.all(loops);
    const { code } = await exited;
    const exitMs = Date.now() - signalledAt;
    agent.destroy();
    await Promise.all(streams.map((stream) => stream.finished));

    const answers = outcomes.flatMap((outcome) => outcome.answered);
    const lost = outcomes.filter((outcome) => outcome.ended === 'lost');
    console.info(
      `shutdown: ${answers.length} requests answered (${answers.filter((status) => status === 200).length} × 200, ` +
        `${answers.filter((status) => status === 503).length} × 503), ${lost.length} lost, ` +
        `${outcomes.reduce((sum, outcome) => sum + outcome.retried, 0)} reset before an answer and sent again, ` +
        `${streams.filter((stream) => stream.ended()).length} of ${STREAMS} event streams ended, exit ${code} after ${exitMs} ms`,
    );
    expect(lost.map((outcome) => outcome.ended === 'lost' && outcome.error)).toEqual([]);
    // Each stream was ended by the server, cleanly, not cut with its connection.
    expect(streams.map((stream) => stream.lost() ?? stream.ended())).toEqual(Array(STREAMS).fill(true));
    expect(answers.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(answers.length).toBeGreaterThan(CONNECTIONS);
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
    // The log is written behind the answers: what was still on its way when the process ended was written before it did.
    expect(server.output().split('\n').filter((line) => line.includes('"route":"/api/v1/users/me"'))).toHaveLength(answers.length);
  }, 60_000);
});
