import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createDiet,
  createWorkout,
  exerciseIds,
  exerciseLoad,
  expectBadField,
  expectError,
  fillId,
  ID_ROUTES,
  sampleDiet,
  sampleWorkout,
  signIn,
  useTestApp,
  type IdRoute,
  type TestContext,
} from './helper.js';

/** The ids a route can take, for one client. */
interface Ids {
  user_id: number;
  evaluation_id: number;
  diet_id: number;
  workout_id: number;
  exercise_id: number;
}

/** `[name, route]` rows for it.each, so each test is named after its route. */
const EACH_ROUTE = ID_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const);

const idIn = (path: string) => path.match(/\{(\w+)\}/)![1] as keyof Ids;

/** A signed-in client with a diet and a workout, every title and name marked with `mark`. */
async function clientWithPlan(ctx: TestContext, mark: string) {
  const client = await signIn(ctx, { email: `${mark.toLowerCase()}@teste.fit`, nome: `${mark} Cliente` });
  const evaluationId = client.evaluationId!;
  const dietId = await createDiet(ctx.db, evaluationId, sampleDiet(mark));
  const workoutId = await createWorkout(ctx.db, evaluationId, sampleWorkout(mark));
  const [exerciseId] = await exerciseIds(ctx.db, workoutId);
  const ids: Ids = { user_id: client.id, evaluation_id: evaluationId, diet_id: dietId, workout_id: workoutId, exercise_id: exerciseId! };
  return { ...client, ids };
}

describe("another client's data", () => {
  const ctx = useTestApp();
  let me: Awaited<ReturnType<typeof clientWithPlan>>;
  let other: Awaited<ReturnType<typeof clientWithPlan>>;
  beforeAll(async () => {
    me = await clientWithPlan(ctx, 'Propria');
    other = await clientWithPlan(ctx, 'Alheia');
  });

  const request = (route: IdRoute, ids: Partial<Ids> | number | string, token?: string) => {
    const id = typeof ids === 'object' ? ids[idIn(route.path)]! : ids;
    return call(ctx.app, route.method, fillId(route.path, id), { token, payload: route.payload });
  };

  it.each(EACH_ROUTE)('%s answers the own id', async (_name, route) => {
    expect((await request(route, me.ids, me.token)).statusCode).toBe(200);
  });

  it.each(EACH_ROUTE)("%s answers 404 for another client's id, with none of their data", async (_name, route) => {
    const response = await request(route, other.ids, me.token);
    expectError(response, 404);
    expect(response.body).not.toMatch(/alheia/i);
    // Exactly like an id nobody has: the answer does not tell that the other client's id exists.
    expect(response.body).toBe((await request(route, 999_999, me.token)).body);
  });

  it("PUT /api/v1/exercicios/{id} leaves another client's exercise unchanged", async () => {
    const route = ID_ROUTES.find((candidate) => candidate.method === 'PUT')!;
    await request(route, other.ids, me.token);
    expect(await exerciseLoad(ctx.db, other.ids.exercise_id)).toBe(20);
  });

  it.each(EACH_ROUTE)('%s answers 401 Unauthorized without a bearer, and changes nothing', async (_name, route) => {
    const response = await request(route, other.ids);
    expect(expectError(response, 401).error).toBe('Unauthorized');
    expect(response.body).not.toMatch(/alheia/i);
    expect(await exerciseLoad(ctx.db, other.ids.exercise_id)).toBe(20);
  });

  it.each(EACH_ROUTE.flatMap(([name, route]) => ['abc', '1.5', '0'].map((id) => [name, id, route] as const)))(
    '%s answers 400 naming the id field for the id %s',
    async (_name, id, route) => {
      expectBadField(await request(route, id, me.token), route.field);
    },
  );
});
