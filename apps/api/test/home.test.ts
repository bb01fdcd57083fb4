import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, createDiet, createEvaluation, createSession, createWorkout, daysFromToday, sampleDiet, sampleWorkout, signIn, signInWithPlan, useTestApp } from './helper.js';
import { runOnAFixedDay } from './fixed-day.js';

// The latest evaluation is the one of the latest consultation, days counted from today.
runOnAFixedDay();

describe('GET /api/v1/clientes/{userId}/inicio', () => {
  const ctx = useTestApp();

  const get = (client: { token: string }, url: string) => call(ctx.app, 'GET', url, { token: client.token });

  it("answers each part of Home exactly as its own call does, the latest evaluation's lists and each workout's exercises", async () => {
    const client = await signInWithPlan(ctx, 'Início');
    const second = await createWorkout(ctx.db, client.evaluationId!, sampleWorkout('Outro'), 1);
    const start = `${daysFromToday(-2)}T10:00:00.000Z`;
    await createSession(ctx.db, client.id, client.workoutId, {
      id: randomUUID(),
      iniciado_em: start,
      concluido_em: `${daysFromToday(-2)}T10:40:00.000Z`,
      series: [{ exercicio_id: client.exerciseId, numero: 1, carga: 20, repeticoes: 12, feito_em: `${daysFromToday(-2)}T10:05:00.000Z` }],
      trocas: [],
    });
    const read = async (url: string) => {
      const response = await get(client, url);
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };

    const home = await read(`/api/v1/clientes/${client.id}/inicio`);

    expect(home).toEqual({
      cliente: await read(`/api/v2/clientes/${client.id}`),
      avaliacoes: await read(`/api/v1/clientes/${client.id}/avaliacoes`),
      treinos: await read(`/api/v1/avaliacoes/${client.evaluationId}/treinos?page=0&size=50`),
      dietas: await read(`/api/v1/avaliacoes/${client.evaluationId}/dietas?page=0&size=50`),
      exercicios: {
        [client.workoutId]: await read(`/api/v1/treinos/${client.workoutId}/exercicios?page=0&size=50`),
        [second]: await read(`/api/v1/treinos/${second}/exercicios?page=0&size=50`),
      },
      sessoes: {
        [client.workoutId]: await read(`/api/v1/treinos/${client.workoutId}/sessoes?page=0&size=14`),
        [second]: await read(`/api/v1/treinos/${second}/sessoes?page=0&size=14`),
      },
    });
    expect(home.treinos.total).toBe(2);
    expect(home.exercicios[client.workoutId].results.length).toBeGreaterThan(0);
    expect(home.sessoes[client.workoutId].results.map((session: { iniciado_em: string }) => session.iniciado_em)).toEqual([start]);
  });

  it('reads the lists of the latest evaluation only', async () => {
    const client = await signInWithPlan(ctx, 'Antigo');
    const latest = await createEvaluation(ctx.db, client.id, { plano: 'ULTIMATE', peso: 80, altura: 180, objetivo: 'Saúde', data_consulta: daysFromToday(-1) });
    await createDiet(ctx.db, latest, sampleDiet('Novo'));

    const home = (await get(client, `/api/v1/clientes/${client.id}/inicio`)).json();

    expect(home.avaliacoes.results[0].id).toBe(latest);
    expect(home.dietas.results.map((diet: { titulo: string }) => diet.titulo)).toEqual([sampleDiet('Novo').titulo]);
    expect(home.treinos).toEqual({ results: [], page: 0, size: 50, total: 0 });
    expect(home.exercicios).toEqual({});
    expect(home.sessoes).toEqual({});
  });

  it('answers a client without an evaluation with no lists', async () => {
    const client = await signIn(ctx, { evaluation: null });

    const response = await get(client, `/api/v1/clientes/${client.id}/inicio`);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ avaliacoes: { results: [] }, treinos: null, dietas: null, exercicios: {}, sessoes: {} });
  });

  it("answers another client's id as a missing one, without a word of theirs", async () => {
    const client = await signIn(ctx);
    const other = await signInWithPlan(ctx, 'Alheio');

    const response = await get(client, `/api/v1/clientes/${other.id}/inicio`);

    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Alheio');
  });

  it('refuses a request without a session', async () => {
    const client = await signIn(ctx);
    expect((await call(ctx.app, 'GET', `/api/v1/clientes/${client.id}/inicio`)).statusCode).toBe(401);
  });
});
