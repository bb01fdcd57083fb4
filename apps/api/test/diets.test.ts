import { describe, expect, it } from 'vitest';
import { call, createDiet, createEvaluation, daysFromToday, expectBadField, sampleDiet, signIn, useTestApp } from './helper.js';

describe('diets', () => {
  const ctx = useTestApp();

  /** A signed-in client whose evaluation has three diets, stored out of display order. */
  async function clientWithDiets() {
    const client = await signIn(ctx);
    const evaluationId = client.evaluationId!;
    const third = await createDiet(ctx.db, evaluationId, { titulo: 'Dia de descanso', is_dia_de_treino: false, meals: [] }, 2);
    const first = await createDiet(ctx.db, evaluationId, sampleDiet('Treino'), 0);
    const second = await createDiet(ctx.db, evaluationId, { titulo: 'Fim de semana', is_dia_de_treino: false, meals: [] }, 1);
    return { ...client, evaluationId, dietIds: [first, second, third] };
  }

  describe('GET /api/v1/avaliacoes/{id}/dietas', () => {
    const listDiets = (client: { token: string; evaluationId: number }, query = '') =>
      call(ctx.app, 'GET', `/api/v1/avaliacoes/${client.evaluationId}/dietas${query}`, { token: client.token });

    it('answers the first page of 50 in display order', async () => {
      const client = await clientWithDiets();
      const response = await listDiets(client);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        results: [
          { id: client.dietIds[0], titulo: 'Treino dieta', is_dia_de_treino: true },
          { id: client.dietIds[1], titulo: 'Fim de semana', is_dia_de_treino: false },
          { id: client.dietIds[2], titulo: 'Dia de descanso', is_dia_de_treino: false },
        ],
        page: 0,
        size: 50,
        total: 3,
      });
    });

    it('pages with page and size', async () => {
      const client = await clientWithDiets();
      const second = (await listDiets(client, '?page=1&size=2')).json();
      expect(second).toMatchObject({ page: 1, size: 2, total: 3 });
      expect(second.results.map((diet: { id: number }) => diet.id)).toEqual([client.dietIds[2]]);

      const beyond = (await listDiets(client, '?page=5&size=2')).json();
      expect(beyond).toEqual({ results: [], page: 5, size: 2, total: 3 });
    });

    it('answers an empty page for an evaluation without diets', async () => {
      const client = await signIn(ctx);
      const response = await listDiets({ token: client.token, evaluationId: client.evaluationId! });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ results: [], page: 0, size: 50, total: 0 });
    });

    it('lists only the diets of the evaluation asked for', async () => {
      const client = await clientWithDiets();
      const otherEvaluation = await createEvaluation(ctx.db, client.id, { plano: 'PRO', data_consulta: daysFromToday(-100), peso: 70, altura: 170, objetivo: 'x' });
      await createDiet(ctx.db, otherEvaluation, { titulo: 'Dieta antiga', is_dia_de_treino: false, meals: [] });
      expect((await listDiets(client)).json().total).toBe(3);
    });

    it.each([
      ['size', '?size=0'],
      ['size', '?size=101'],
      ['page', '?page=-1'],
      ['page', '?page=um'],
    ])('answers 400 naming %s for %s', async (field, query) => {
      const client = await signIn(ctx);
      expectBadField(await listDiets({ token: client.token, evaluationId: client.evaluationId! }, query), field);
    });
  });

  describe('GET /api/v1/dietas/{id}', () => {
    it('answers the diet with its title and training-day flag', async () => {
      const client = await clientWithDiets();
      const response = await call(ctx.app, 'GET', `/api/v1/dietas/${client.dietIds[1]}`, { token: client.token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: client.dietIds[1], titulo: 'Fim de semana', is_dia_de_treino: false });
    });
  });

  describe('GET /api/v1/dietas/{id}/refeicoes', () => {
    const listMeals = (client: { token: string }, dietId: number) =>
      call(ctx.app, 'GET', `/api/v1/dietas/${dietId}/refeicoes`, { token: client.token });

    it('answers a plain array of meals with their options and food groups, in order', async () => {
      const client = await signIn(ctx);
      const dietId = await createDiet(ctx.db, client.evaluationId!, sampleDiet('Teste'));
      const response = await listMeals(client, dietId);
      expect(response.statusCode).toBe(200);

      const meals = response.json();
      expect(meals).toEqual([
        {
          id: expect.any(Number),
          titulo: 'Teste café da manhã',
          posicao: 1,
          is_horario_customizado: false,
          horario_customizado: null,
          horario_inicio: '07:00',
          horario_fim: '08:30',
          opcoes: [
            { id: expect.any(Number), grupos: [{ id: expect.any(Number), descricao: 'Teste ovos' }, { id: expect.any(Number), descricao: 'pão' }] },
            { id: expect.any(Number), grupos: [{ id: expect.any(Number), descricao: 'iogurte' }] },
          ],
        },
        {
          id: expect.any(Number),
          titulo: 'Teste lanche',
          posicao: 2,
          is_horario_customizado: true,
          horario_customizado: '10:15',
          horario_inicio: null,
          horario_fim: null,
          opcoes: [{ id: expect.any(Number), grupos: [{ id: expect.any(Number), descricao: 'Teste fruta' }] }],
        },
      ]);
    });

    it('orders meals by their position, not by when they were stored', async () => {
      const client = await signIn(ctx);
      const dietId = await createDiet(ctx.db, client.evaluationId!, sampleDiet('Ordem'));
      await ctx.db.updateTable('meals').set({ posicao: 9 }).where('diet_id', '=', dietId).where('titulo', '=', 'Ordem café da manhã').execute();
      const titles = (await listMeals(client, dietId)).json().map((meal: { titulo: string }) => meal.titulo);
      expect(titles).toEqual(['Ordem lanche', 'Ordem café da manhã']);
    });

    it('answers an empty array for a diet without meals', async () => {
      const client = await clientWithDiets();
      const response = await listMeals(client, client.dietIds[2]!);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });
  });
});
