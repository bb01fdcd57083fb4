import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../eventually.js';
import { startServer, type ServerProcess } from './server-process.js';

const REQUESTS = 200;

describe('a crash', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: 'info' }, { preload: ['./test/processes/crash-on-signal.ts'] });
  }, 60_000);
  afterAll(() => server?.stop('SIGKILL'));

  /** The log's JSON lines so far (the output may end in a line still being written). */
  const entries = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && line.endsWith('}'))
      .map((line) => JSON.parse(line) as { level: number; route?: string; msg: string; err?: Record<string, unknown> });

  it('logs the error nothing caught at fatal, after every line logged before it, masked, and exits with 1', async () => {
    const statuses = await Promise.all(Array.from({ length: REQUESTS }, () => fetch(`${server.url}/api/health`).then((response) => response.status)));
    expect(statuses).toEqual(Array(REQUESTS).fill(200));
    // A client can read its answer before the server has logged it (the line is written once the
    // answer is handed to the socket): the crash comes after every request's line.
    await eventually(() => expect(entries().filter((entry) => entry.route === '/api/health')).toHaveLength(REQUESTS));

    server.child.kill('SIGUSR2');
    const { code } = await server.exited;

    expect(code).toBe(1);
    expect(entries().at(-1)).toMatchObject({ level: 60, msg: 'crashed', err: { type: 'Error', message: 'falha de teste com [e-mail]' } });
    expect(entries().filter((entry) => entry.route === '/api/health')).toHaveLength(REQUESTS);
    expect(server.output()).not.toContain('ana.souza@exemplo.com.br');
  }, 60_000);
});
