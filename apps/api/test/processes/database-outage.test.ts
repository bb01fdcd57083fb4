import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../event-stream.js';
import { PASSWORD } from '../helper.js';
import { request, seedClientWithWorkout } from './fixtures.js';
import { createPostgresCluster, postgresBinDir, type PostgresCluster } from './postgres-cluster.js';
import { startServer, type ServerProcess } from './server-process.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `check` every 100 ms until it holds; resolves with the milliseconds it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await sleep(100);
  }
  return Date.now() - start;
}

describe.runIf(postgresBinDir())('a PostgreSQL outage under a running server', () => {
  let cluster: PostgresCluster;
  let server: ServerProcess;
  let seeded: Awaited<ReturnType<typeof seedClientWithWorkout>>;

  beforeAll(async () => {
    cluster = await createPostgresCluster();
    seeded = await seedClientWithWorkout(cluster.url);
    server = await startServer({ DATABASE_URL: cluster.url });
  }, 60_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    cluster?.destroy();
  });

  it('answers every call 503 within 2 s, health "not ready", and serves again by itself once the database returns', async () => {
    const { token } = (await request(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      body: { email: seeded.email, password: PASSWORD },
    })).body as { token: string };
    const exercises = `${server.url}/api/v1/treinos/${seeded.workoutId}/exercicios`;
    expect((await request(exercises, { token })).status).toBe(200);
    // Held through the outage: its instance's LISTEN connection is lost with the database, and comes back.
    const stream = await openStream(`${server.url}/api/v1/mensagens/eventos`, token);
    expect(stream.response.status).toBe(200);

    cluster.stop();
    const healthDown = await within(2000, async () => (await request(`${server.url}/api/health`)).status === 503);
    expect((await request(`${server.url}/api/health`)).body).toEqual({ status: 'not ready' });

    const calls = [
      () => request(exercises, { token }),
      () => request(`${server.url}/api/v1/exercicios/${seeded.exerciseIds[0]}`, { method: 'PUT', token, body: { carga: 42 } }),
      () => request(`${server.url}/api/v1/auth/login`, { method: 'POST', body: { email: seeded.email, password: PASSWORD } }),
      () => request(`${server.url}/api/v1/users/me`, { token }),
    ];
    const statuses: number[] = [];
    // Rounds spread over the outage; few enough that sign-in stays under its per-address limit.
    for (let round = 0; round < 6; round += 1) {
      await sleep(400);
      for (const call of calls) {
        const start = Date.now();
        const { status, body } = await call();
        expect(Date.now() - start).toBeLessThan(2000);
        expect(status).toBe(503);
        expect(body).toMatchObject({ status: 503, error: 'Service Unavailable', message: expect.any(String) });
        statuses.push(status);
      }
    }
    expect(server.child.exitCode).toBeNull();

    cluster.start();
    const restartedAt = Date.now();
    await within(5000, async () => (await request(exercises, { token })).status === 200);
    const recoveredMs = Date.now() - restartedAt;
    await within(5000 - recoveredMs, async () => (await request(`${server.url}/api/health`)).status === 200);
    const loadSaved = await request(`${server.url}/api/v1/exercicios/${seeded.exerciseIds[0]}`, { method: 'PUT', token, body: { carga: 42 } });
    expect(loadSaved.status).toBe(200);
    const posted = await request(`${server.url}/api/v1/mensagens`, { method: 'POST', token, body: { id: randomUUID(), texto: 'Depois da queda' } });
    expect(posted.status).toBe(201);
    const liveAgainMs = await within(3000, async () => stream.events.length === 1);
    expect(stream.events[0]).toMatchObject({ event: 'mensagem', data: posted.body });
    await stream.close();
    console.info(
      `outage: health 503 after ${healthDown} ms; ${statuses.length} calls answered 503 meanwhile; ` +
        `served again ${Date.now() - restartedAt} ms after the database returned; a message reached the stream held through it in ${liveAgainMs} ms`,
    );
  }, 60_000);
});
