import { LIBRARY_MAX, PAGE_SIZE, PUBLISH_NEW_ACTIVITIES_MAX, type ActivityPage, type InvalidPlanBody, type LibraryActivity, type PlanFile } from '@acompanha/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertActivity } from '../src/modules/activities/repository.js';
import { importPlan } from '../src/modules/plans/service.js';
import { runOnAFixedDay } from './fixed-day.js';
import { call, createClient, createWorkout, exerciseIds, expectBadField, expectError, signIn, signInWithPlan, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';

runOnAFixedDay();

const TEAM = '/api/v1/equipe/atividades';
const CLIENT = '/api/v1/atividades';

async function list(ctx: TestContext, token: string, url: string) {
  const response = await call(ctx.app, 'GET', url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ActivityPage).results;
}

const titles = (activities: LibraryActivity[]) => activities.map((activity) => activity.titulo);

describe('the activity library', () => {
  const ctx = useTestApp();
  let staff: { token: string };
  let client: { token: string };

  beforeAll(async () => {
    staff = await signInStaff(ctx);
    client = await signIn(ctx);
    const owner = await createClient(ctx.db);
    await createWorkout(ctx.db, owner.evaluationId!, {
      titulo: 'Biblioteca',
      dias: ['SEGUNDA'],
      exercises: [
        ['Supino reto', 'Peito', 'https://youtu.be/supino'],
        ['Elevação lateral', 'Ombros', null],
        ['agachamento livre', 'Pernas', 'https://youtu.be/agachamento'],
        ['Abdominal prancha', 'Abdômen', null],
        ['Crucifixo', 'Peito', null],
      ].map(([titulo, grupo_muscular, video]) => ({ atividade: { titulo: titulo!, grupo_muscular: grupo_muscular!, video }, series: 3, repeticoes: '10', tempo_descanso: 60 })),
    });
  });

  it('lists every activity by title as Brazilian Portuguese sorts it, with its id, muscle group and video, to the team and to clients alike', async () => {
    const team = await list(ctx, staff.token, TEAM);
    expect(titles(team)).toEqual(['Abdominal prancha', 'agachamento livre', 'Crucifixo', 'Elevação lateral', 'Supino reto']);
    expect(team.find((activity) => activity.titulo === 'Supino reto')).toEqual({
      id: expect.any(Number),
      titulo: 'Supino reto',
      grupo_muscular: 'Peito',
      video: 'https://youtu.be/supino',
    });
    expect(await list(ctx, client.token, CLIENT)).toEqual(team);
  });

  it('searches title and muscle group blind to case and accents, and filters by a whole muscle group', async () => {
    expect(titles(await list(ctx, staff.token, `${TEAM}?busca=elevacao`))).toEqual(['Elevação lateral']);
    expect(titles(await list(ctx, staff.token, `${TEAM}?busca=ABDOMEN`))).toEqual(['Abdominal prancha']);
    expect(titles(await list(ctx, staff.token, `${TEAM}?busca=peit`))).toEqual(['Crucifixo', 'Supino reto']);
    expect(titles(await list(ctx, client.token, `${CLIENT}?grupo_muscular=peito`))).toEqual(['Crucifixo', 'Supino reto']);
    expect(titles(await list(ctx, staff.token, `${TEAM}?grupo_muscular=Peito&busca=SUPINO`))).toEqual(['Supino reto']);
    // A whole group, not a part of one.
    expect(await list(ctx, staff.token, `${TEAM}?grupo_muscular=pei`)).toEqual([]);
    expect(await list(ctx, staff.token, `${TEAM}?busca=nada%20disso`)).toEqual([]);
  });

  it('answers 400 naming the field for a search too long', async () => {
    expectBadField(await call(ctx.app, 'GET', `${TEAM}?busca=${'a'.repeat(121)}`, { token: staff.token }), 'busca');
  });

  it("adds an activity the next import's exercise of the same title, muscle group and video then names", async () => {
    const response = await call(ctx.app, 'POST', TEAM, {
      token: staff.token,
      payload: { titulo: '  Remada curvada ', grupo_muscular: 'Costas', video: 'https://www.youtube.com/watch?v=remada' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as LibraryActivity;
    expect(created).toEqual({ id: expect.any(Number), titulo: 'Remada curvada', grupo_muscular: 'Costas', video: 'https://www.youtube.com/watch?v=remada' });
    expect(await list(ctx, client.token, `${CLIENT}?busca=remada`)).toEqual([created]);

    const owner = await createClient(ctx.db, { evaluation: null });
    const { evaluationId } = await importPlan(ctx.db, owner.id, {
      evaluation: { plano: 'PRO', peso: 70, altura: 170, objetivo: 'Força' },
      diets: [],
      workouts: [
        {
          titulo: 'A',
          dias: ['TERCA'],
          exercises: [{ atividade: { titulo: 'Remada curvada', grupo_muscular: 'Costas', video: 'https://www.youtube.com/watch?v=remada' }, series: 3, repeticoes: '10', tempo_descanso: 60 }],
        },
      ],
    });
    const exercise = await ctx.db
      .selectFrom('exercises')
      .innerJoin('workouts', 'workouts.id', 'exercises.workout_id')
      .select('exercises.activity_id')
      .where('workouts.evaluation_id', '=', evaluationId)
      .executeTakeFirstOrThrow();
    expect(exercise.activity_id).toBe(created.id);
  });

  it('adds an activity without a video, and one of a title already known with another video', async () => {
    const first = await call(ctx.app, 'POST', TEAM, { token: staff.token, payload: { titulo: 'Prancha lateral', grupo_muscular: 'Abdômen' } });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ video: null });
    const second = await call(ctx.app, 'POST', TEAM, {
      token: staff.token,
      payload: { titulo: 'Prancha lateral', grupo_muscular: 'Abdômen', video: 'https://youtu.be/prancha' },
    });
    expect(second.statusCode, second.body).toBe(201);
  });

  it('refuses an activity whose title, muscle group and video an activity already has: 409 naming titulo', async () => {
    const body = expectError(
      await call(ctx.app, 'POST', TEAM, { token: staff.token, payload: { titulo: 'Supino reto', grupo_muscular: 'Peito', video: 'https://youtu.be/supino' } }),
      409,
    );
    expect(body.field).toBe('titulo');
    expectError(await call(ctx.app, 'POST', TEAM, { token: staff.token, payload: { titulo: 'Crucifixo', grupo_muscular: 'Peito', video: null } }), 409);
  });

  it.each([
    [{ titulo: ' ', grupo_muscular: 'Peito' }, 'titulo'],
    [{ grupo_muscular: 'Peito' }, 'titulo'],
    [{ titulo: 'Voador', grupo_muscular: '' }, 'grupo_muscular'],
    [{ titulo: 'Voador', grupo_muscular: 'Peito', video: 'youtu.be/voador' }, 'video'],
    [{ titulo: 'Voador', grupo_muscular: 'Peito', video: 'javascript:alert(1)' }, 'video'],
    [{ titulo: 'Voador', grupo_muscular: 'Peito', video: 'ftp://videos.example/voador' }, 'video'],
    [{ titulo: 'Voador', grupo_muscular: 'Peito', id: 3 }, 'id'],
  ])('answers 400 naming the field for %j, as plan:import refuses it', async (payload, field) => {
    expectBadField(await call(ctx.app, 'POST', TEAM, { token: staff.token, payload }), field);
  });

  it('edits an activity, for every exercise that names it; 404 for an unknown one, 409 when it would match another', async () => {
    const [crucifixo] = await list(ctx, staff.token, `${TEAM}?busca=crucifixo`);
    const edited = await call(ctx.app, 'PUT', `${TEAM}/${crucifixo!.id}`, {
      token: staff.token,
      payload: { titulo: 'Crucifixo reto', grupo_muscular: 'Peito', video: 'https://youtu.be/crucifixo' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ id: crucifixo!.id, titulo: 'Crucifixo reto', grupo_muscular: 'Peito', video: 'https://youtu.be/crucifixo' });
    // Saving it unchanged is no conflict with itself.
    const same = await call(ctx.app, 'PUT', `${TEAM}/${crucifixo!.id}`, {
      token: staff.token,
      payload: { titulo: 'Crucifixo reto', grupo_muscular: 'Peito', video: 'https://youtu.be/crucifixo' },
    });
    expect(same.statusCode, same.body).toBe(200);

    expect(
      expectError(
        await call(ctx.app, 'PUT', `${TEAM}/${crucifixo!.id}`, { token: staff.token, payload: { titulo: 'Supino reto', grupo_muscular: 'Peito', video: 'https://youtu.be/supino' } }),
        409,
      ).field,
    ).toBe('titulo');
    expectError(await call(ctx.app, 'PUT', `${TEAM}/999999`, { token: staff.token, payload: { titulo: 'X', grupo_muscular: 'Y' } }), 404);
    expectBadField(await call(ctx.app, 'PUT', `${TEAM}/abc`, { token: staff.token, payload: { titulo: 'X', grupo_muscular: 'Y' } }), 'id');
    expectBadField(await call(ctx.app, 'PUT', `${TEAM}/${crucifixo!.id}`, { token: staff.token, payload: { titulo: 'X', grupo_muscular: 'Y', video: 'nope' } }), 'video');
  });

  it("answers 403 to a client on the team's routes and to a team member on the client's, 401 without a token", async () => {
    expectError(await call(ctx.app, 'GET', TEAM, { token: client.token }), 403);
    expectError(await call(ctx.app, 'POST', TEAM, { token: client.token, payload: { titulo: 'X', grupo_muscular: 'Y' } }), 403);
    expectError(await call(ctx.app, 'PUT', `${TEAM}/1`, { token: client.token, payload: { titulo: 'X', grupo_muscular: 'Y' } }), 403);
    expectError(await call(ctx.app, 'GET', CLIENT, { token: staff.token }), 403);
    expectError(await call(ctx.app, 'GET', CLIENT), 401);
    expectError(await call(ctx.app, 'GET', TEAM), 401);
  });
});

/** `count` activities named `${prefix} 0001`… in one muscle group, straight into the table as a big library would hold them. */
async function fillLibrary(ctx: TestContext, count: number, prefix = 'Exercício', grupo = 'Costas') {
  const rows = Array.from({ length: count }, (_, index) => ({ titulo: `${prefix} ${String(index).padStart(4, '0')}`, grupo_muscular: grupo, video: null }));
  for (const row of rows) await insertActivity(ctx.db, row);
}

describe('a large activity library', () => {
  const ctx = useTestApp();
  let staff: { token: string };
  let client: { token: string };

  beforeAll(async () => {
    staff = await signInStaff(ctx);
    client = await signIn(ctx);
    await fillLibrary(ctx, 120, 'Remada');
    await insertActivity(ctx.db, { titulo: 'Élan remada', grupo_muscular: 'Ombros', video: null });
  });

  it('answers one page at a time, with the whole count, searched and ordered by the database', async () => {
    const first = await call(ctx.app, 'GET', `${TEAM}?grupo_muscular=costas&size=50`, { token: staff.token });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as ActivityPage;
    expect(page).toMatchObject({ page: 0, size: 50, total: 120 });
    expect(titles(page.results)).toEqual(Array.from({ length: 50 }, (_, index) => `Remada ${String(index).padStart(4, '0')}`));

    const last = (await call(ctx.app, 'GET', `${CLIENT}?grupo_muscular=Costas&page=2&size=50`, { token: client.token })).json() as ActivityPage;
    expect(last).toMatchObject({ page: 2, size: 50, total: 120 });
    expect(titles(last.results)).toEqual(Array.from({ length: 20 }, (_, index) => `Remada ${String(100 + index).padStart(4, '0')}`));

    // Without a page, the first of 50; accents and case count for nothing, in the search and the order.
    const all = (await call(ctx.app, 'GET', `${TEAM}?busca=REMADA`, { token: staff.token })).json() as ActivityPage;
    expect(all).toMatchObject({ page: 0, size: PAGE_SIZE, total: 121 });
    expect(titles(all.results).slice(0, 2)).toEqual(['Élan remada', 'Remada 0000']);
  });

  it('answers 400 naming the field for a page too large, or a search as long as no title can be', async () => {
    expectBadField(await call(ctx.app, 'GET', `${CLIENT}?size=101`, { token: client.token }), 'size');
    expectBadField(await call(ctx.app, 'GET', `${TEAM}?page=-1`, { token: staff.token }), 'page');
    expectBadField(await call(ctx.app, 'GET', `${TEAM}?grupo_muscular=${'a'.repeat(121)}`, { token: staff.token }), 'grupo_muscular');
  });

  it('takes % and _ in a search as themselves', async () => {
    await insertActivity(ctx.db, { titulo: 'Rosca 100%', grupo_muscular: 'Bíceps', video: null });
    expect(titles(((await call(ctx.app, 'GET', `${TEAM}?busca=${encodeURIComponent('0%')}`, { token: staff.token })).json() as ActivityPage).results)).toEqual(['Rosca 100%']);
    expect(((await call(ctx.app, 'GET', `${TEAM}?busca=_`, { token: staff.token })).json() as ActivityPage).total).toBe(0);
  });
});

describe("the library's size", () => {
  const ctx = useTestApp();
  let staff: { token: string };

  beforeAll(async () => {
    staff = await signInStaff(ctx);
  });

  const planAdding = (count: number, prefix: string): PlanFile => ({
    evaluation: { plano: 'PRO', peso: 70, altura: 170, objetivo: 'Força' },
    diets: [],
    workouts: Array.from({ length: Math.ceil(count / 50) }, (_, workout) => ({
      titulo: `Treino ${workout}`,
      dias: ['SEGUNDA'],
      exercises: Array.from({ length: Math.min(50, count - workout * 50) }, (_, index) => ({
        atividade: { titulo: `${prefix} ${workout * 50 + index}`, grupo_muscular: 'Pernas' },
        series: 1,
        repeticoes: '10',
        tempo_descanso: 60,
      })),
    })),
  });

  const publish = async (plan: PlanFile) => {
    const owner = await createClient(ctx.db, { evaluation: null });
    return call(ctx.app, 'POST', `/api/v1/equipe/clientes/${owner.id}/planos`, { token: staff.token, payload: { plano: plan, avaliacao_base: null } });
  };

  it(`refuses a plan that would add more than ${PUBLISH_NEW_ACTIVITIES_MAX} activities to the library, and stores nothing`, async () => {
    const refused = expectError(await publish(planAdding(PUBLISH_NEW_ACTIVITIES_MAX + 1, 'Novo')), 400) as InvalidPlanBody;
    expect(refused.erros).toEqual([{ campo: 'workouts', caminho: ['workouts'], mensagem: `adds ${PUBLISH_NEW_ACTIVITIES_MAX + 1} activities to the library; at most ${PUBLISH_NEW_ACTIVITIES_MAX} may be added at once` }]);
    expect(((await call(ctx.app, 'GET', TEAM, { token: staff.token })).json() as ActivityPage).total).toBe(0);

    const published = await publish(planAdding(PUBLISH_NEW_ACTIVITIES_MAX, 'Novo'));
    expect(published.statusCode, published.body).toBe(201);
    // The same activities again add nothing.
    expect((await publish(planAdding(PUBLISH_NEW_ACTIVITIES_MAX, 'Novo'))).statusCode).toBe(201);
  });

  it(`holds at most ${LIBRARY_MAX} activities: a new one or a plan adding one answer what to do, one naming only known ones is published`, async () => {
    const held = ((await call(ctx.app, 'GET', TEAM, { token: staff.token })).json() as ActivityPage).total;
    await fillLibrary(ctx, LIBRARY_MAX - held - 1, 'Cheio');
    const last = await call(ctx.app, 'POST', TEAM, { token: staff.token, payload: { titulo: 'A última', grupo_muscular: 'Pernas' } });
    expect(last.statusCode, last.body).toBe(201);

    const full = expectError(await call(ctx.app, 'POST', TEAM, { token: staff.token, payload: { titulo: 'Uma a mais', grupo_muscular: 'Pernas' } }), 409);
    expect(full).toMatchObject({ code: 'LibraryFull', message: `A biblioteca já tem ${LIBRARY_MAX.toLocaleString('pt-BR')} atividades. Mescle ou retire as que sobram para adicionar outras.` });
    const refused = expectError(await publish(planAdding(1, 'Outro')), 400) as InvalidPlanBody;
    expect(refused.erros[0]).toEqual({ campo: 'workouts', caminho: ['workouts'], mensagem: `adds 1 activity to a library of ${LIBRARY_MAX} activities, the most it holds; merge or retire some first` });
    expect((await publish(planAdding(3, 'Novo'))).statusCode).toBe(201);
  });
});

describe('merging and retiring activities', () => {
  const ctx = useTestApp();
  let staff: { token: string };
  let client: Awaited<ReturnType<typeof signInWithPlan>>;

  const activityOf = (exerciseId: number) =>
    ctx.db.selectFrom('exercises').select('activity_id').where('id', '=', exerciseId).executeTakeFirstOrThrow().then((row) => row.activity_id);
  const search = async (busca: string) => titles(await list(ctx, staff.token, `${TEAM}?busca=${encodeURIComponent(busca)}`));

  beforeAll(async () => {
    staff = await signInStaff(ctx);
    client = await signInWithPlan(ctx, 'Mescla');
  });

  it("merges a duplicate into the activity that stays: its exercises and swaps name that one, and it leaves the library", async () => {
    const [exerciseId, otherId] = await exerciseIds(ctx.db, client.workoutId);
    const duplicate = await activityOf(exerciseId!);
    const kept = (await call(ctx.app, 'POST', TEAM, { token: staff.token, payload: { titulo: 'Supino reto (certo)', grupo_muscular: 'Peito' } })).json() as LibraryActivity;
    const start = Date.now() - 3_600_000;
    const session = await call(ctx.app, 'POST', `/api/v1/treinos/${client.workoutId}/sessoes`, {
      token: client.token,
      payload: {
        id: crypto.randomUUID(),
        iniciado_em: new Date(start).toISOString(),
        concluido_em: new Date(start + 1_800_000).toISOString(),
        series: [{ exercicio_id: otherId, numero: 1, carga: 20, repeticoes: 10, feito_em: new Date(start + 60_000).toISOString() }],
        trocas: [{ exercicio_id: otherId, atividade_id: duplicate }],
      },
    });
    expect(session.statusCode, session.body).toBe(201);

    const merged = await call(ctx.app, 'POST', `${TEAM}/${duplicate}/mesclar`, { token: staff.token, payload: { atividade_id: kept.id } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toEqual(kept);
    expect(await activityOf(exerciseId!)).toBe(kept.id);
    const swap = await ctx.db.selectFrom('session_swaps').select('activity_id').where('exercise_id', '=', otherId!).executeTakeFirstOrThrow();
    expect(swap.activity_id).toBe(kept.id);
    expect(await ctx.db.selectFrom('activities').select('id').where('id', '=', duplicate).executeTakeFirst()).toBeUndefined();
    expectError(await call(ctx.app, 'POST', `${TEAM}/${duplicate}/mesclar`, { token: staff.token, payload: { atividade_id: kept.id } }), 404);
  });

  it('answers 400 naming atividade_id for itself or an unknown activity, 400 naming id for a bad one, 403 to a client', async () => {
    const { id } = (await call(ctx.app, 'POST', TEAM, { token: staff.token, payload: { titulo: 'Sozinha', grupo_muscular: 'Peito' } })).json() as LibraryActivity;
    expectBadField(await call(ctx.app, 'POST', `${TEAM}/${id}/mesclar`, { token: staff.token, payload: { atividade_id: id } }), 'atividade_id');
    expectBadField(await call(ctx.app, 'POST', `${TEAM}/${id}/mesclar`, { token: staff.token, payload: { atividade_id: 999999 } }), 'atividade_id');
    expectBadField(await call(ctx.app, 'POST', `${TEAM}/${id}/mesclar`, { token: staff.token, payload: {} }), 'atividade_id');
    expectBadField(await call(ctx.app, 'POST', `${TEAM}/abc/mesclar`, { token: staff.token, payload: { atividade_id: id } }), 'id');
    expectError(await call(ctx.app, 'POST', `${TEAM}/${id}/mesclar`, { token: client.token, payload: { atividade_id: id } }), 403);
    expectError(await call(ctx.app, 'DELETE', `${TEAM}/${id}`, { token: client.token }), 403);
  });

  it('retires an activity no plan names for good, and one a plan names from both lists only, until a plan or the team names it again', async () => {
    const unused = (await call(ctx.app, 'POST', TEAM, { token: staff.token, payload: { titulo: 'Voador antigo', grupo_muscular: 'Peito' } })).json() as LibraryActivity;
    expect((await call(ctx.app, 'DELETE', `${TEAM}/${unused.id}`, { token: staff.token })).statusCode).toBe(204);
    expect(await ctx.db.selectFrom('activities').select('id').where('id', '=', unused.id).executeTakeFirst()).toBeUndefined();

    const [, exerciseId] = await exerciseIds(ctx.db, client.workoutId);
    const used = await activityOf(exerciseId!);
    const { titulo, grupo_muscular, video } = (await ctx.db.selectFrom('activities').selectAll().where('id', '=', used).executeTakeFirstOrThrow());
    expect(await search(titulo)).toContain(titulo);
    expect((await call(ctx.app, 'DELETE', `${TEAM}/${used}`, { token: staff.token })).statusCode).toBe(204);
    expect(await search(titulo)).not.toContain(titulo);
    expect(titles(await list(ctx, client.token, `${CLIENT}?busca=${encodeURIComponent(titulo)}`))).not.toContain(titulo);
    // The plan still names it.
    expect(await activityOf(exerciseId!)).toBe(used);
    expectError(await call(ctx.app, 'DELETE', `${TEAM}/${used}`, { token: staff.token }), 404);

    const again = await call(ctx.app, 'POST', TEAM, { token: staff.token, payload: { titulo, grupo_muscular, video } });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ id: used });
    expect(await search(titulo)).toContain(titulo);

    expect((await call(ctx.app, 'DELETE', `${TEAM}/${used}`, { token: staff.token })).statusCode).toBe(204);
    const owner = await createClient(ctx.db, { evaluation: null });
    await importPlan(ctx.db, owner.id, {
      evaluation: { plano: 'PRO', peso: 70, altura: 170, objetivo: 'Força' },
      diets: [],
      workouts: [{ titulo: 'A', dias: ['TERCA'], exercises: [{ atividade: { titulo, grupo_muscular, video }, series: 3, repeticoes: '10', tempo_descanso: 60 }] }],
    });
    expect(await search(titulo)).toContain(titulo);
    expectError(await call(ctx.app, 'DELETE', `${TEAM}/999999`, { token: staff.token }), 404);
  });
});
