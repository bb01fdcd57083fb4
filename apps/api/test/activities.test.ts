import type { ActivityList, LibraryActivity } from '@acompanha/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { importPlan } from '../src/modules/plans/service.js';
import { runOnAFixedDay } from './fixed-day.js';
import { call, createClient, createWorkout, expectBadField, expectError, signIn, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';

runOnAFixedDay();

const TEAM = '/api/v1/equipe/atividades';
const CLIENT = '/api/v1/atividades';

async function list(ctx: TestContext, token: string, url: string) {
  const response = await call(ctx.app, 'GET', url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ActivityList).results;
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
    expectBadField(await call(ctx.app, 'GET', `${TEAM}?busca=${'a'.repeat(101)}`, { token: staff.token }), 'busca');
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
