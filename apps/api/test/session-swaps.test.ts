import { randomUUID } from 'node:crypto';
import { SWAP_NAME_MAX, type ActivityProgress, type HistoryEntry, type Session, type SessionRequest, type TeamSession } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { call, createWorkout, exerciseIds, expectBadField, sampleWorkout, signIn, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';

/**
 * ana with two workouts: 'Sessão' (supino, remada) and 'Troca' (its own supino and remada, other
 * activities of the same muscle groups), so that a swap has somewhere to go.
 */
async function clientWithTwoWorkouts(ctx: TestContext) {
  const client = await signIn(ctx, { nome: 'Ana Troca' });
  const workoutId = await createWorkout(ctx.db, client.evaluationId!, sampleWorkout('Sessão'));
  const otherWorkoutId = await createWorkout(ctx.db, client.evaluationId!, sampleWorkout('Troca'));
  const [supino, remada] = await exerciseIds(ctx.db, workoutId);
  const [otherSupino] = await exerciseIds(ctx.db, otherWorkoutId);
  const activityOf = async (exerciseId: number) =>
    (await ctx.db.selectFrom('exercises').select('activity_id').where('id', '=', exerciseId).executeTakeFirstOrThrow()).activity_id;
  return { ...client, workoutId, supino: supino!, remada: remada!, otherSupino: otherSupino!, otherSupinoActivity: await activityOf(otherSupino!) };
}

type Ana = Awaited<ReturnType<typeof clientWithTwoWorkouts>>;

/** A session of ana's 'Sessão' workout: two sets of supino at `load` and one of remada, with `trocas`. */
function sessionAt(start: string, ana: Ana, load: number, trocas: SessionRequest['trocas'] = []): SessionRequest {
  const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
  return {
    id: randomUUID(),
    iniciado_em: start,
    concluido_em: at(40),
    series: [
      { exercicio_id: ana.supino, numero: 1, carga: load, repeticoes: 10, feito_em: at(5) },
      { exercicio_id: ana.supino, numero: 2, carga: load, repeticoes: 8, feito_em: at(8) },
      { exercicio_id: ana.remada, numero: 1, carga: 30, repeticoes: 12, feito_em: at(15) },
    ],
    trocas,
  };
}

describe('swapping an exercise for a session', () => {
  const ctx = useTestApp();
  const post = (ana: Ana, payload: object) => call(ctx.app, 'POST', `/api/v1/treinos/${ana.workoutId}/sessoes`, { token: ana.token, payload });
  const read = async <T>(token: string, url: string) => {
    const response = await call(ctx.app, 'GET', url, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const history = (ana: Ana, exerciseId: number) => read<HistoryEntry[]>(ana.token, `/api/v1/exercicios/${exerciseId}/historico`);

  it('stores what was done: a library activity or a written name, answered with the swaps named', async () => {
    const ana = await clientWithTwoWorkouts(ctx);
    const session = sessionAt('2026-03-02T10:00:00.000Z', ana, 40, [
      { exercicio_id: ana.supino, atividade_id: ana.otherSupinoActivity },
      { exercicio_id: ana.remada, nome: '  Remada na polia ' },
    ]);
    const response = await post(ana, session);
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json() as Session;
    expect(stored.series).toEqual(session.series);
    expect(stored.trocas).toEqual([
      { exercicio_id: ana.supino, atividade_id: ana.otherSupinoActivity, nome: 'Troca supino' },
      { exercicio_id: ana.remada, atividade_id: null, nome: 'Remada na polia' },
    ]);
    // Sent again, the same session with its swaps.
    const again = await post(ana, session);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(stored);
    expect((await read<{ results: Session[] }>(ana.token, `/api/v1/treinos/${ana.workoutId}/sessoes`)).results).toEqual([stored]);
  });

  it('keeps each history per activity: the swapped sets count for the activity done, not the planned one', async () => {
    const ana = await clientWithTwoWorkouts(ctx);
    const swapped = sessionAt('2026-03-02T10:00:00.000Z', ana, 40, [
      { exercicio_id: ana.supino, atividade_id: ana.otherSupinoActivity },
      { exercicio_id: ana.remada, nome: 'Remada na polia' },
    ]);
    const plain = sessionAt('2026-03-05T10:00:00.000Z', ana, 20);
    for (const session of [swapped, plain]) expect((await post(ana, session)).statusCode).toBe(201);

    // The planned supino's history holds only the session that did it, so 40 kg is no record of it.
    expect(await history(ana, ana.supino)).toEqual([{ sessao_id: plain.id, data: plain.iniciado_em, carga: 20, repeticoes: 10, series: 2, rm_estimado: 26.7 }]);
    expect((await history(ana, ana.remada)).map((entry) => entry.sessao_id)).toEqual([plain.id]);
    // The activity done keeps them, in whichever workout it is planned.
    expect(await history(ana, ana.otherSupino)).toEqual([{ sessao_id: swapped.id, data: swapped.iniciado_em, carga: 40, repeticoes: 10, series: 2, rm_estimado: 53.3 }]);

    // The history screen names each set by what was done, and what it replaced.
    const { results } = await read<{ results: TeamSession[] }>(ana.token, '/api/v1/sessoes');
    const named = results.find((session) => session.id === swapped.id)!;
    expect(named.series.map((set) => [set.atividade_nome, set.troca_de])).toEqual([
      ['Troca supino', 'Sessão supino'],
      ['Troca supino', 'Sessão supino'],
      ['Remada na polia', 'Sessão remada'],
    ]);
    expect(results.find((session) => session.id === plain.id)!.series.every((set) => set.troca_de === null)).toBe(true);

    // The team's progress lines follow the activity done; a written name has none.
    const staff = await signInStaff(ctx);
    const progress = await read<{ results: ActivityProgress[] }>(staff.token, `/api/v1/equipe/clientes/${ana.id}/progresso`);
    const pointsOf = (nome: string) => progress.results.find((activity) => activity.nome === nome)?.pontos.map((point) => point.sessao_id);
    expect(pointsOf('Sessão supino')).toEqual([plain.id]);
    expect(pointsOf('Troca supino')).toEqual([swapped.id]);
    expect(pointsOf('Remada na polia')).toBeUndefined();
  });

  describe('bad swaps: 400 naming the field, nothing stored', () => {
    const cases: [string, (ana: Ana) => object[], string][] = [
      ['an activity and a name', (ana) => [{ exercicio_id: ana.supino, atividade_id: ana.otherSupinoActivity, nome: 'Supino' }], 'trocas.0.atividade_id'],
      ['neither an activity nor a name', (ana) => [{ exercicio_id: ana.supino }], 'trocas.0.atividade_id'],
      ['an activity the library lacks', (ana) => [{ exercicio_id: ana.supino, atividade_id: 999_999 }], 'trocas.0.atividade_id'],
      ['an exercise of another workout', (ana) => [{ exercicio_id: ana.otherSupino, nome: 'Supino' }], 'trocas.0.exercicio_id'],
      ['the same exercise twice', (ana) => [{ exercicio_id: ana.supino, nome: 'A' }, { exercicio_id: ana.supino, nome: 'B' }], 'trocas.1.exercicio_id'],
      ['a blank name', (ana) => [{ exercicio_id: ana.supino, nome: '   ' }], 'trocas.0.nome'],
      ['a name too long', (ana) => [{ exercicio_id: ana.supino, nome: 'x'.repeat(SWAP_NAME_MAX + 1) }], 'trocas.0.nome'],
      ['an unknown field', (ana) => [{ exercicio_id: ana.supino, nome: 'Supino', carga: 10 }], 'trocas.0.carga'],
    ];
    it.each(cases)('%s', async (_name, trocas, field) => {
      const ana = await clientWithTwoWorkouts(ctx);
      const session = sessionAt('2026-03-07T10:00:00.000Z', ana, 20);
      expectBadField(await post(ana, { ...session, trocas: trocas(ana) }), field);
      expect(await ctx.db.selectFrom('workout_sessions').select('id').where('id', '=', session.id).execute()).toEqual([]);
    });
  });
});
