import type { PlanDraftAnswer } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { call, createClient, expectBadField, expectError, signIn, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';

const draftUrl = (clientId: number | string) => `/api/v1/equipe/clientes/${clientId}/rascunho`;

/** A plan half written: the editor saves what it holds, checked or not. */
const halfWritten = {
  // The editor's fields as typed: a skinfold with a decimal comma, notes not yet trimmed.
  evaluation: { plano: 'PRO', peso: '', objetivo: 'Hipertrofia', dobra_triceps: '12,5', observacoes: 'Beba mais água.  ' },
  workouts: [{ titulo: 'Treino A', dias: ['SEGUNDA'], exercises: [{ atividade: { titulo: 'Supino' }, series: 0 }] }],
};

async function readDraft(ctx: TestContext, token: string, clientId: number) {
  const response = await call(ctx.app, 'GET', draftUrl(clientId), { token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as PlanDraftAnswer).rascunho;
}

function saveDraft(ctx: TestContext, token: string, clientId: number | string, payload: unknown) {
  return call(ctx.app, 'PUT', draftUrl(clientId), { token, payload: payload as object });
}

describe("a client's plan draft", () => {
  const ctx = useTestApp();

  it('is kept as the editor saves it, incomplete and invalid as it may be, with who saved it last and when', async () => {
    const rafael = await signInStaff(ctx);
    const client = await createClient(ctx.db);
    expect(await readDraft(ctx, rafael.token, client.id)).toBeNull();

    const saved = await saveDraft(ctx, rafael.token, client.id, { plano: halfWritten, avaliacao_base: client.evaluationId });

    expect(saved.statusCode, saved.body).toBe(200);
    const draft = {
      plano: halfWritten,
      avaliacao_base: client.evaluationId,
      editado_por: { id: rafael.id, nome: 'Rafael Costa' },
      editado_em: expect.any(String),
    };
    expect((saved.json() as PlanDraftAnswer).rascunho).toEqual(draft);
    expect(Math.abs(Date.parse((saved.json() as PlanDraftAnswer).rascunho!.editado_em) - Date.now())).toBeLessThan(60_000);
    expect(await readDraft(ctx, rafael.token, client.id)).toEqual(draft);
  });

  it('tells a second team member that a draft exists and who is editing it; whoever saves last holds it', async () => {
    const rafael = await signInStaff(ctx);
    const marina = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Marina Alves');
    const client = await createClient(ctx.db, { evaluation: null });
    expect((await saveDraft(ctx, rafael.token, client.id, { plano: halfWritten, avaliacao_base: null })).statusCode).toBe(200);

    expect(await readDraft(ctx, marina.token, client.id)).toMatchObject({ editado_por: { id: rafael.id, nome: 'Rafael Costa' } });

    const mine = { evaluation: { plano: 'BASIC' }, diets: [] };
    expect((await saveDraft(ctx, marina.token, client.id, { plano: mine, avaliacao_base: null })).statusCode).toBe(200);
    expect(await readDraft(ctx, rafael.token, client.id)).toMatchObject({ plano: mine, avaliacao_base: null, editado_por: { id: marina.id, nome: 'Marina Alves' } });
  });

  it("keeps one draft per client, apart from other clients'", async () => {
    const staff = await signInStaff(ctx);
    const ana = await createClient(ctx.db, { evaluation: null });
    const bruno = await createClient(ctx.db, { evaluation: null });
    await saveDraft(ctx, staff.token, ana.id, { plano: { evaluation: { objetivo: 'Ana' } }, avaliacao_base: null });
    await saveDraft(ctx, staff.token, bruno.id, { plano: { evaluation: { objetivo: 'Bruno' } }, avaliacao_base: null });
    await saveDraft(ctx, staff.token, ana.id, { plano: { evaluation: { objetivo: 'Ana 2' } }, avaliacao_base: null });
    expect((await readDraft(ctx, staff.token, ana.id))!.plano).toEqual({ evaluation: { objetivo: 'Ana 2' } });
    expect((await readDraft(ctx, staff.token, bruno.id))!.plano).toEqual({ evaluation: { objetivo: 'Bruno' } });
    const rows = await ctx.db.selectFrom('plan_drafts').select('client_id').where('client_id', 'in', [ana.id, bruno.id]).execute();
    expect(rows).toHaveLength(2);
  });

  it('is deleted on request (204, and 204 again when there is none)', async () => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: null });
    await saveDraft(ctx, staff.token, client.id, { plano: halfWritten, avaliacao_base: null });
    const remove = () => ctx.app.inject({ method: 'DELETE', url: draftUrl(client.id), headers: { authorization: `Bearer ${staff.token}` } });
    expect((await remove()).statusCode).toBe(204);
    expect(await readDraft(ctx, staff.token, client.id)).toBeNull();
    expect((await remove()).statusCode).toBe(204);
  });

  it('goes with its client', async () => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: null });
    await saveDraft(ctx, staff.token, client.id, { plano: halfWritten, avaliacao_base: null });
    await ctx.db.deleteFrom('clients').where('user_id', '=', client.id).execute();
    expect(await ctx.db.selectFrom('plan_drafts').selectAll().where('client_id', '=', client.id).execute()).toEqual([]);
  });

  it.each([
    [{ avaliacao_base: null }, 'plano'],
    [{ plano: 'rascunho', avaliacao_base: null }, 'plano'],
    [{ plano: [1, 2], avaliacao_base: null }, 'plano'],
    [{ plano: null, avaliacao_base: null }, 'plano'],
    [{ plano: {} }, 'avaliacao_base'],
    [{ plano: {}, avaliacao_base: -1 }, 'avaliacao_base'],
    [{ plano: {}, avaliacao_base: null, autor: 'Outro' }, 'autor'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: null });
    expectBadField(await saveDraft(ctx, staff.token, client.id, payload), field);
    expect(await readDraft(ctx, staff.token, client.id)).toBeNull();
  });

  it('answers 400 naming plano for a draft nested deeper than any plan, and keeps none', async () => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: null });
    // Written as text: making it with JSON.stringify would take the test's own stack.
    const nested = `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: draftUrl(client.id),
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' },
      payload: `{"plano":${nested},"avaliacao_base":null}`,
    });

    expectBadField(saved, 'plano');
    expect(await readDraft(ctx, staff.token, client.id)).toBeNull();
  });

  it("answers 404 for an id that is not a client's, 400 for one that is no id, 403 to a client, 401 without a token", async () => {
    const staff = await signInStaff(ctx);
    const client = await signIn(ctx, { evaluation: null });
    const body = { plano: halfWritten, avaliacao_base: null };
    for (const id of [staff.id, 2_000_000]) {
      expect(expectError(await call(ctx.app, 'GET', draftUrl(id), { token: staff.token }), 404).message).toBe('Cliente não encontrado.');
      expectError(await saveDraft(ctx, staff.token, id, body), 404);
      expectError(await ctx.app.inject({ method: 'DELETE', url: draftUrl(id), headers: { authorization: `Bearer ${staff.token}` } }), 404);
    }
    expectBadField(await call(ctx.app, 'GET', draftUrl('abc'), { token: staff.token }), 'id');
    expectError(await call(ctx.app, 'GET', draftUrl(client.id), { token: client.token }), 403);
    expectError(await saveDraft(ctx, client.token, client.id, body), 403);
    expectError(await ctx.app.inject({ method: 'DELETE', url: draftUrl(client.id), headers: { authorization: `Bearer ${client.token}` } }), 403);
    expectError(await call(ctx.app, 'GET', draftUrl(client.id)), 401);
  });
});
