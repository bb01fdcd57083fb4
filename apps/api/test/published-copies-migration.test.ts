import type { Evaluation } from '@acompanha/contract';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as publishedCopies from '../src/db/migrations/015-published-copies-and-staff-changes.js';
import { call, createUser, signIn, useTestApp } from './helper.js';

async function ok<T>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

describe('migration 015 copies what was published from the values of the day it runs', () => {
  const ctx = useTestApp();

  it("fills each stored exercise's activity and each published evaluation's signature, on both databases", async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as it was before the migration
    const db = ctx.db as unknown as Kysely<any>;
    const rafael = await createUser(ctx.db, { email: 'rafael@equipe.test', roles: ['ROLE_ADMIN', 'ROLE_PERSONAL'], nome: 'Rafael Costa', registro: 'CREF 012345-G/SP' });
    const nameless = await createUser(ctx.db, { email: 'sem.nome@equipe.test', roles: ['ROLE_ADMIN'], nome: null });
    await publishedCopies.down(db);
    const client = await signIn(ctx, { evaluation: null });
    const evaluation = (publishedBy: number | null, createdAt: string) =>
      db
        .insertInto('evaluations')
        .values({ client_id: client.id, plano: 'PRO', vencimento: '2027-01-01', created_at: createdAt, peso: 80, altura: 180, objetivo: 'Força', published_by: publishedBy, published_at: publishedBy && createdAt })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row: { id: number }) => row.id);
    const byRafael = await evaluation(rafael.id, '2026-11-20T12:00:00.000Z');
    const byNameless = await evaluation(nameless.id, '2026-11-21T12:00:00.000Z');
    const imported = await evaluation(null, '2026-11-22T12:00:00.000Z');
    const workout = await db.insertInto('workouts').values({ evaluation_id: imported, titulo: 'Treino A', dias: 'SEGUNDA', posicao: 0 }).returning('id').executeTakeFirstOrThrow();
    const activity = await db.insertInto('activities').values({ titulo: 'Remada', grupo_muscular: 'Costas', video: null }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('exercises').values({ workout_id: workout.id, activity_id: activity.id, posicao: 1, series: 3, repeticoes: '12', tempo_descanso: 60 }).execute();

    await publishedCopies.up(db);

    const copied = await db.selectFrom('exercises').select(['atividade_titulo', 'atividade_grupo_muscular', 'atividade_video']).where('workout_id', '=', workout.id).execute();
    expect(copied).toEqual([{ atividade_titulo: 'Remada', atividade_grupo_muscular: 'Costas', atividade_video: null }]);
    const signed = await db
      .selectFrom('evaluations')
      .select(['id', 'publisher_nome', 'publisher_papel', 'publisher_registro'])
      .where('client_id', '=', client.id)
      .orderBy('id')
      .execute();
    expect(signed).toEqual([
      { id: byRafael, publisher_nome: 'Rafael Costa', publisher_papel: 'ROLE_PERSONAL', publisher_registro: 'CREF 012345-G/SP' },
      { id: byNameless, publisher_nome: null, publisher_papel: 'ROLE_ADMIN', publisher_registro: null },
      { id: imported, publisher_nome: null, publisher_papel: null, publisher_registro: null },
    ]);
    expect((await ok<{ results: Evaluation[] }>(await call(ctx.app, 'GET', `/api/v1/clientes/${client.id}/avaliacoes`, { token: client.token }))).results.map((evaluation) => evaluation.profissional)).toEqual([null, { nome: 'Equipe', papel: 'ROLE_ADMIN', registro: null }, { nome: 'Rafael Costa', papel: 'ROLE_PERSONAL', registro: 'CREF 012345-G/SP' }]);
  });
});
