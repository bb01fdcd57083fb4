import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildExercise, buildWorkout, paged } from '../../../testing/factories';
import { apiUrl } from '../../../testing/handlers';
import { server } from '../../../testing/msw-server';
import { signIn } from '../../../testing/test-utils';
import { fetchExercises, fetchWorkout, updateLoad } from './workout-queries';

function answerWorkout(body: JsonBodyType) {
  server.use(http.get(apiUrl('/v1/treinos/7'), () => HttpResponse.json(body)));
}

function answerExercises(body: JsonBodyType) {
  server.use(http.get(apiUrl('/v1/treinos/7/exercicios'), () => HttpResponse.json(body)));
}

/** One exercise as a backend may write it, read through the list. */
async function readExercise(fields: Record<string, unknown>) {
  answerExercises(paged([{ ...buildExercise(), ...fields }]));
  const [exercise] = await fetchExercises(7);
  return exercise;
}

beforeEach(() => signIn());

describe('fetchWorkout', () => {
  it('reads a string id, days in any case and spelling, and drops unknown days', async () => {
    answerWorkout({ ...buildWorkout(), id: '7', dias: ['segunda', 'Terça', 'SÁBADO', 'FERIADO', 3] });

    expect(await fetchWorkout(7)).toEqual(buildWorkout({ id: 7, dias: ['SEGUNDA', 'TERCA', 'SABADO'] }));
  });

  it.each([
    ['missing', undefined],
    ['not text', { texto: 'Aqueça' }],
  ])('reads an observacao that is %s as null', async (_what, observacao) => {
    answerWorkout({ ...buildWorkout({ observacao: 'Aqueça' }), observacao });

    expect((await fetchWorkout(7)).observacao).toBeNull();
  });

  it('ignores fields it does not know', async () => {
    answerWorkout({ ...buildWorkout(), criado_por: { id: 9 } });

    expect(await fetchWorkout(7)).not.toHaveProperty('criado_por');
  });

  it('fails a workout without a usable title', async () => {
    answerWorkout({ ...buildWorkout(), titulo: '  ' });

    await expect(fetchWorkout(7)).rejects.toThrow();
  });
});

describe('fetchExercises', () => {
  it.each([
    ['12', 12, '12'],
    ['10-12', '10-12', '10-12'],
  ])('reads repeticoes %s as text', async (_what, repeticoes, read) => {
    expect((await readExercise({ repeticoes }))?.repeticoes).toBe(read);
  });

  it.each([
    [30, 30],
    ['30', 30],
    ['30,5', 30.5],
    [' 12.5 ', 12.5],
    ['pesado', null],
    [true, null],
    [null, null],
    [undefined, null],
  ])('reads carga %j as %j', async (carga, read) => {
    expect((await readExercise({ carga }))?.carga).toBe(read);
  });

  it('reads ids, series and rest given as numeric text', async () => {
    expect(await readExercise({ id: '101', series: '4', tempo_descanso: '90' })).toMatchObject({
      id: 101,
      series: 4,
      tempo_descanso: 90,
    });
  });

  it('reads a missing or unreadable observacao, video and muscle group as none', async () => {
    const exercise = await readExercise({
      observacao: 42,
      atividade: { titulo: 'Remada baixa', video: { url: 'x' } },
    });

    expect(exercise).toMatchObject({
      observacao: null,
      atividade: { titulo: 'Remada baixa', grupo_muscular: '', video: null },
    });
  });

  it('ignores fields it does not know', async () => {
    const exercise = await readExercise({ ordem: 3, atividade: { ...buildExercise().atividade, equipamento: 'Barra' } });

    expect(exercise).toEqual(buildExercise());
  });

  it('drops the exercises it cannot identify or show, and keeps the rest', async () => {
    const { atividade } = buildExercise();
    answerExercises(
      paged([
        buildExercise({ id: 1 }),
        { ...buildExercise(), id: 'abc' },
        { ...buildExercise(), id: undefined },
        { ...buildExercise(), atividade: { ...atividade, titulo: '' } },
        { ...buildExercise(), atividade: null },
        { ...buildExercise(), series: 'muitas' },
        'nada',
        buildExercise({ id: 2 }),
      ]),
    );

    expect((await fetchExercises(7)).map((exercise) => exercise.id)).toEqual([1, 2]);
  });

  it.each([
    ['a list without results', { items: [] }],
    ['results that are not a list', { results: 'none' }],
    ['no body at all', null],
  ])('fails on %s', async (_what, body) => {
    answerExercises(body);

    await expect(fetchExercises(7)).rejects.toThrow();
  });
});

describe('updateLoad', () => {
  it('reads the updated exercise as liberally as the list', async () => {
    server.use(http.put(apiUrl('/v1/exercicios/1'), () => HttpResponse.json({ ...buildExercise(), id: '1', carga: '32,5' })));

    expect(await updateLoad(1, { carga: 32.5 })).toEqual(buildExercise({ carga: 32.5 }));
  });
});
