import { randomUUID } from 'node:crypto';
import { SESSION_SETS_MAX, type SessionRequest } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { call, createWorkout, exerciseIds, expectBadField, expectError, sampleWorkout, signIn, useTestApp, type TestContext } from './helper.js';

/** A signed-in client with a workout, and that workout's exercise ids. */
async function clientWithWorkout(ctx: TestContext) {
  const client = await signIn(ctx);
  const workoutId = await createWorkout(ctx.db, client.evaluationId!, sampleWorkout('Limite'));
  return { ...client, workoutId, exercises: await exerciseIds(ctx.db, workoutId) };
}

/** A session of `count` sets over the exercises, numbered within each. */
function sessionOf(exercises: number[], count: number): SessionRequest {
  const at = new Date('2026-03-02T10:00:00.000Z');
  return {
    id: randomUUID(),
    iniciado_em: at.toISOString(),
    concluido_em: new Date(at.getTime() + 3_600_000).toISOString(),
    series: Array.from({ length: count }, (_, index) => ({
      exercicio_id: exercises[index % exercises.length]!,
      numero: Math.floor(index / exercises.length) + 1,
      carga: 20,
      repeticoes: 10,
      feito_em: new Date(at.getTime() + index * 1000).toISOString(),
    })),
  };
}

describe('limits on what one account writes', () => {
  const ctx = useTestApp();

  it(`refuses a session of more than ${SESSION_SETS_MAX} sets, naming series`, async () => {
    expect(SESSION_SETS_MAX).toBe(100);
    const ana = await clientWithWorkout(ctx);
    const post = (count: number) => call(ctx.app, 'POST', `/api/v1/treinos/${ana.workoutId}/sessoes`, { token: ana.token, payload: sessionOf(ana.exercises, count) });
    expect((await post(SESSION_SETS_MAX)).statusCode).toBe(201);
    expectBadField(await post(SESSION_SETS_MAX + 1), 'series');
  });

  it('answers 429 with Retry-After once an account has sent 30 sessions in an hour, and counts each account apart', async () => {
    const ana = await clientWithWorkout(ctx);
    const bruno = await clientWithWorkout(ctx);
    const post = (client: typeof ana) => call(ctx.app, 'POST', `/api/v1/treinos/${client.workoutId}/sessoes`, { token: client.token, payload: sessionOf(client.exercises, 3) });
    for (let sent = 0; sent < 30; sent += 1) expect((await post(ana)).statusCode).toBe(201);

    const refused = await post(ana);
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(bruno)).statusCode).toBe(201);
  });

  it('answers 429 with Retry-After once an account has changed loads 120 times in an hour', async () => {
    const ana = await clientWithWorkout(ctx);
    const put = (carga: number) => call(ctx.app, 'PUT', `/api/v1/exercicios/${ana.exercises[0]}`, { token: ana.token, payload: { carga } });
    for (let sent = 0; sent < 120; sent += 1) expect((await put(sent)).statusCode).toBe(200);

    const refused = await put(1);
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers the signed-in e-mail relay’s 429 with Retry-After', async () => {
    const ana = await signIn(ctx);
    const send = () =>
      call(ctx.app, 'POST', '/api/v1.0/email/send', {
        token: ana.token,
        payload: {
          service_id: 'acompanha',
          template_id: 'template_contact',
          user_id: 'acompanha-web',
          template_params: { name: 'Ana', message: 'Oi', user_email: ana.email, destination: 'equipe@acompanha.app' },
        },
      });
    for (let sent = 0; sent < 10; sent += 1) expect((await send()).statusCode).toBe(200);

    const refused = await send();
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('WRITE_LIMITS=off, for the benchmark', () => {
  const ctx = useTestApp({ WRITE_LIMITS: 'off' });

  it('counts an account past its limit without refusing a write', async () => {
    const ana = await clientWithWorkout(ctx);
    const put = (carga: number) => call(ctx.app, 'PUT', `/api/v1/exercicios/${ana.exercises[0]}`, { token: ana.token, payload: { carga } });
    for (let sent = 0; sent <= 120; sent += 1) expect((await put(sent)).statusCode).toBe(200);
  });

  it('is refused in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WRITE_LIMITS: 'off' })).toThrow(/WRITE_LIMITS: is for benchmarks only/);
  });
});
