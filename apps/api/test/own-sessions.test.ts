import { randomUUID } from 'node:crypto';
import type { Paged, SessionRequest, TeamSession } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import {
  call,
  createEvaluation,
  createSession,
  createUser,
  createWorkout,
  exerciseIds,
  expectBadField,
  expectError,
  login,
  PASSWORD,
  sampleWorkout,
  signIn,
  TEST_SCRYPT_COST,
  useTestApp,
  type TestContext,
} from './helper.js';
import { signInStaff } from './staff.js';

const URL = '/api/v1/sessoes';

/** A session started at `start`, with one set per [exercise, load, reps], each of its exercise numbered from 1, a minute apart. */
function sessionAt(start: string, sets: [exerciseId: number, carga: number, repeticoes: number][]): SessionRequest {
  const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
  const numbers = new Map<number, number>();
  return {
    id: randomUUID(),
    iniciado_em: start,
    concluido_em: at(45),
    series: sets.map(([exercicio_id, carga, repeticoes], index) => {
      numbers.set(exercicio_id, (numbers.get(exercicio_id) ?? 0) + 1);
      return { exercicio_id, numero: numbers.get(exercicio_id)!, carga, repeticoes, feito_em: at(index + 1) };
    }),
  };
}

/** A signed-in client with a workout of two exercises in each of two plans, the workouts titled after `nome`. */
async function clientWithTwoPlans(ctx: TestContext, nome: string) {
  const client = await signIn(ctx, { nome, evaluation: { data_consulta: '2026-01-10' } });
  const newer = await createEvaluation(ctx.db, client.id, { plano: 'ULTIMATE', data_consulta: '2026-03-01', peso: 70, altura: 170, objetivo: 'Hipertrofia' });
  const oldWorkout = await createWorkout(ctx.db, client.evaluationId!, sampleWorkout(`${nome} antigo`));
  const newWorkout = await createWorkout(ctx.db, newer, sampleWorkout(`${nome} novo`));
  const [oldBench, oldRow] = await exerciseIds(ctx.db, oldWorkout);
  const [newBench, newRow] = await exerciseIds(ctx.db, newWorkout);
  return { ...client, oldWorkout, newWorkout, oldBench: oldBench!, oldRow: oldRow!, newBench: newBench!, newRow: newRow! };
}

describe("GET /api/v1/sessoes: the client's own sessions", () => {
  const ctx = useTestApp();
  const read = async (token: string, url = URL) => {
    const response = await call(ctx.app, 'GET', url, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Paged<TeamSession>;
  };

  it("lists every session of every plan, newest first, with the workout's title and each set's activity; never another client's", async () => {
    const ana = await clientWithTwoPlans(ctx, 'Ana');
    const bruno = await clientWithTwoPlans(ctx, 'Bruno');
    const anas = {
      old: sessionAt('2026-02-02T21:30:00.000Z', [[ana.oldBench, 20, 12], [ana.oldBench, 22.5, 10], [ana.oldRow, 30, 12]]),
      latest: sessionAt('2026-03-09T21:30:00.000Z', [[ana.newBench, 30, 10], [ana.newBench, 30, 10], [ana.newRow, 35, 8]]),
      middle: sessionAt('2026-03-05T21:30:00.000Z', [[ana.newRow, 32.5, 10]]),
    };
    // Stored out of order: the list is ordered by start, not by arrival.
    await createSession(ctx.db, ana.id, ana.oldWorkout, anas.old);
    await createSession(ctx.db, ana.id, ana.newWorkout, anas.latest);
    await createSession(ctx.db, ana.id, ana.newWorkout, anas.middle);
    // Bruno trains on the same days, his latest after all of ana's.
    const brunos = [sessionAt('2026-03-05T21:30:00.000Z', [[bruno.newBench, 50, 5]]), sessionAt('2026-03-10T21:30:00.000Z', [[bruno.newRow, 40, 8]])];
    for (const session of brunos) await createSession(ctx.db, bruno.id, bruno.newWorkout, session);

    const page = await read(ana.token);
    expect(page).toMatchObject({ page: 0, size: 50, total: 3 });
    expect(page.results.map((session) => session.id)).toEqual([anas.latest.id, anas.middle.id, anas.old.id]);
    expect(page.results[0]).toEqual({
      id: anas.latest.id,
      treino_id: ana.newWorkout,
      treino_titulo: 'Ana novo treino A',
      iniciado_em: anas.latest.iniciado_em,
      concluido_em: anas.latest.concluido_em,
      series: [
        { exercicio_id: ana.newBench, atividade_nome: 'Ana novo supino', troca_de: null, numero: 1, carga: 30, repeticoes: 10, feito_em: anas.latest.series[0]!.feito_em, carga_suspeita: false },
        { exercicio_id: ana.newBench, atividade_nome: 'Ana novo supino', troca_de: null, numero: 2, carga: 30, repeticoes: 10, feito_em: anas.latest.series[1]!.feito_em, carga_suspeita: false },
        { exercicio_id: ana.newRow, atividade_nome: 'Ana novo remada', troca_de: null, numero: 1, carga: 35, repeticoes: 8, feito_em: anas.latest.series[2]!.feito_em, carga_suspeita: false },
      ],
      trocas: [],
      como_foi: null,
      incompleta: false,
    });
    expect(page.results[2]).toMatchObject({ treino_id: ana.oldWorkout, treino_titulo: 'Ana antigo treino A' });

    const brunosPage = await read(bruno.token);
    expect(brunosPage).toMatchObject({ page: 0, size: 50, total: 2 });
    expect(brunosPage.results.map((session) => session.id)).toEqual([brunos[1]!.id, brunos[0]!.id]);
    expect(JSON.stringify(brunosPage)).not.toContain('Ana');
  });

  it('pages them: the total with every page, an empty page past the end, a bad size named', async () => {
    const carla = await clientWithTwoPlans(ctx, 'Carla');
    const starts = ['2026-04-01T10:00:00.000Z', '2026-04-08T10:00:00.000Z', '2026-04-03T10:00:00.000Z', '2026-04-06T10:00:00.000Z', '2026-04-02T10:00:00.000Z'];
    for (const start of starts) await createSession(ctx.db, carla.id, carla.newWorkout, sessionAt(start, [[carla.newBench, 20, 10]]));
    const newestFirst = [...starts].sort().reverse();

    const first = await read(carla.token, `${URL}?size=2`);
    expect(first).toMatchObject({ page: 0, size: 2, total: 5 });
    expect(first.results.map((session) => session.iniciado_em)).toEqual(newestFirst.slice(0, 2));
    const second = await read(carla.token, `${URL}?page=1&size=2`);
    expect(second).toMatchObject({ page: 1, size: 2, total: 5 });
    expect(second.results.map((session) => session.iniciado_em)).toEqual(newestFirst.slice(2, 4));
    const last = await read(carla.token, `${URL}?page=2&size=2`);
    expect(last.results.map((session) => session.iniciado_em)).toEqual(newestFirst.slice(4));
    expect(await read(carla.token, `${URL}?page=3&size=2`)).toEqual({ results: [], page: 3, size: 2, total: 5 });

    expectBadField(await call(ctx.app, 'GET', `${URL}?size=0`, { token: carla.token }), 'size');
    expectBadField(await call(ctx.app, 'GET', `${URL}?size=101`, { token: carla.token }), 'size');
    expectBadField(await call(ctx.app, 'GET', `${URL}?page=-1`, { token: carla.token }), 'page');
  });

  it('answers an empty list to a client who has not trained yet, and to an account without a client record', async () => {
    const davi = await signIn(ctx);
    expect(await read(davi.token)).toEqual({ results: [], page: 0, size: 50, total: 0 });

    const bare = await createUser(ctx.db, { email: 'sem-ficha@teste.fit', password: PASSWORD, scryptCost: TEST_SCRYPT_COST });
    const { token } = await login(ctx.app, bare.email);
    expect(await read(token, `${URL}?size=10`)).toEqual({ results: [], page: 0, size: 10, total: 0 });
  });

  it('refuses a staff token (403) and a call without one (401)', async () => {
    const staff = await signInStaff(ctx);
    expectError(await call(ctx.app, 'GET', URL, { token: staff.token }), 403);
    expectError(await call(ctx.app, 'GET', URL), 401);
  });
});
