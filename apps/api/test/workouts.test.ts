import { LOAD_MAX } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { call, createWorkout, exerciseIds, exerciseLoad, expectBadField, sampleWorkout, signIn, useTestApp } from './helper.js';

describe('workouts', () => {
  const ctx = useTestApp();

  /** A signed-in client with two workouts (stored out of display order) and the exercises of the first. */
  async function clientWithWorkouts() {
    const client = await signIn(ctx);
    const evaluationId = client.evaluationId!;
    const second = await createWorkout(ctx.db, evaluationId, { titulo: 'Treino B', dias: ['TERÇA', 'SÁBADO'], exercises: [] }, 1);
    const first = await createWorkout(ctx.db, evaluationId, sampleWorkout('Teste'), 0);
    return { ...client, evaluationId, workoutIds: [first, second], exerciseIds: await exerciseIds(ctx.db, first) };
  }

  const get = (client: { token: string }, url: string) => call(ctx.app, 'GET', url, { token: client.token });

  describe('GET /api/v1/avaliacoes/{id}/treinos', () => {
    it('answers a page of workouts in display order, with weekday codes', async () => {
      const client = await clientWithWorkouts();
      const response = await get(client, `/api/v1/avaliacoes/${client.evaluationId}/treinos`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        results: [
          { id: client.workoutIds[0], titulo: 'Teste treino A', dias: ['SEGUNDA', 'QUINTA'], observacao: 'Teste observação' },
          { id: client.workoutIds[1], titulo: 'Treino B', dias: ['TERCA', 'SABADO'], observacao: null },
        ],
        page: 0,
        size: 50,
        total: 2,
      });
    });

    it('pages with page and size', async () => {
      const client = await clientWithWorkouts();
      const page = (await get(client, `/api/v1/avaliacoes/${client.evaluationId}/treinos?page=1&size=1`)).json();
      expect(page).toMatchObject({ page: 1, size: 1, total: 2 });
      expect(page.results.map((workout: { id: number }) => workout.id)).toEqual([client.workoutIds[1]]);
    });

    it('answers an empty page for an evaluation without workouts', async () => {
      const client = await signIn(ctx);
      const response = await get(client, `/api/v1/avaliacoes/${client.evaluationId}/treinos`);
      expect(response.json()).toEqual({ results: [], page: 0, size: 50, total: 0 });
    });
  });

  describe('GET /api/v1/treinos/{id}', () => {
    it('answers the workout', async () => {
      const client = await clientWithWorkouts();
      const response = await get(client, `/api/v1/treinos/${client.workoutIds[1]}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: client.workoutIds[1], titulo: 'Treino B', dias: ['TERCA', 'SABADO'], observacao: null });
    });
  });

  describe('GET /api/v1/treinos/{id}/exercicios', () => {
    it('answers a page of exercises, each with its activity', async () => {
      const client = await clientWithWorkouts();
      const response = await get(client, `/api/v1/treinos/${client.workoutIds[0]}/exercicios`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        results: [
          {
            id: client.exerciseIds[0],
            series: 4,
            repeticoes: '10-12',
            carga: 20,
            tempo_descanso: 60,
            observacao: null,
            atividade: { titulo: 'Teste supino', grupo_muscular: 'Peito', video: 'https://youtu.be/supino' },
          },
          {
            id: client.exerciseIds[1],
            series: 3,
            repeticoes: '12',
            carga: null,
            tempo_descanso: 90,
            observacao: 'Cadência lenta',
            atividade: { titulo: 'Teste remada', grupo_muscular: 'Costas', video: null },
          },
        ],
        page: 0,
        size: 50,
        total: 2,
      });
    });

    it('pages with page and size', async () => {
      const client = await clientWithWorkouts();
      const page = (await get(client, `/api/v1/treinos/${client.workoutIds[0]}/exercicios?page=1&size=1`)).json();
      expect(page).toMatchObject({ page: 1, size: 1, total: 2 });
      expect(page.results.map((exercise: { id: number }) => exercise.id)).toEqual([client.exerciseIds[1]]);
    });

    it('answers an empty page for a workout without exercises', async () => {
      const client = await clientWithWorkouts();
      const response = await get(client, `/api/v1/treinos/${client.workoutIds[1]}/exercicios`);
      expect(response.json()).toEqual({ results: [], page: 0, size: 50, total: 0 });
    });
  });

  describe('PUT /api/v1/exercicios/{id}', () => {
    const putLoad = (client: { token: string }, exerciseId: number, payload: unknown) =>
      call(ctx.app, 'PUT', `/api/v1/exercicios/${exerciseId}`, { token: client.token, payload: payload as object });

    it.each([35, 12.5, 0, LOAD_MAX, null])('sets the load to %s and answers the updated exercise', async (carga) => {
      const client = await clientWithWorkouts();
      const exerciseId = client.exerciseIds[0]!;
      const response = await putLoad(client, exerciseId, { carga });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: exerciseId,
        series: 4,
        repeticoes: '10-12',
        carga,
        tempo_descanso: 60,
        observacao: null,
        atividade: { titulo: 'Teste supino', grupo_muscular: 'Peito', video: 'https://youtu.be/supino' },
      });
      const list = (await get(client, `/api/v1/treinos/${client.workoutIds[0]}/exercicios`)).json();
      expect(list.results[0].carga).toBe(carga);
      expect(list.results[1].carga).toBeNull();
    });

    it.each([
      ['negative', { carga: -1 }],
      ['a string', { carga: '30' }],
      ['above the maximum', { carga: LOAD_MAX + 1 }],
      ['missing', {}],
    ])('rejects a load that is %s with 400 naming carga, and changes nothing', async (_case, payload) => {
      const client = await clientWithWorkouts();
      const exerciseId = client.exerciseIds[0]!;
      expectBadField(await putLoad(client, exerciseId, payload), 'carga');
      expect(await exerciseLoad(ctx.db, exerciseId)).toBe(20);
    });
  });
});
