import fs from 'node:fs';
import path from 'node:path';
import {
  INVALID_PLAN_CODE,
  NEWER_PLAN_CODE,
  type Evaluation,
  type InvalidPlanBody,
  type NewerPlanBody,
  type PlanDraftAnswer,
  type PlanFile,
  type PlanHistory,
  type PlanSummary,
  type PublishPlanRequest,
} from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { importPlan } from '../src/modules/plans/service.js';
import { runOnAFixedDay } from './fixed-day.js';
import { call, createClient, daysFromToday, expectBadField, expectError, signIn, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';

// Consultation days, vencimentos and the check against today depend on today.
runOnAFixedDay();

const exampleText = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/plan-example.json'), 'utf8');
const example = (): PlanFile => JSON.parse(exampleText);

/** The example plan with fields replaced; `undefined` leaves a field out. */
function exampleWith(edits: [path: (string | number)[], value: unknown][]) {
  const plan = example() as unknown as Record<string, unknown>;
  for (const [keys, value] of edits) {
    let holder = plan as Record<string | number, unknown>;
    for (const key of keys.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
    const last = keys.at(-1)!;
    if (value === undefined) delete holder[last];
    else holder[last] = value;
  }
  return plan;
}

/** A short valid plan: one workout of one exercise, no diet; consultation today. */
const shortPlan = (objetivo = 'Força'): PlanFile => ({
  evaluation: { plano: 'PRO', peso: 80, altura: 180, objetivo },
  diets: [],
  workouts: [
    {
      titulo: 'Treino A',
      dias: ['SEGUNDA', 'QUINTA'],
      exercises: [{ atividade: { titulo: 'Supino reto', grupo_muscular: 'Peito', video: 'https://youtu.be/supino' }, series: 4, repeticoes: '10-12', tempo_descanso: 60 }],
    },
  ],
});

const plans = (clientId: number) => `/api/v1/equipe/clientes/${clientId}/planos`;

function publish(ctx: TestContext, token: string, clientId: number | string, payload: PublishPlanRequest | Record<string, unknown>) {
  return call(ctx.app, 'POST', `/api/v1/equipe/clientes/${clientId}/planos`, { token, payload });
}

async function history(ctx: TestContext, token: string, clientId: number) {
  const response = await call(ctx.app, 'GET', plans(clientId), { token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as PlanHistory).results;
}

const evaluationCount = (ctx: TestContext) =>
  ctx.db
    .selectFrom('evaluations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

describe('publishing a plan from the console', () => {
  const ctx = useTestApp();

  it('makes a new evaluation the client sees at once, exactly as an import does, recording who published it', async () => {
    const rafael = await signInStaff(ctx);
    const client = await signIn(ctx, { evaluation: null });

    const response = await publish(ctx, rafael.token, client.id, { plano: example(), avaliacao_base: null });

    expect(response.statusCode, response.body).toBe(201);
    const published = response.json() as PlanSummary;
    expect(published).toEqual({
      id: expect.any(Number),
      plano: 'ULTIMATE',
      data_consulta: '2026-11-16',
      vencimento: '2027-01-15',
      publicado_em: expect.any(String),
      publicado_por: { id: rafael.id, nome: 'Rafael Costa' },
      dietas: 2,
      treinos: 3,
    });
    expect(Math.abs(Date.parse(published.publicado_em!) - Date.now())).toBeLessThan(60_000);
    const seen = await call(ctx.app, 'GET', `/api/v1/clientes/${client.id}/avaliacoes`, { token: client.token });
    expect((seen.json() as { results: Evaluation[] }).results.map((evaluation) => evaluation.id)).toEqual([published.id]);

    // The plan reads back as the file that made it, as plan:export writes it.
    const read = await call(ctx.app, 'GET', `${plans(client.id)}/${published.id}`, { token: rafael.token });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(example());
  });

  it('fills the consultation day and 60 days of access as an import does', async () => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: null });
    const response = await publish(ctx, staff.token, client.id, { plano: shortPlan(), avaliacao_base: null });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ data_consulta: daysFromToday(0), vencimento: daysFromToday(60), dietas: 0, treinos: 1 });
  });

  it("answers 400 with every error of the plan at its path, with plan:import's messages, and stores nothing", async () => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: null });
    const plan = exampleWith([
      [['evaluation', 'plano'], 'GOLD'],
      [['evaluation', 'altura'], 1.63],
      [['evaluation', 'data_nascimento'], '1994-03-15'],
      [['diets', 1, 'meals', 0, 'horario_inicio'], '8h'],
      [['diets', 0, 'meals', 3, 'horario_inicio'], '16:00'],
      [['diets', 0, 'meals', 1, 'horario_fim'], undefined],
      [['diets', 0, 'meals', 0, 'opcoes', 1, 0], ' '],
      [['workouts', 0, 'dias', 1], 'QUINTAFEIRA'],
      [['workouts', 0, 'exercises', 0, 'carga'], '30 kg'],
      [['workouts', 1, 'titulo'], undefined],
      [['workouts', 1, 'exercises', 0, 'atividade', 'video'], 'youtube'],
      [['workouts', 2, 'exercises', 1, 'series'], 0],
    ]);
    const before = await evaluationCount(ctx);

    const response = await publish(ctx, staff.token, client.id, { plano: plan, avaliacao_base: null });

    const body = expectError(response, 400) as unknown as InvalidPlanBody;
    expect(body.code).toBe(INVALID_PLAN_CODE);
    expect(body.message).toBe('O plano tem 12 erros; nada foi publicado.');
    expect(body.erros.map((erro) => `${erro.campo}: ${erro.mensagem}`)).toEqual(
      expect.arrayContaining([
        'evaluation.plano: Invalid option: expected one of "BASIC"|"PRO"|"ULTIMATE"',
        'evaluation.altura: expected centimetres (e.g. 165)',
        'evaluation: Unrecognized key: "data_nascimento"',
        'diets[1].meals[0].horario_inicio: expected HH:mm',
        'diets[0].meals[3].horario_customizado: expected either horario_customizado or horario_inicio and horario_fim, not both',
        'diets[0].meals[1].horario_fim: expected HH:mm (a window needs horario_inicio and horario_fim)',
        'diets[0].meals[0].opcoes[1][0]: expected a non-empty text',
        'workouts[0].dias[1]: expected one of SEGUNDA, TERCA, QUARTA, QUINTA, SEXTA, SABADO, DOMINGO',
        'workouts[0].exercises[0].carga: Invalid input: expected number, received string',
        'workouts[1].titulo: Invalid input: expected string, received undefined',
        'workouts[1].exercises[0].atividade.video: expected an http(s) URL',
        'workouts[2].exercises[1].series: Too small: expected number to be >=1',
      ]),
    );
    expect(body.erros).toHaveLength(12);
    expect(body.erros).toContainEqual({ campo: 'workouts[2].exercises[1].series', caminho: ['workouts', 2, 'exercises', 1, 'series'], mensagem: 'Too small: expected number to be >=1' });
    expect(body.field).toBe(body.erros[0]!.campo);
    expect(await evaluationCount(ctx)).toBe(before);
  });

  it("refuses skinfolds out of 0 to 100 mm and notes over 2,000 characters at their fields, with plan.ts's messages", async () => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: null });
    const plan = exampleWith([
      [['evaluation', 'dobra_triceps'], 150],
      [['evaluation', 'dobra_coxa'], -1],
      [['evaluation', 'dobra_peitoral'], '12 mm'],
      [['evaluation', 'observacoes'], 'a'.repeat(2001)],
    ]);
    const body = expectError(await publish(ctx, staff.token, client.id, { plano: plan, avaliacao_base: null }), 400) as unknown as InvalidPlanBody;
    expect(body.erros.map((erro) => `${erro.campo}: ${erro.mensagem}`)).toEqual([
      'evaluation.observacoes: Too big: expected string to have <=2000 characters',
      'evaluation.dobra_triceps: Too big: expected number to be <=100',
      'evaluation.dobra_coxa: Too small: expected number to be >=0',
      'evaluation.dobra_peitoral: Invalid input: expected number, received string',
    ]);
    expect(body.field).toBe('evaluation.observacoes');
  });

  it('keeps notes of exactly 2,000 characters once trimmed, and stores blank notes as none', async () => {
    const staff = await signInStaff(ctx);
    const client = await signIn(ctx, { evaluation: null });
    const notes = `  ${'a'.repeat(2000)}\n `;
    const long = await publish(ctx, staff.token, client.id, { plano: { ...shortPlan(), evaluation: { ...shortPlan().evaluation, observacoes: notes } }, avaliacao_base: null });
    expect(long.statusCode, long.body).toBe(201);
    const blank = await publish(ctx, staff.token, client.id, {
      plano: { ...shortPlan(), evaluation: { ...shortPlan().evaluation, observacoes: ' \n ' } },
      avaliacao_base: (long.json() as PlanSummary).id,
    });
    expect(blank.statusCode, blank.body).toBe(201);
    const seen = (await call(ctx.app, 'GET', `/api/v1/clientes/${client.id}/avaliacoes`, { token: client.token })).json().results as Evaluation[];
    expect(seen.map((evaluation) => evaluation.observacoes)).toEqual([null, 'a'.repeat(2000)]);
    const read = await call(ctx.app, 'GET', `${plans(client.id)}/${(blank.json() as PlanSummary).id}`, { token: staff.token });
    expect(read.json().evaluation).not.toHaveProperty('observacoes');
  });

  it.each([
    ['a consultation after today', { data_consulta: '2026-11-27' }, 'evaluation.data_consulta', 'must not be after today (2026-11-26)'],
    ['a vencimento not after the consultation', { data_consulta: '2026-11-20', vencimento: '2026-11-20' }, 'evaluation.vencimento', 'must be after the consultation day (2026-11-20)'],
  ])("refuses %s with the import's message, and stores nothing", async (_case, dates, campo, mensagem) => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: null });
    const plan = shortPlan();
    plan.evaluation = { ...plan.evaluation, ...dates };
    const before = await evaluationCount(ctx);
    const body = expectError(await publish(ctx, staff.token, client.id, { plano: plan, avaliacao_base: null }), 400) as unknown as InvalidPlanBody;
    expect(body.erros).toEqual([{ campo, caminho: campo.split('.'), mensagem }]);
    expect(body.field).toBe(campo);
    expect(await evaluationCount(ctx)).toBe(before);
  });

  it('warns with 409 when a newer plan was published since the editor opened, naming its date and author, then replaces it when told to', async () => {
    const rafael = await signInStaff(ctx);
    const marina = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Marina Alves');
    const client = await createClient(ctx.db);
    const [opened] = await history(ctx, rafael.token, client.id);

    const first = await publish(ctx, marina.token, client.id, { plano: shortPlan('Da Marina'), avaliacao_base: opened!.id });
    expect(first.statusCode, first.body).toBe(201);
    const marinas = first.json() as PlanSummary;
    const before = await evaluationCount(ctx);

    const stale = await publish(ctx, rafael.token, client.id, { plano: shortPlan('Do Rafael'), avaliacao_base: opened!.id });
    const body = expectError(stale, 409) as unknown as NewerPlanBody;
    expect(body).toMatchObject({
      code: NEWER_PLAN_CODE,
      field: 'avaliacao_base',
      message: 'Um plano mais recente foi publicado por Marina Alves depois que este editor abriu.',
      plano_recente: marinas,
    });
    expect(body.plano_recente.publicado_por).toEqual({ id: marina.id, nome: 'Marina Alves' });
    expect(await evaluationCount(ctx)).toBe(before);

    const replaced = await publish(ctx, rafael.token, client.id, { plano: shortPlan('Do Rafael'), avaliacao_base: opened!.id, substituir: true });
    expect(replaced.statusCode, replaced.body).toBe(201);
    const rafaels = replaced.json() as PlanSummary;

    const all = await history(ctx, rafael.token, client.id);
    expect(all.map((plan) => [plan.id, plan.publicado_por?.nome ?? null])).toEqual([
      [rafaels.id, 'Rafael Costa'],
      [marinas.id, 'Marina Alves'],
      [opened!.id, null],
    ]);
    // Starting from the latest publishes without a warning.
    expect((await publish(ctx, marina.token, client.id, { plano: shortPlan(), avaliacao_base: rafaels.id })).statusCode).toBe(201);
  });

  it('publishes one of two plans sent at once from the same starting point, and warns the other', async () => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db);
    const body = { plano: shortPlan(), avaliacao_base: client.evaluationId! };
    const answers = await Promise.all([publish(ctx, staff.token, client.id, body), publish(ctx, staff.token, client.id, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await history(ctx, staff.token, client.id)).toHaveLength(2);
  });

  it('warns too when the editor started from no plan and the client has one now', async () => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: null });
    expect((await publish(ctx, staff.token, client.id, { plano: shortPlan(), avaliacao_base: null })).statusCode).toBe(201);
    expectError(await publish(ctx, staff.token, client.id, { plano: shortPlan(), avaliacao_base: null }), 409);
  });

  it("answers 400 naming avaliacao_base for an evaluation that is not the client's, even when told to replace", async () => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db);
    const other = await createClient(ctx.db);
    const before = await evaluationCount(ctx);
    expectBadField(await publish(ctx, staff.token, client.id, { plano: shortPlan(), avaliacao_base: other.evaluationId! }), 'avaliacao_base');
    expectBadField(await publish(ctx, staff.token, client.id, { plano: shortPlan(), avaliacao_base: 2_000_000, substituir: true }), 'avaliacao_base');
    expect(await evaluationCount(ctx)).toBe(before);
  });

  it('deletes the draft it publishes, and keeps it when nothing is published', async () => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: null });
    const draftUrl = `/api/v1/equipe/clientes/${client.id}/rascunho`;
    const draft = () => call(ctx.app, 'GET', draftUrl, { token: staff.token }).then((response) => (response.json() as PlanDraftAnswer).rascunho);
    expect((await call(ctx.app, 'PUT', draftUrl, { token: staff.token, payload: { plano: shortPlan(), avaliacao_base: null } })).statusCode).toBe(200);

    expectError(await publish(ctx, staff.token, client.id, { plano: { ...shortPlan(), diets: 'nenhuma' }, avaliacao_base: null }), 400);
    expect(await draft()).not.toBeNull();

    expect((await publish(ctx, staff.token, client.id, { plano: shortPlan(), avaliacao_base: null })).statusCode).toBe(201);
    expect(await draft()).toBeNull();
  });

  it.each([
    [{ plano: shortPlan() }, 'avaliacao_base'],
    [{ avaliacao_base: null }, 'plano'],
    [{ plano: 'um plano', avaliacao_base: null }, 'plano'],
    [{ plano: [shortPlan()], avaliacao_base: null }, 'plano'],
    [{ plano: shortPlan(), avaliacao_base: 'ultima' }, 'avaliacao_base'],
    [{ plano: shortPlan(), avaliacao_base: null, substituir: 'sim' }, 'substituir'],
    [{ plano: shortPlan(), avaliacao_base: null, publicar: true }, 'publicar'],
  ])('answers 400 naming the field for the request %j', async (payload, field) => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: null });
    expectBadField(await publish(ctx, staff.token, client.id, payload), field);
  });

  it("answers 404 for an id that is not a client's, 400 for one that is no id, 403 to a client", async () => {
    const staff = await signInStaff(ctx);
    const client = await signIn(ctx, { evaluation: null });
    const body = { plano: shortPlan(), avaliacao_base: null };
    expect(expectError(await publish(ctx, staff.token, staff.id, body), 404).message).toBe('Cliente não encontrado.');
    expectError(await publish(ctx, staff.token, 2_000_000, body), 404);
    expectBadField(await publish(ctx, staff.token, 'abc', body), 'id');
    expectError(await publish(ctx, client.token, client.id, body), 403);
  });

  it('accepts a plan larger than the 64 KB other requests may send', async () => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: null });
    const plan = example();
    plan.diets[0]!.meals[0]!.opcoes = Array.from({ length: 20 }, (_, option) => Array.from({ length: 40 }, (_, group) => `Opção ${option} grupo ${group} ${'x'.repeat(60)}`));
    expect(JSON.stringify(plan).length).toBeGreaterThan(64 * 1024);
    const response = await publish(ctx, staff.token, client.id, { plano: plan, avaliacao_base: null });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe("a client's published plans", () => {
  const ctx = useTestApp();

  it('lists every plan newest first, with who published it (null for imports and demo data) and when', async () => {
    const staff = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const client = await createClient(ctx.db, { evaluation: { plano: 'BASIC', data_consulta: daysFromToday(-40), vencimento: daysFromToday(-1) } });
    const imported = await importPlan(ctx.db, client.id, { ...shortPlan('Importado'), evaluation: { ...shortPlan().evaluation, data_consulta: daysFromToday(-10) } });
    const published = (await publish(ctx, staff.token, client.id, { plano: shortPlan(), avaliacao_base: imported.evaluationId })).json() as PlanSummary;

    const all = await history(ctx, staff.token, client.id);

    expect(all).toEqual([
      published,
      {
        id: imported.evaluationId,
        plano: 'PRO',
        data_consulta: daysFromToday(-10),
        vencimento: daysFromToday(50),
        publicado_em: expect.any(String),
        publicado_por: null,
        dietas: 0,
        treinos: 1,
      },
      {
        id: client.evaluationId,
        plano: 'BASIC',
        data_consulta: daysFromToday(-40),
        vencimento: daysFromToday(-1),
        publicado_em: null,
        publicado_por: null,
        dietas: 0,
        treinos: 0,
      },
    ]);
    expect(published.publicado_por).toEqual({ id: staff.id, nome: 'Helena Prado' });
    expect(Date.parse(all[1]!.publicado_em!)).toBeLessThanOrEqual(Date.parse(published.publicado_em!));
  });

  it('signs a plan published by a member without a name as Equipe', async () => {
    const nameless = await signInStaff(ctx, ['ROLE_PERSONAL'], null);
    const client = await createClient(ctx.db, { evaluation: null });
    const published = await publish(ctx, nameless.token, client.id, { plano: shortPlan(), avaliacao_base: null });
    expect(published.json()).toMatchObject({ publicado_por: { id: nameless.id, nome: 'Equipe' } });
  });

  it("reads any plan of the client in the plan file's shape, to copy it to another client", async () => {
    const staff = await signInStaff(ctx);
    const ana = await createClient(ctx.db, { evaluation: null });
    const bruno = await createClient(ctx.db, { evaluation: null });
    const anas = (await publish(ctx, staff.token, ana.id, { plano: example(), avaliacao_base: null })).json() as PlanSummary;

    const read = await call(ctx.app, 'GET', `${plans(ana.id)}/${anas.id}`, { token: staff.token });
    expect(read.statusCode, read.body).toBe(200);
    const copy = read.json() as PlanFile;
    copy.evaluation = { ...copy.evaluation, data_consulta: undefined, vencimento: undefined, peso: 90 };

    const brunos = await publish(ctx, staff.token, bruno.id, { plano: copy, avaliacao_base: null });
    expect(brunos.statusCode, brunos.body).toBe(201);
    const brunoPlan = (await call(ctx.app, 'GET', `${plans(bruno.id)}/${(brunos.json() as PlanSummary).id}`, { token: staff.token })).json() as PlanFile;
    expect(brunoPlan.workouts).toEqual(example().workouts);
    expect(brunoPlan.diets).toEqual(example().diets);
    expect(brunoPlan.evaluation).toMatchObject({ peso: 90, data_consulta: daysFromToday(0), vencimento: daysFromToday(60) });
  });

  it("answers 404 for a plan of another client through this one's path, an unknown plan or client; 400 for bad ids; 403 to a client", async () => {
    const staff = await signInStaff(ctx);
    const ana = await createClient(ctx.db);
    const bruno = await signIn(ctx);
    expect(expectError(await call(ctx.app, 'GET', `${plans(ana.id)}/${bruno.evaluationId}`, { token: staff.token }), 404).message).toBe('Plano não encontrado.');
    expectError(await call(ctx.app, 'GET', `${plans(ana.id)}/2000000`, { token: staff.token }), 404);
    expect(expectError(await call(ctx.app, 'GET', `${plans(2_000_000)}/${ana.evaluationId}`, { token: staff.token }), 404).message).toBe('Cliente não encontrado.');
    expect(expectError(await call(ctx.app, 'GET', plans(staff.id), { token: staff.token }), 404).message).toBe('Cliente não encontrado.');
    expectBadField(await call(ctx.app, 'GET', `${plans(ana.id)}/abc`, { token: staff.token }), 'avaliacao_id');
    expectBadField(await call(ctx.app, 'GET', `/api/v1/equipe/clientes/abc/planos`, { token: staff.token }), 'id');
    expectError(await call(ctx.app, 'GET', plans(bruno.id), { token: bruno.token }), 403);
    expectError(await call(ctx.app, 'GET', `${plans(bruno.id)}/${bruno.evaluationId}`, { token: bruno.token }), 403);
  });

  it("tells the client who published their evaluation, with the registration, notes and skinfolds; the team's history stays the team's", async () => {
    const staff = await signInStaff(ctx);
    await ctx.db.updateTable('users').set({ registro: 'CREF 012345-G/SP' }).where('id', '=', staff.id).execute();
    const client = await signIn(ctx, { evaluation: null });
    expect((await publish(ctx, staff.token, client.id, { plano: example(), avaliacao_base: null })).statusCode).toBe(201);
    const [evaluation] = (await call(ctx.app, 'GET', `/api/v1/clientes/${client.id}/avaliacoes`, { token: client.token })).json().results as Evaluation[];
    expect(evaluation).toMatchObject({
      observacoes: example().evaluation.observacoes,
      profissional: { nome: 'Rafael Costa', papel: 'ROLE_PERSONAL', registro: 'CREF 012345-G/SP' },
      dobra_triceps: 19.5,
      dobra_subescapular: 17,
      dobra_suprailiaca: 20,
      dobra_abdominal: 23.5,
      dobra_coxa: 27,
      dobra_peitoral: 10.5,
      dobra_axilar_media: 13,
    });
    for (const key of ['published_by', 'published_at', 'publicado_por', 'client_id']) expect(Object.keys(evaluation!)).not.toContain(key);
    // The team's list of the client's evaluations reads the same.
    const team = (await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${client.id}/avaliacoes`, { token: staff.token })).json().results as Evaluation[];
    expect(team).toEqual([evaluation]);
  });

  it('signs as the professional role an administrator who is also a nutritionist, without a registration, and no one for an import', async () => {
    const both = await signInStaff(ctx, ['ROLE_ADMIN', 'ROLE_NUTRICIONISTA'], 'Helena Prado');
    const client = await signIn(ctx, { evaluation: null });
    const imported = await importPlan(ctx.db, client.id, { ...shortPlan(), evaluation: { ...shortPlan().evaluation, data_consulta: daysFromToday(-3) } });
    expect((await publish(ctx, both.token, client.id, { plano: shortPlan(), avaliacao_base: imported.evaluationId })).statusCode).toBe(201);
    const seen = (await call(ctx.app, 'GET', `/api/v1/clientes/${client.id}/avaliacoes`, { token: client.token })).json().results as Evaluation[];
    expect(seen.map((evaluation) => evaluation.profissional)).toEqual([{ nome: 'Helena Prado', papel: 'ROLE_NUTRICIONISTA', registro: null }, null]);
    expect(seen.map((evaluation) => evaluation.observacoes)).toEqual([null, null]);
  });
});
