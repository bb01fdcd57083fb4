import { randomUUID } from 'node:crypto';
import type { ActivityPage, Evaluation, Exercise, Paged, PlanFile, StaffChangePage, TeamSession, Workout } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { importPlan } from '../src/modules/plans/service.js';
import { runOnAFixedDay } from './fixed-day.js';
import { call, createSession, daysFromToday, expectBadField, expectError, signIn, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';

// Consultation days and the check against today depend on today.
runOnAFixedDay();

const LIBRARY = '/api/v1/equipe/atividades';
const MEMBERS = '/api/v1/equipe/membros';
const CHANGES = '/api/v1/equipe/auditoria';

const SUPINO = { titulo: 'Supino reto', grupo_muscular: 'Peito', video: 'https://youtu.be/supino' };

/** One workout of one exercise, consultation `daysAgo` days before today. */
const planWith = (atividade = SUPINO, daysAgo = 0): PlanFile => ({
  evaluation: { plano: 'PRO', data_consulta: daysFromToday(-daysAgo), peso: 80, altura: 180, objetivo: 'Força' },
  diets: [],
  workouts: [{ titulo: 'Treino A', dias: ['SEGUNDA', 'QUINTA'], exercises: [{ atividade, series: 4, repeticoes: '10-12', tempo_descanso: 60 }] }],
});

async function ok<T>(response: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

/** What the client reads of their latest plan's exercises, and what the team reads of that plan. */
async function readPlan(ctx: TestContext, client: { id: number; token: string }, staffToken: string, evaluationId: number) {
  const workouts = await ok<Paged<Workout>>(await call(ctx.app, 'GET', `/api/v1/avaliacoes/${evaluationId}/treinos`, { token: client.token }));
  const exercises = await ok<Paged<Exercise>>(await call(ctx.app, 'GET', `/api/v1/treinos/${workouts.results[0]!.id}/exercicios`, { token: client.token }));
  const team = await ok<PlanFile>(await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${client.id}/planos/${evaluationId}`, { token: staffToken }));
  return { client: exercises.results.map((exercise) => exercise.atividade), team: team.workouts[0]!.exercises.map((exercise) => exercise.atividade) };
}

async function publish(ctx: TestContext, token: string, clientId: number, plano: PlanFile, avaliacao_base: number | null = null) {
  const summary = await ok<{ id: number }>(await call(ctx.app, 'POST', `/api/v1/equipe/clientes/${clientId}/planos`, { token, payload: { plano, avaliacao_base } }), 201);
  return summary.id;
}

const libraryEntry = async (ctx: TestContext, token: string, titulo: string) =>
  (await ok<ActivityPage>(await call(ctx.app, 'GET', `${LIBRARY}?busca=${encodeURIComponent(titulo)}`, { token }))).results.find((activity) => activity.titulo === titulo)!;

const signatures = async (ctx: TestContext, client: { id: number; token: string }) =>
  (await ok<{ results: Evaluation[] }>(await call(ctx.app, 'GET', `/api/v1/clientes/${client.id}/avaliacoes`, { token: client.token }))).results.map(
    (evaluation) => evaluation.profissional,
  );

describe('a published plan reads as it was published', () => {
  const ctx = useTestApp();

  it("keeps each exercise's activity as published when the library's activity is edited afterwards", async () => {
    const rafael = await signInStaff(ctx);
    const client = await signIn(ctx, { evaluation: null });
    const evaluationId = await publish(ctx, rafael.token, client.id, planWith());
    const published = await readPlan(ctx, client, rafael.token, evaluationId);
    expect(published.client).toEqual([SUPINO]);
    const workouts = await ok<Paged<Workout>>(await call(ctx.app, 'GET', `/api/v1/avaliacoes/${evaluationId}/treinos`, { token: client.token }));
    const [exercise] = (await ok<Paged<Exercise>>(await call(ctx.app, 'GET', `/api/v1/treinos/${workouts.results[0]!.id}/exercicios`, { token: client.token }))).results;
    await createSession(ctx.db, client.id, workouts.results[0]!.id, {
      id: randomUUID(),
      iniciado_em: `${daysFromToday(0)}T10:00:00.000Z`,
      concluido_em: `${daysFromToday(0)}T10:40:00.000Z`,
      series: [{ exercicio_id: exercise!.id, numero: 1, carga: 40, repeticoes: 10, feito_em: `${daysFromToday(0)}T10:05:00.000Z` }],
      trocas: [],
    });
    const sessionNames = async () =>
      (await ok<Paged<TeamSession>>(await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${client.id}/sessoes`, { token: rafael.token }))).results.flatMap((session) =>
        session.series.map((set) => set.atividade_nome),
      );
    expect(await sessionNames()).toEqual(['Supino reto']);

    const supino = await libraryEntry(ctx, rafael.token, 'Supino reto');
    await ok(await call(ctx.app, 'PUT', `${LIBRARY}/${supino.id}`, { token: rafael.token, payload: { titulo: 'Supino inclinado', grupo_muscular: 'Peitoral', video: 'https://youtu.be/outro' } }));

    expect(await readPlan(ctx, client, rafael.token, evaluationId)).toEqual(published);
    // A session done of the exercise is named as its plan names it.
    expect(await sessionNames()).toEqual(['Supino reto']);
    // The library itself reads the edit, for the plans published from now on.
    expect(await libraryEntry(ctx, rafael.token, 'Supino inclinado')).toEqual({ id: supino.id, titulo: 'Supino inclinado', grupo_muscular: 'Peitoral', video: 'https://youtu.be/outro' });
  });

  it('keeps the same for a plan stored by plan:import', async () => {
    const rafael = await signInStaff(ctx);
    const client = await signIn(ctx, { evaluation: null });
    const crucifixo = { titulo: 'Crucifixo', grupo_muscular: 'Peito', video: 'https://youtu.be/crucifixo' };
    const { evaluationId } = await importPlan(ctx.db, client.id, planWith(crucifixo, 2));
    const imported = await readPlan(ctx, client, rafael.token, evaluationId);

    const entry = await libraryEntry(ctx, rafael.token, 'Crucifixo');
    await ok(await call(ctx.app, 'PUT', `${LIBRARY}/${entry.id}`, { token: rafael.token, payload: { titulo: 'Crucifixo reto', grupo_muscular: 'Peito' } }));

    expect(await readPlan(ctx, client, rafael.token, evaluationId)).toEqual(imported);
    expect(imported.client).toEqual([crucifixo]);
  });

  it("keeps the evaluation's signature as published when the publisher's registration changes afterwards, on the client's and the team's reads", async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const rafael = await signInStaff(ctx);
    await ok(await call(ctx.app, 'PATCH', `${MEMBERS}/${rafael.id}`, { token: admin.token, payload: { registro: 'CREF 012345-G/SP' } }));
    const client = await signIn(ctx, { evaluation: null });
    const first = await publish(ctx, rafael.token, client.id, planWith(SUPINO, 3));
    const signed = { nome: 'Rafael Costa', papel: 'ROLE_PERSONAL', registro: 'CREF 012345-G/SP' };
    expect(await signatures(ctx, client)).toEqual([signed]);

    await ok(await call(ctx.app, 'PATCH', `${MEMBERS}/${rafael.id}`, { token: admin.token, payload: { registro: 'CREF 999999-G/RJ' } }));
    await publish(ctx, rafael.token, client.id, planWith(), first);

    // The new evaluation signs with the new registration; the one before stays as it was signed.
    expect(await signatures(ctx, client)).toEqual([{ ...signed, registro: 'CREF 999999-G/RJ' }, signed]);
    const team = await ok<{ results: Evaluation[] }>(await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${client.id}/avaliacoes`, { token: admin.token }));
    expect(team.results.map((evaluation) => evaluation.profissional)).toEqual([signed, { ...signed, registro: 'CREF 999999-G/RJ' }]);
  });
});

describe('staff changes are recorded with who and when, for administrators', () => {
  const ctx = useTestApp();

  const changes = async (token: string, query = '') => ok<StaffChangePage>(await call(ctx.app, 'GET', `${CHANGES}${query}`, { token }));

  it('records an activity created and edited, a registration changed and an account disabled, newest first', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const rafael = await signInStaff(ctx);
    const marina = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Marina Alves');

    const created = await ok<{ id: number }>(await call(ctx.app, 'POST', LIBRARY, { token: rafael.token, payload: { titulo: 'Voador', grupo_muscular: 'Peito' } }), 201);
    await ok(await call(ctx.app, 'PUT', `${LIBRARY}/${created.id}`, { token: marina.token, payload: { titulo: 'Voador', grupo_muscular: 'Peito', video: 'https://youtu.be/voador' } }));
    // Saving it unchanged changes nothing, and records nothing.
    await ok(await call(ctx.app, 'PUT', `${LIBRARY}/${created.id}`, { token: marina.token, payload: { titulo: 'Voador', grupo_muscular: 'Peito', video: 'https://youtu.be/voador' } }));
    await ok(await call(ctx.app, 'PATCH', `${MEMBERS}/${rafael.id}`, { token: admin.token, payload: { registro: 'CREF 012345-G/SP' } }));
    await ok(await call(ctx.app, 'PATCH', `${MEMBERS}/${rafael.id}`, { token: admin.token, payload: { registro: 'CREF 012345-G/SP' } }));
    await ok(await call(ctx.app, 'POST', `${MEMBERS}/${marina.id}/desativar`, { token: admin.token }));
    // Disabling it again keeps the first time, and records nothing more.
    await ok(await call(ctx.app, 'POST', `${MEMBERS}/${marina.id}/desativar`, { token: admin.token }));

    const page = await changes(admin.token);
    const when = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
    expect(page).toEqual({
      page: 0,
      size: 50,
      total: 4,
      results: [
        { id: expect.any(Number), tipo: 'CONTA_DESATIVADA', feito_por: { id: admin.id, nome: 'Helena Prado' }, feito_em: when, alvo_id: marina.id, antes: null, depois: null },
        {
          id: expect.any(Number),
          tipo: 'REGISTRO_ALTERADO',
          feito_por: { id: admin.id, nome: 'Helena Prado' },
          feito_em: when,
          alvo_id: rafael.id,
          antes: { registro: null },
          depois: { registro: 'CREF 012345-G/SP' },
        },
        {
          id: expect.any(Number),
          tipo: 'ATIVIDADE_EDITADA',
          feito_por: { id: marina.id, nome: 'Marina Alves' },
          feito_em: when,
          alvo_id: created.id,
          antes: { titulo: 'Voador', grupo_muscular: 'Peito', video: null },
          depois: { titulo: 'Voador', grupo_muscular: 'Peito', video: 'https://youtu.be/voador' },
        },
        {
          id: expect.any(Number),
          tipo: 'ATIVIDADE_CRIADA',
          feito_por: { id: rafael.id, nome: 'Rafael Costa' },
          feito_em: when,
          alvo_id: created.id,
          antes: null,
          depois: { titulo: 'Voador', grupo_muscular: 'Peito', video: null },
        },
      ],
    });
    expect(page.results.map((change) => change.id)).toEqual(page.results.map((change) => change.id).toSorted((a, b) => b - a));
    expect(await changes(admin.token, '?page=1&size=3')).toMatchObject({ page: 1, size: 3, total: 4, results: [page.results[3]] });
  });

  it('records an activity merged into another and one retired, with who did it and what it was', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const rafael = await signInStaff(ctx);
    const add = async (titulo: string) => ok<{ id: number }>(await call(ctx.app, 'POST', LIBRARY, { token: rafael.token, payload: { titulo, grupo_muscular: 'Costas' } }), 201);
    const [merged, kept, retired] = [await add('Remada curvada com barra'), await add('Remada curvada'), await add('Remada cavalinho')];

    await ok(await call(ctx.app, 'POST', `${LIBRARY}/${merged.id}/mesclar`, { token: rafael.token, payload: { atividade_id: kept.id } }));
    expect((await call(ctx.app, 'DELETE', `${LIBRARY}/${retired.id}`, { token: rafael.token })).statusCode).toBe(204);

    const [retiring, merging] = (await changes(admin.token)).results;
    const by = { id: rafael.id, nome: 'Rafael Costa' };
    expect(retiring).toMatchObject({ tipo: 'ATIVIDADE_RETIRADA', feito_por: by, alvo_id: retired.id, antes: { titulo: 'Remada cavalinho', grupo_muscular: 'Costas', video: null }, depois: null });
    expect(merging).toMatchObject({
      tipo: 'ATIVIDADE_MESCLADA',
      feito_por: by,
      alvo_id: kept.id,
      antes: { titulo: 'Remada curvada com barra', grupo_muscular: 'Costas', video: null },
      depois: { titulo: 'Remada curvada', grupo_muscular: 'Costas', video: null },
    });
  });

  it('records an account re-enabled by the administrator who did it, once', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const marina = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Marina Alves');
    await ok(await call(ctx.app, 'POST', `${MEMBERS}/${marina.id}/desativar`, { token: admin.token }));
    await ok(await call(ctx.app, 'POST', `${MEMBERS}/${marina.id}/reativar`, { token: admin.token }));
    // Re-enabling an active account changes nothing, and records nothing.
    await ok(await call(ctx.app, 'POST', `${MEMBERS}/${marina.id}/reativar`, { token: admin.token }));

    const about = (await changes(admin.token)).results.filter((change) => change.tipo.startsWith('CONTA_') && change.alvo_id === marina.id);
    expect(about).toEqual([
      { id: expect.any(Number), tipo: 'CONTA_REATIVADA', feito_por: { id: admin.id, nome: 'Helena Prado' }, feito_em: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), alvo_id: marina.id, antes: null, depois: null },
      expect.objectContaining({ tipo: 'CONTA_DESATIVADA', alvo_id: marina.id }),
    ]);
  });

  it('records nothing for a refused change', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const before = (await changes(admin.token)).total;
    expectError(await call(ctx.app, 'PUT', `${LIBRARY}/999999`, { token: admin.token, payload: { titulo: 'X', grupo_muscular: 'Y' } }), 404);
    expectError(await call(ctx.app, 'PATCH', `${MEMBERS}/999999`, { token: admin.token, payload: { registro: 'CREF 1' } }), 404);
    expectBadField(await call(ctx.app, 'POST', `${MEMBERS}/${admin.id}/desativar`, { token: admin.token }), 'id');
    expectError(await call(ctx.app, 'POST', `${MEMBERS}/999999/reativar`, { token: admin.token }), 404);
    expect((await changes(admin.token)).total).toBe(before);
  });

  it('answers 403 to a personal trainer, a nutritionist and a client, 401 without a token, and 400 naming a bad page', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    for (const caller of [await signInStaff(ctx), await signInStaff(ctx, ['ROLE_NUTRICIONISTA']), await signIn(ctx)]) {
      expectError(await call(ctx.app, 'GET', CHANGES, { token: caller.token }), 403);
    }
    expectError(await call(ctx.app, 'GET', CHANGES), 401);
    expectBadField(await call(ctx.app, 'GET', `${CHANGES}?size=101`, { token: admin.token }), 'size');
    expectBadField(await call(ctx.app, 'GET', `${CHANGES}?page=-1`, { token: admin.token }), 'page');
  });
});
