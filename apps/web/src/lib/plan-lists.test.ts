import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildDiet, buildWorkout, paged } from '../testing/factories';
import { apiUrl } from '../testing/handlers';
import { server } from '../testing/msw-server';
import { signIn } from '../testing/test-utils';
import { fetchDiets, fetchWorkouts } from './plan-lists';

function answer(path: string, body: JsonBodyType) {
  server.use(http.get(apiUrl(path), () => HttpResponse.json(body)));
}

beforeEach(() => signIn());

describe('fetchWorkouts', () => {
  it('drops the workouts without a usable id or title, and keeps the rest', async () => {
    answer(
      '/v1/avaliacoes/1/treinos',
      paged([
        { ...buildWorkout({ id: 1 }), id: '1' },
        { ...buildWorkout(), id: null },
        { ...buildWorkout(), titulo: undefined },
        { ...buildWorkout({ id: 2 }), dias: ['quarta', 'DIA-7'] },
      ]),
    );

    expect(await fetchWorkouts(1)).toEqual([buildWorkout({ id: 1 }), buildWorkout({ id: 2, dias: ['QUARTA'] })]);
  });

  it('fails when the answer has no results', async () => {
    answer('/v1/avaliacoes/1/treinos', [buildWorkout()]);

    await expect(fetchWorkouts(1)).rejects.toThrow();
  });
});

describe('fetchDiets', () => {
  it.each([
    [1, true],
    [0, false],
    ['true', true],
    ['false', false],
    [true, true],
  ])('reads is_dia_de_treino %j as %j', async (flag, read) => {
    answer('/v1/avaliacoes/1/dietas', paged([{ ...buildDiet(), is_dia_de_treino: flag }]));

    expect(await fetchDiets(1)).toEqual([buildDiet({ is_dia_de_treino: read })]);
  });

  it('drops a diet whose kind cannot be read, and keeps the rest', async () => {
    answer('/v1/avaliacoes/1/dietas', paged([{ ...buildDiet({ id: 1 }), is_dia_de_treino: 'talvez' }, buildDiet({ id: 2 })]));

    expect(await fetchDiets(1)).toEqual([buildDiet({ id: 2 })]);
  });
});
