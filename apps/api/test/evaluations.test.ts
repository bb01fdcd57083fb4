import { describe, expect, it } from 'vitest';
import { call, createEvaluation, daysFromToday, signIn, useTestApp } from './helper.js';
import { runOnAFixedDay } from './fixed-day.js';

// Expectations name days relative to today (daysFromToday), and so does the server.
runOnAFixedDay();

describe('GET /api/v1/clientes/{userId}/avaliacoes', () => {
  const ctx = useTestApp();

  const listEvaluations = (client: { id: number; token: string }) =>
    call(ctx.app, 'GET', `/api/v1/clientes/${client.id}/avaliacoes`, { token: client.token });

  it('answers the evaluations latest first', async () => {
    const client = await signIn(ctx, { evaluation: null });
    const base = { plano: 'PRO', peso: 80, altura: 180, objetivo: 'Emagrecimento' } as const;
    const middle = await createEvaluation(ctx.db, client.id, { ...base, data_consulta: daysFromToday(-30) });
    const latest = await createEvaluation(ctx.db, client.id, { ...base, data_consulta: daysFromToday(-2) });
    const oldest = await createEvaluation(ctx.db, client.id, { ...base, data_consulta: daysFromToday(-90) });

    const response = await listEvaluations(client);
    expect(response.statusCode).toBe(200);
    expect(response.json().results.map((evaluation: { id: number }) => evaluation.id)).toEqual([latest, middle, oldest]);
  });

  it('answers each evaluation with the fields of the contract', async () => {
    const client = await signIn(ctx, {
      evaluation: { plano: 'BASIC', data_consulta: daysFromToday(-10), peso: 72.5, altura: 168, objetivo: 'Saúde', consumo_ideal_agua: 2750, percentual_gordura: 21.4 },
    });
    const [evaluation] = (await listEvaluations(client)).json().results;
    expect(evaluation).toMatchObject({
      id: client.evaluationId,
      plano: 'BASIC',
      vencimento: daysFromToday(50),
      peso: 72.5,
      altura: 168,
      objetivo: 'Saúde',
      consumo_ideal_agua: 2750,
      percentual_gordura: 21.4,
    });
    expect(evaluation.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    // The consultation's day (stored at noon UTC): an elapsed-time check failed in the first hours after midnight.
    expect(evaluation.created_at.slice(0, 10)).toBe(daysFromToday(-10));
    expect(evaluation).not.toHaveProperty('client_id');
    // Always present: an evaluation without notes or a publisher (an import, a row from before) has null.
    expect(evaluation).toMatchObject({ observacoes: null, profissional: null, dobra_triceps: null });
  });

  it('answers a missing water goal as null', async () => {
    const client = await signIn(ctx);
    const [evaluation] = (await listEvaluations(client)).json().results;
    expect(evaluation.consumo_ideal_agua).toBeNull();
  });

  it('answers an empty list for a client without evaluations', async () => {
    const client = await signIn(ctx, { evaluation: null });
    const response = await listEvaluations(client);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [] });
  });
});
