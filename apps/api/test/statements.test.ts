import { describe, expect, it } from 'vitest';
import { call, signIn, signInWithPlan, useTestApp, type TestContext } from './helper.js';

/**
 * What each plan call costs the database: the ownership check travels inside the statement that
 * reads the rows (modules/ownership.ts), so a page with rows is one statement. The counts are the
 * queries the app ran for the call, sign-in's aside (a verified token is remembered) and the one
 * every authenticated call makes first, whether its session is still open (decision 029).
 */
async function statementsOf(ctx: TestContext, url: string, token: string, method: 'GET' | 'PUT' = 'GET', payload?: object) {
  await call(ctx.app, method, url, { token, payload }); // the token is verified and remembered
  ctx.statements.length = 0;
  const response = await call(ctx.app, method, url, { token, payload });
  const [sessionCheck, ...statements] = ctx.statements;
  expect(sessionCheck).toBe('SelectQueryNode');
  return { status: response.statusCode, body: response.json() as { total?: number; results?: unknown[] }, statements };
}

describe('statements per plan call', () => {
  const ctx = useTestApp();


  it('reads a page of workouts, exercises or diets in one statement', async () => {
    const ana = await signInWithPlan(ctx, 'Conta');
    for (const url of [
      `/api/v1/avaliacoes/${ana.evaluationId}/treinos?page=0&size=10`,
      `/api/v1/treinos/${ana.workoutId}/exercicios?page=0&size=10`,
      `/api/v1/avaliacoes/${ana.evaluationId}/dietas?page=0&size=10`,
    ]) {
      const { status, body, statements } = await statementsOf(ctx, url, ana.token);
      expect(status, url).toBe(200);
      expect(body.results!.length, url).toBeGreaterThan(0);
      expect(statements, url).toEqual(['SelectQueryNode']);
    }
  });

  it('gives the whole length with a page of it, and an empty page past the end with one more statement', async () => {
    const ana = await signInWithPlan(ctx, 'Conta');
    const exercicios = `/api/v1/treinos/${ana.workoutId}/exercicios`;
    const first = await statementsOf(ctx, `${exercicios}?page=0&size=1`, ana.token);
    expect(first.body).toMatchObject({ total: 2, results: [expect.anything()] });
    const past = await statementsOf(ctx, `${exercicios}?page=5&size=1`, ana.token);
    expect(past).toMatchObject({ status: 200, body: { total: 2, results: [] }, statements: ['SelectQueryNode', 'SelectQueryNode'] });
  });

  it("answers another client's workout with 404 whether or not it has rows", async () => {
    const ana = await signInWithPlan(ctx, 'Conta');
    const bia = await signIn(ctx);
    for (const url of [`/api/v1/treinos/${ana.workoutId}/exercicios?page=0&size=10`, `/api/v1/dietas/${ana.dietId}/refeicoes`]) {
      expect((await statementsOf(ctx, url, bia.token)).status, url).toBe(404);
    }
  });

  it('reads the meals of a diet in three statements (meals, options, food groups) with its ownership in the first', async () => {
    const ana = await signInWithPlan(ctx, 'Conta');
    const { status, statements } = await statementsOf(ctx, `/api/v1/dietas/${ana.dietId}/refeicoes`, ana.token);
    expect(status).toBe(200);
    expect(statements).toEqual(['SelectQueryNode', 'SelectQueryNode', 'SelectQueryNode']);
  });

  it('saves a load in two statements: the update with its ownership check, and the answer', async () => {
    const ana = await signInWithPlan(ctx, 'Conta');
    const { status, statements } = await statementsOf(ctx, `/api/v1/exercicios/${ana.exerciseId}`, ana.token, 'PUT', { carga: 42 });
    expect(status).toBe(200);
    expect(statements).toEqual(['UpdateQueryNode', 'SelectQueryNode']);
  });
});
