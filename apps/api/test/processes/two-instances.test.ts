import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.js';
import { LOGIN_THROTTLE } from '../../src/modules/auth/login-throttle.js';
import { openStream } from '../event-stream.js';
import { createClient, PASSWORD } from '../helper.js';
import { request, seedClientWithWorkout } from './fixtures.js';
import { startServer, type ServerProcess } from './server-process.js';
import { eventually } from '../eventually';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(databaseUrl && redisUrl)('two instances on one PostgreSQL database and one Redis', () => {
  const name = `acompanha_two_${randomBytes(4).toString('hex')}`;
  let url: string;
  let admin: Db;
  let a: ServerProcess;
  let b: ServerProcess;
  let seeded: Awaited<ReturnType<typeof seedClientWithWorkout>>;

  beforeAll(async () => {
    url = Object.assign(new URL(databaseUrl!), { pathname: `/${name}` }).toString();
    admin = openDatabase({ kind: 'postgres', url: databaseUrl! });
    await sql`create database ${sql.id(name)}`.execute(admin);
    const redis = new Redis(redisUrl!);
    await redis.flushdb();
    await redis.quit();
    seeded = await seedClientWithWorkout(url);
    const env = { DATABASE_URL: url, REDIS_URL: redisUrl!, JWT_SECRET: randomBytes(32).toString('hex') };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sql`drop database if exists ${sql.id(name)}`.execute(admin);
    await admin?.destroy();
  });

  const login = (server: ServerProcess, email: string, password = PASSWORD) =>
    request(`${server.url}/api/v1/auth/login`, { method: 'POST', body: { email, password } });

  it('refreshes on one a session signed in on the other, once', async () => {
    const signedIn = (await login(a, seeded.email)).body as { token: string; refresh_token: string };
    const refreshed = await request(`${b.url}/api/v1/auth/refresh`, { method: 'POST', body: { refresh_token: signedIn.refresh_token } });
    expect(refreshed.status).toBe(200);
    const me = await request(`${a.url}/api/v1/users/me`, { token: (refreshed.body as { token: string }).token });
    expect(me.body).toMatchObject({ email: seeded.email });
  });

  it("refuses on the other at once an access token whose session ended with 'Sair' on one", async () => {
    const signedIn = (await login(a, seeded.email)).body as { token: string; refresh_token: string };
    const read = () => request(`${b.url}/api/v1/treinos/${seeded.workoutId}/exercicios`, { token: signedIn.token });
    expect((await read()).status).toBe(200); // b has verified the token and remembers it
    const loggedOut = await request(`${a.url}/api/v1/auth/logout`, { method: 'POST', body: { refresh_token: signedIn.refresh_token } });
    expect(loggedOut.status).toBe(204);
    expect(await read()).toMatchObject({ status: 401, body: { status: 401, error: 'Unauthorized' } });
  });

  it('reads through one a load saved through the other', async () => {
    const { token } = (await login(b, seeded.email)).body as { token: string };
    const saved = await request(`${a.url}/api/v1/exercicios/${seeded.exerciseIds[1]}`, { method: 'PUT', token, body: { carga: 37.5 } });
    expect(saved.status).toBe(200);
    const read = await request(`${b.url}/api/v1/treinos/${seeded.workoutId}/exercicios`, { token });
    expect(read.body).toMatchObject({ results: expect.arrayContaining([expect.objectContaining({ id: seeded.exerciseIds[1], carga: 37.5 })]) });
  });

  it('carries a message posted on one to a stream open on the other (the log line says how long it took)', async () => {
    const { token } = (await login(a, seeded.email)).body as { token: string };
    const stream = await openStream(`${b.url}/api/v1/mensagens/eventos`, token);
    try {
      await eventually(() => expect(stream.text()).toMatch(/^id: \d+\n\n/));
      const postedAt = Date.now();
      const posted = await request(`${a.url}/api/v1/mensagens`, { method: 'POST', token, body: { id: randomUUID(), texto: 'Enviada pela instância A' } });
      expect(posted.status).toBe(201);
      await eventually(() => expect(stream.events).toHaveLength(1), 5);
      console.info(`live: a message posted on A reached a stream on B ${Date.now() - postedAt} ms after it was sent`);
      expect(stream.events[0]).toMatchObject({ event: 'mensagem', data: posted.body });
    } finally {
      await stream.close();
    }
  });

  it('throttles wrong passwords spread over both at the same count as on one', async () => {
    const db = openDatabase({ kind: 'postgres', url });
    const [alone, spread] = [await createClient(db), await createClient(db)];
    await db.destroy();

    async function attemptsUntilRefused(email: string, servers: ServerProcess[]) {
      for (let attempt = 1; attempt <= 3 * LOGIN_THROTTLE.freeFailures; attempt += 1) {
        const { status } = await login(servers[attempt % servers.length]!, email, 'Errada123');
        if (status === 429) return attempt;
        expect(status).toBe(401);
      }
      return undefined;
    }
    const onOne = await attemptsUntilRefused(alone.email, [a]);
    expect(onOne).toBe(LOGIN_THROTTLE.freeFailures + 1);
    expect(await attemptsUntilRefused(spread.email, [a, b])).toBe(onOne);
  });
});
