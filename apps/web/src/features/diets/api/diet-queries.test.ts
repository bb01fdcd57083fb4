import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildDiet, buildMeal } from '../../../testing/factories';
import { apiUrl } from '../../../testing/handlers';
import { server } from '../../../testing/msw-server';
import { signIn } from '../../../testing/test-utils';
import { fetchDiet, fetchMeals } from './diet-queries';

function answerMeals(body: JsonBodyType) {
  server.use(http.get(apiUrl('/v1/dietas/9/refeicoes'), () => HttpResponse.json(body)));
}

/** One meal as a backend may write it. */
async function readMeal(fields: Record<string, unknown>) {
  answerMeals([{ ...buildMeal(), ...fields }]);
  const [meal] = await fetchMeals(9);
  return meal;
}

beforeEach(() => signIn());

describe('fetchDiet', () => {
  it('reads a string id and a 0/1 training-day flag', async () => {
    server.use(http.get(apiUrl('/v1/dietas/9'), () => HttpResponse.json({ id: '9', titulo: 'Plano', is_dia_de_treino: 0, kcal: 1800 })));

    expect(await fetchDiet(9)).toEqual(buildDiet({ id: 9, titulo: 'Plano', is_dia_de_treino: false }));
  });
});

describe('fetchMeals', () => {
  it.each([
    ['07:00', '07:00'],
    ['07:00:00', '07:00'],
    ['07:00:00.000', '07:00'],
    ['7h', null],
    ['25:00', null],
    [700, null],
    [undefined, null],
  ])('reads the time %j as %j', async (time, read) => {
    expect(await readMeal({ horario_inicio: time, horario_fim: time, horario_customizado: time })).toMatchObject({
      horario_inicio: read,
      horario_fim: read,
      horario_customizado: read,
    });
  });

  it("reads posicao as numeric text and is_horario_customizado as 'true' or 1", async () => {
    expect(await readMeal({ posicao: '2', is_horario_customizado: 'true' })).toMatchObject({ posicao: 2, is_horario_customizado: true });
    expect(await readMeal({ is_horario_customizado: 1 })).toMatchObject({ is_horario_customizado: true });
  });

  it('drops the options and groups it cannot read, and keeps the rest', async () => {
    const meal = await readMeal({
      opcoes: [
        { id: '1', grupos: [{ id: 1, descricao: '2 ovos' }, { id: 2 }, { id: 3, descricao: '1 banana', calorias: 90 }] },
        { grupos: [] },
      ],
    });

    expect(meal?.opcoes).toEqual([{ id: 1, grupos: [{ id: 1, descricao: '2 ovos' }, { id: 3, descricao: '1 banana' }] }]);
  });

  it('drops the meals without a usable id or title', async () => {
    answerMeals([buildMeal({ id: 1 }), { ...buildMeal(), id: 'x' }, { ...buildMeal(), titulo: null }, buildMeal({ id: 2 })]);

    expect((await fetchMeals(9)).map((meal) => meal.id)).toEqual([1, 2]);
  });

  it('fails when the answer is not a list', async () => {
    answerMeals({ results: [buildMeal()] });

    await expect(fetchMeals(9)).rejects.toThrow();
  });
});
