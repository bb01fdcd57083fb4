import { randomUUID } from 'node:crypto';
import type { Session, SessionRequest } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import type { Paged, TeamSession } from '@acompanha/contract';
import { call, createWorkout, exerciseIds, expectBadField, expectError, sampleWorkout, signIn, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';

/** A client with a workout of two exercises. */
async function clientWithWorkout(ctx: TestContext) {
  const client = await signIn(ctx);
  const workoutId = await createWorkout(ctx.db, client.evaluationId!, sampleWorkout('Sessão'));
  const [supino, remada] = await exerciseIds(ctx.db, workoutId);
  return { ...client, workoutId, supino: supino!, remada: remada! };
}

/** A session of two sets of the first exercise and one of the second, started at `start`. */
function sessionAt(start: string, exercises: { supino: number; remada: number }, loads = [20, 22.5, 30]): SessionRequest {
  const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
  return {
    id: randomUUID(),
    iniciado_em: start,
    concluido_em: at(40),
    series: [
      { exercicio_id: exercises.supino, numero: 1, carga: loads[0]!, repeticoes: 12, feito_em: at(5) },
      { exercicio_id: exercises.supino, numero: 2, carga: loads[1]!, repeticoes: 10, feito_em: at(8) },
      { exercicio_id: exercises.remada, numero: 1, carga: loads[2]!, repeticoes: 12, feito_em: at(15) },
    ],
    trocas: [],
    como_foi: null,
  };
}

const storedSessions = (ctx: TestContext) => ctx.db.selectFrom('workout_sessions').selectAll().execute();

describe('train-mode sessions', () => {
  const ctx = useTestApp();
  const post = (workoutId: number, token: string, payload: object) => call(ctx.app, 'POST', `/api/v1/treinos/${workoutId}/sessoes`, { token, payload });

  it('stores a session with its sets and answers 201 with it', async () => {
    const ana = await clientWithWorkout(ctx);
    const session = sessionAt('2026-03-02T10:00:00.000Z', ana);
    const response = await post(ana.workoutId, ana.token, session);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ...session, treino_id: ana.workoutId });
  });

  it('answers a session sent again with the stored one (200), never a second', async () => {
    const ana = await clientWithWorkout(ctx);
    const session = sessionAt('2026-03-03T10:00:00.000Z', ana);
    expect((await post(ana.workoutId, ana.token, session)).statusCode).toBe(201);
    const before = (await storedSessions(ctx)).length;

    const again = await post(ana.workoutId, ana.token, session);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...session, treino_id: ana.workoutId });
    // Even with other sets: the id names the session, and the first one sent stands.
    const changed = await post(ana.workoutId, ana.token, { ...session, series: [] });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as Session).series).toHaveLength(3);
    expect(await storedSessions(ctx)).toHaveLength(before);
  });

  it('stores one session when the same one arrives twice at once', async () => {
    const ana = await clientWithWorkout(ctx);
    const session = sessionAt('2026-03-04T10:00:00.000Z', ana);
    const answers = await Promise.all([post(ana.workoutId, ana.token, session), post(ana.workoutId, ana.token, session)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect((await storedSessions(ctx)).filter((row) => row.id === session.id)).toHaveLength(1);
    const sets = await ctx.db.selectFrom('session_sets').selectAll().where('session_id', '=', session.id).execute();
    expect(sets).toHaveLength(3);
  });

  it("answers 404 for another client's workout and stores nothing", async () => {
    const ana = await clientWithWorkout(ctx);
    const bia = await clientWithWorkout(ctx);
    const session = sessionAt('2026-03-05T10:00:00.000Z', ana);
    expectError(await post(ana.workoutId, bia.token, session), 404);
    expect((await storedSessions(ctx)).some((row) => row.id === session.id)).toBe(false);
  });

  it("answers 409 naming the id when the id is another client's or another workout's session", async () => {
    const ana = await clientWithWorkout(ctx);
    const bia = await clientWithWorkout(ctx);
    const session = sessionAt('2026-03-06T10:00:00.000Z', ana);
    await post(ana.workoutId, ana.token, session);
    const reused = await post(bia.workoutId, bia.token, { ...session, series: [] });
    expect(expectError(reused, 409)).toMatchObject({ field: 'id' });
    expect(reused.body).not.toContain(String(ana.supino));
  });

  describe('bad input: 400 naming the field, nothing stored', () => {
    const cases: [string, (session: SessionRequest, ana: Awaited<ReturnType<typeof clientWithWorkout>>) => object, string][] = [
      ['no id', ({ id: _id, ...rest }) => rest, 'id'],
      ['an id that is no UUID', (session) => ({ ...session, id: 'sessao-1' }), 'id'],
      ['a start that is no date-time', (session) => ({ ...session, iniciado_em: 'ontem' }), 'iniciado_em'],
      ['an end before the start', (session) => ({ ...session, concluido_em: '2026-03-07T09:00:00.000Z' }), 'concluido_em'],
      ['a negative load', (session) => ({ ...session, series: [{ ...session.series[0]!, carga: -5 }] }), 'series.0.carga'],
      ['reps as text', (session) => ({ ...session, series: [{ ...session.series[0]!, repeticoes: '12' }] }), 'series.0.repeticoes'],
      ['no reps', (session) => ({ ...session, series: [{ ...session.series[0]!, repeticoes: 0 }] }), 'series.0.repeticoes'],
      ['set 0', (session) => ({ ...session, series: [{ ...session.series[0]!, numero: 0 }] }), 'series.0.numero'],
      ['the same set twice', (session) => ({ ...session, series: [session.series[0], session.series[0]] }), 'series.1.numero'],
      ['an exercise of another workout', (session) => ({ ...session, series: [session.series[0], { ...session.series[1]!, exercicio_id: 999_999 }] }), 'series.1.exercicio_id'],
    ];
    it.each(cases)('%s', async (_name, spoil, field) => {
      const ana = await clientWithWorkout(ctx);
      const session = sessionAt('2026-03-07T10:00:00.000Z', ana);
      expectBadField(await post(ana.workoutId, ana.token, spoil(session, ana)), field);
      expect((await storedSessions(ctx)).some((row) => row.id === session.id)).toBe(false);
    });
  });

  it("lists the client's sessions of a workout, newest first, a page at a time", async () => {
    const ana = await clientWithWorkout(ctx);
    const bia = await signIn(ctx);
    const starts = ['2026-04-01T10:00:00.000Z', '2026-04-08T10:00:00.000Z', '2026-04-03T10:00:00.000Z'];
    for (const start of starts) await post(ana.workoutId, ana.token, sessionAt(start, ana));
    const url = `/api/v1/treinos/${ana.workoutId}/sessoes`;

    const first = await call(ctx.app, 'GET', `${url}?page=0&size=2`, { token: ana.token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 0, size: 2, total: 3 });
    expect((first.json().results as Session[]).map((session) => session.iniciado_em)).toEqual([starts[1], starts[2]]);
    expect((first.json().results as Session[])[0]!.series).toHaveLength(3);
    const second = await call(ctx.app, 'GET', `${url}?page=1&size=2`, { token: ana.token });
    expect((second.json().results as Session[]).map((session) => session.iniciado_em)).toEqual([starts[0]]);

    expectError(await call(ctx.app, 'GET', `${url}?page=0&size=2`, { token: bia.token }), 404);
  });

  it('lists no sessions of a workout not trained yet', async () => {
    const ana = await clientWithWorkout(ctx);
    const response = await call(ctx.app, 'GET', `/api/v1/treinos/${ana.workoutId}/sessoes`, { token: ana.token });
    expect(response.json()).toEqual({ results: [], page: 0, size: 50, total: 0 });
  });

  it("gives an exercise's best set of each session, oldest first, with Epley's estimated one-rep max", async () => {
    const ana = await clientWithWorkout(ctx);
    const later = sessionAt('2026-05-08T10:00:00.000Z', ana, [25, 27.5, 32.5]);
    const earlier = sessionAt('2026-05-01T10:00:00.000Z', ana, [20, 22.5, 30]);
    await post(ana.workoutId, ana.token, later);
    await post(ana.workoutId, ana.token, earlier);

    const response = await call(ctx.app, 'GET', `/api/v1/exercicios/${ana.supino}/historico`, { token: ana.token });
    expect(response.statusCode).toBe(200);
    // 20 × 12 → 28, 22.5 × 10 → 30: the second set is the better one.
    expect(response.json()).toEqual([
      { sessao_id: earlier.id, data: earlier.iniciado_em, carga: 22.5, repeticoes: 10, series: 2, rm_estimado: 30 },
      { sessao_id: later.id, data: later.iniciado_em, carga: 27.5, repeticoes: 10, series: 2, rm_estimado: 36.7 },
    ]);
    const none = await clientWithWorkout(ctx);
    expect((await call(ctx.app, 'GET', `/api/v1/exercicios/${none.supino}/historico`, { token: none.token })).json()).toEqual([]);
  });

  it("picks the best set by the contract's bestSet: of equal one-rep maxes the heavier load, then the more reps, wherever it is", async () => {
    const ana = await clientWithWorkout(ctx);
    /** A session of the given sets of the first exercise, in that order, started at `start`. */
    const setsAt = (start: string, sets: [carga: number, repeticoes: number][]): SessionRequest => ({
      id: randomUUID(),
      iniciado_em: start,
      concluido_em: new Date(Date.parse(start) + 40 * 60_000).toISOString(),
      series: sets.map(([carga, repeticoes], index) => ({
        exercicio_id: ana.supino,
        numero: index + 1,
        carga,
        repeticoes,
        feito_em: new Date(Date.parse(start) + (index + 1) * 60_000).toISOString(),
      })),
    });
    // 30 × 12 and 36 × 5 both → 42: the heavier wins, first or last.
    const heavierLast = setsAt('2026-06-01T10:00:00.000Z', [[30, 12], [36, 5]]);
    const heavierFirst = setsAt('2026-06-08T10:00:00.000Z', [[36, 5], [30, 12], [20, 10]]);
    // 30 × 10 is 40 exactly, 40 × 1 is 40: the heavier again, not the first.
    const single = setsAt('2026-06-15T10:00:00.000Z', [[30, 10], [40, 1]]);
    // Without a load every set's estimate is 0: the most reps.
    const unloaded = setsAt('2026-06-22T10:00:00.000Z', [[0, 10], [0, 15], [0, 12]]);
    for (const session of [heavierLast, heavierFirst, single, unloaded]) expect((await post(ana.workoutId, ana.token, session)).statusCode).toBe(201);

    const response = await call(ctx.app, 'GET', `/api/v1/exercicios/${ana.supino}/historico`, { token: ana.token });

    expect(response.json()).toEqual([
      { sessao_id: heavierLast.id, data: heavierLast.iniciado_em, carga: 36, repeticoes: 5, series: 2, rm_estimado: 42 },
      { sessao_id: heavierFirst.id, data: heavierFirst.iniciado_em, carga: 36, repeticoes: 5, series: 3, rm_estimado: 42 },
      { sessao_id: single.id, data: single.iniciado_em, carga: 40, repeticoes: 1, series: 2, rm_estimado: 40 },
      { sessao_id: unloaded.id, data: unloaded.iniciado_em, carga: 0, repeticoes: 15, series: 3, rm_estimado: 0 },
    ]);
  });
});

describe("'Como foi?', the word after a session", () => {
  const ctx = useTestApp();
  const post = (workoutId: number, token: string, payload: object) => call(ctx.app, 'POST', `/api/v1/treinos/${workoutId}/sessoes`, { token, payload });
  const patch = (id: string, token: string, payload: object) => call(ctx.app, 'PATCH', `/api/v1/sessoes/${id}`, { token, payload });
  const teamSessions = async (clientId: number) => {
    const staff = await signInStaff(ctx);
    const page = await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${clientId}/sessoes`, { token: staff.token });
    expect(page.statusCode).toBe(200);
    return (page.json() as Paged<TeamSession>).results;
  };

  it('goes with the session: trimmed, blank texts are none, where it hurt only when it did; the team reads it with the session marked incomplete', async () => {
    const ana = await clientWithWorkout(ctx);
    const session = sessionAt('2026-03-10T10:00:00.000Z', ana);
    // Stopped after the bench press: the row has no set.
    const stopped = { ...session, series: session.series.filter((set) => set.exercicio_id === ana.supino), como_foi: { esforco: 4, dor: true, dor_local: '  ombro direito ', nota: 'Parei no supino.' } };
    const sent = await post(ana.workoutId, ana.token, stopped);
    expect(sent.statusCode, sent.body).toBe(201);
    expect((sent.json() as Session).como_foi).toEqual({ esforco: 4, dor: true, dor_local: 'ombro direito', nota: 'Parei no supino.' });

    const whole = sessionAt('2026-03-11T10:00:00.000Z', ana);
    expect((await post(ana.workoutId, ana.token, { ...whole, como_foi: { esforco: 2, dor: false, dor_local: 'joelho', nota: '   ' } })).json()).toMatchObject({
      como_foi: { esforco: 2, dor: false, dor_local: null, nota: null },
    });
    const skipped = sessionAt('2026-03-12T10:00:00.000Z', ana);
    const { como_foi: _left, ...fromAnOlderPhone } = skipped;
    expect((await post(ana.workoutId, ana.token, fromAnOlderPhone)).json()).toMatchObject({ como_foi: null });

    const [third, second, first] = await teamSessions(ana.id);
    expect(first).toMatchObject({ id: session.id, incompleta: true, como_foi: { esforco: 4, dor: true, dor_local: 'ombro direito' } });
    expect(second).toMatchObject({ id: whole.id, incompleta: false, como_foi: { esforco: 2, dor: false } });
    expect(third).toMatchObject({ id: skipped.id, incompleta: false, como_foi: null });
  });

  it('is validated: 400 naming the field, and nothing stored', async () => {
    const ana = await clientWithWorkout(ctx);
    const session = sessionAt('2026-03-13T10:00:00.000Z', ana);
    const bad = (como_foi: object) => post(ana.workoutId, ana.token, { ...session, como_foi });
    expectBadField(await bad({ esforco: 6, dor: false }), 'como_foi.esforco');
    expectBadField(await bad({ esforco: 2.5, dor: false }), 'como_foi.esforco');
    expectBadField(await bad({ esforco: 3 }), 'como_foi.dor');
    expectBadField(await bad({ esforco: 3, dor: true, dor_local: 'x'.repeat(121) }), 'como_foi.dor_local');
    expectBadField(await bad({ esforco: 3, dor: false, nota: 'x'.repeat(1001) }), 'como_foi.nota');
    expectBadField(await bad({ esforco: 3, dor: false, humor: 'bom' }), 'como_foi.humor');
    expect((await storedSessions(ctx)).filter((row) => row.id === session.id)).toEqual([]);
  });

  it('is sent afterwards with PATCH by the session’s client only: the same again changes nothing; another client’s session is not found', async () => {
    const ana = await clientWithWorkout(ctx);
    const bruno = await clientWithWorkout(ctx);
    const session = sessionAt('2026-03-14T10:00:00.000Z', ana);
    expect((await post(ana.workoutId, ana.token, session)).statusCode).toBe(201);
    const feedback = { esforco: 5, dor: false, nota: 'Pesado hoje.' };
    const patched = await patch(session.id, ana.token, feedback);
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toEqual({ ...session, treino_id: ana.workoutId, como_foi: { esforco: 5, dor: false, dor_local: null, nota: 'Pesado hoje.' } });
    expect((await patch(session.id, ana.token, feedback)).json()).toEqual(patched.json());
    // The session sent again (a replayed queue) keeps the word given since.
    expect((await post(ana.workoutId, ana.token, session)).json()).toMatchObject({ como_foi: { esforco: 5 } });

    expectError(await patch(session.id, bruno.token, feedback), 404);
    expectError(await patch(randomUUID(), ana.token, feedback), 404);
    expectBadField(await patch(session.id, ana.token, { esforco: 0, dor: false }), 'esforco');
    expectError(await patch('not-a-uuid', ana.token, feedback), 400);
    const staff = await signInStaff(ctx);
    expectError(await patch(session.id, staff.token, feedback), 403);
    expect((await teamSessions(ana.id))[0]!.como_foi).toEqual({ esforco: 5, dor: false, dor_local: null, nota: 'Pesado hoje.' });
  });
});

describe('a load far above its history, flagged as possibly mistyped', () => {
  const ctx = useTestApp();
  const post = (workoutId: number, token: string, payload: object) => call(ctx.app, 'POST', `/api/v1/treinos/${workoutId}/sessoes`, { token, payload });

  it('flags a set over double the best load before it, or over 20 kg more; the first session, and lighter or close loads, never', async () => {
    const ana = await clientWithWorkout(ctx);
    const staff = await signInStaff(ctx);
    // Supino 20 and 22.5 kg, remada 30 kg: the first session has no history.
    const first = sessionAt('2026-04-01T10:00:00.000Z', ana, [20, 22.5, 30]);
    expect((await post(ana.workoutId, ana.token, first)).statusCode).toBe(201);
    // 46 kg is over double 22.5; 52 kg is 22 kg over 30 (not double).
    const typo = sessionAt('2026-04-03T10:00:00.000Z', ana, [25, 46, 52]);
    expect((await post(ana.workoutId, ana.token, typo)).statusCode).toBe(201);
    // Sent late, a session older than the typo compares with what came before it only: 40 kg is 17.5 more than 22.5, 45 is 15 more than 30.
    const late = sessionAt('2026-04-02T10:00:00.000Z', ana, [24, 40, 45]);
    expect((await post(ana.workoutId, ana.token, late)).statusCode).toBe(201);

    const page = await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${ana.id}/sessoes`, { token: staff.token });
    const byId = new Map((page.json() as Paged<TeamSession>).results.map((session) => [session.id, session.series.map((set) => set.carga_suspeita)]));
    expect(byId.get(first.id)).toEqual([false, false, false]);
    expect(byId.get(typo.id)).toEqual([false, true, true]);
    expect(byId.get(late.id)).toEqual([false, false, false]);
  });

  it('compares a swapped exercise with the activity done, and a name the client wrote with nothing', async () => {
    const ana = await clientWithWorkout(ctx);
    const staff = await signInStaff(ctx);
    const { activity_id: benchActivity } = await ctx.db.selectFrom('exercises').select('activity_id').where('id', '=', ana.supino).executeTakeFirstOrThrow();
    const [activity] = await ctx.db.selectFrom('activities').select('id').where('id', '!=', benchActivity).limit(1).execute();
    const swappedTo = sessionAt('2026-04-10T10:00:00.000Z', ana, [20, 20, 30]);
    expect((await post(ana.workoutId, ana.token, { ...swappedTo, trocas: [{ exercicio_id: ana.supino, atividade_id: activity!.id }] })).statusCode).toBe(201);
    // The bench press itself has no history (it was done as another activity): 60 kg is no jump.
    const heavy = sessionAt('2026-04-12T10:00:00.000Z', ana, [60, 60, 30]);
    expect((await post(ana.workoutId, ana.token, heavy)).statusCode).toBe(201);
    // Done as that activity again at 60 kg: three times its 20.
    const again = sessionAt('2026-04-14T10:00:00.000Z', ana, [60, 20, 30]);
    expect((await post(ana.workoutId, ana.token, { ...again, trocas: [{ exercicio_id: ana.supino, atividade_id: activity!.id }] })).statusCode).toBe(201);
    const written = sessionAt('2026-04-16T10:00:00.000Z', ana, [200, 200, 30]);
    expect((await post(ana.workoutId, ana.token, { ...written, trocas: [{ exercicio_id: ana.supino, nome: 'Supino na máquina da academia' }] })).statusCode).toBe(201);

    const page = await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${ana.id}/sessoes`, { token: staff.token });
    const byId = new Map((page.json() as Paged<TeamSession>).results.map((session) => [session.id, session.series.map((set) => set.carga_suspeita)]));
    expect(byId.get(heavy.id)).toEqual([false, false, false]);
    expect(byId.get(again.id)).toEqual([true, false, false]);
    expect(byId.get(written.id)).toEqual([false, false, false]);
  });
});
