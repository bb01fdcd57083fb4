import { EVALUATION_LIST_MAX, HISTORY_SESSIONS_MAX, PAGE_SIZE, PLAN_TITLE_MAX, type ClientProgress, type EvaluationList, type HistoryEntry, type InvalidPlanBody, type LibraryActivity, type PlanFile, type PlanHistory } from '@acompanha/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runOnAFixedDay } from './fixed-day.js';
import { call, createClient, createEvaluation, createSession, daysFromToday, expectBadField, expectError, signIn, signInWithPlan, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';

runOnAFixedDay();

const TEAM_LIBRARY = '/api/v1/equipe/atividades';

const exercise = (atividade: PlanFile['workouts'][number]['exercises'][number]['atividade'], fields: object = {}) => ({
  atividade,
  series: 3,
  repeticoes: '10',
  tempo_descanso: 60,
  ...fields,
});

const planWith = (fields: { workout?: object; exercise?: object; diet?: object; meal?: object; evaluation?: object; video?: string } = {}): PlanFile =>
  ({
    evaluation: { plano: 'PRO', peso: 70, altura: 170, objetivo: 'Força', ...fields.evaluation },
    diets: [
      {
        titulo: 'Dia de treino',
        is_dia_de_treino: true,
        meals: [{ titulo: 'Café da manhã', horario_customizado: '07:00', opcoes: [['2 ovos mexidos', '1 banana']], ...fields.meal }],
        ...fields.diet,
      },
    ],
    workouts: [
      {
        titulo: 'Treino A',
        dias: ['SEGUNDA'],
        exercises: [exercise({ titulo: 'Supino reto', grupo_muscular: 'Peito', video: fields.video ?? null }, fields.exercise)],
        ...fields.workout,
      },
    ],
  }) as PlanFile;

describe('the bounds of every text of a plan', () => {
  const ctx = useTestApp();
  let staff: { token: string };

  beforeAll(async () => {
    staff = await signInStaff(ctx);
  });

  const publish = async (plan: PlanFile) => {
    const owner = await createClient(ctx.db, { evaluation: null });
    return call(ctx.app, 'POST', `/api/v1/equipe/clientes/${owner.id}/planos`, { token: staff.token, payload: { plano: plan, avaliacao_base: null } });
  };
  const long = (length: number) => 'a'.repeat(length);

  it.each([
    [{ exercise: { atividade: { titulo: long(121), grupo_muscular: 'Peito' } } }, 'workouts[0].exercises[0].atividade.titulo', 120],
    [{ exercise: { atividade: { titulo: 'Supino', grupo_muscular: long(121) } } }, 'workouts[0].exercises[0].atividade.grupo_muscular', 120],
    [{ exercise: { atividade: { titulo: 'Supino', grupo_muscular: 'Peito', video: `https://youtu.be/${long(490)}` } } }, 'workouts[0].exercises[0].atividade.video', 500],
    [{ exercise: { repeticoes: long(41) } }, 'workouts[0].exercises[0].repeticoes', 40],
    [{ exercise: { observacao: long(501) } }, 'workouts[0].exercises[0].observacao', 500],
    [{ workout: { titulo: long(121) } }, 'workouts[0].titulo', 120],
    [{ workout: { observacao: long(501) } }, 'workouts[0].observacao', 500],
    [{ diet: { titulo: long(121) } }, 'diets[0].titulo', 120],
    [{ meal: { titulo: long(121) } }, 'diets[0].meals[0].titulo', 120],
    [{ meal: { opcoes: [[long(201)]] } }, 'diets[0].meals[0].opcoes[0][0]', 200],
    [{ evaluation: { objetivo: long(121) } }, 'evaluation.objetivo', 120],
  ])('refuses %j at its field, naming the most characters it may hold', async (fields, campo, max) => {
    const body = expectError(await publish(planWith(fields)), 400) as InvalidPlanBody;
    expect(body.erros).toEqual([{ campo, caminho: expect.any(Array), mensagem: `expected at most ${max} characters` }]);
  });

  it(`refuses more than a page (${PAGE_SIZE}) of workouts, exercises, diets or meals, and more than 20 options of a meal`, async () => {
    const plan = planWith();
    const workout = plan.workouts[0]!;
    const diet = plan.diets[0]!;
    const many = <T>(item: T, count = PAGE_SIZE + 1) => Array.from({ length: count }, () => item);
    const cases: [PlanFile, string, number][] = [
      [{ ...plan, workouts: many({ ...workout, exercises: [] }) }, 'workouts', PAGE_SIZE],
      [{ ...plan, workouts: [{ ...workout, exercises: many({ ...workout.exercises[0]!, series: 1 }) }] }, 'workouts[0].exercises', PAGE_SIZE],
      [{ ...plan, diets: many(diet) }, 'diets', PAGE_SIZE],
      [{ ...plan, diets: [{ ...diet, meals: many(diet.meals[0]!) }] }, 'diets[0].meals', PAGE_SIZE],
      [{ ...plan, diets: [{ ...diet, meals: [{ ...diet.meals[0]!, opcoes: many(['1 maçã'], 21) }] }] }, 'diets[0].meals[0].opcoes', 20],
    ];
    for (const [tooMany, campo, max] of cases) {
      const body = expectError(await publish(tooMany), 400) as InvalidPlanBody;
      expect(body.erros, campo).toEqual([{ campo, caminho: expect.any(Array), mensagem: `expected at most ${max} items` }]);
    }
  });

  it(`keeps texts of exactly their maximum, and refuses a library activity of a title or muscle group over ${PLAN_TITLE_MAX} characters`, async () => {
    expect((await publish(planWith({ exercise: { atividade: { titulo: long(120), grupo_muscular: long(120) }, repeticoes: long(40), observacao: long(500) } }))).statusCode).toBe(201);
    expectBadField(await call(ctx.app, 'POST', TEAM_LIBRARY, { token: staff.token, payload: { titulo: long(121), grupo_muscular: 'Peito' } }), 'titulo');
    expectBadField(await call(ctx.app, 'POST', TEAM_LIBRARY, { token: staff.token, payload: { titulo: 'Voador', grupo_muscular: long(121) } }), 'grupo_muscular');
  });
});

describe('video links with characters a URI writes encoded', () => {
  const ctx = useTestApp();
  let staff: { token: string };
  const raw = 'https://vídeos.exemplo.com.br/treino de peito|supino?t=1 2';
  const normalised = new URL(raw).href;

  beforeAll(async () => {
    staff = await signInStaff(ctx);
  });

  it('stores the link as the URL parser writes it, in the library and in a plan, and every answer reads it', async () => {
    expect(normalised).toBe('https://xn--vdeos-zsa.exemplo.com.br/treino%20de%20peito|supino?t=1%202');
    const added = await call(ctx.app, 'POST', TEAM_LIBRARY, { token: staff.token, payload: { titulo: 'Voador', grupo_muscular: 'Peito', video: raw } });
    expect(added.statusCode, added.body).toBe(201);
    expect((added.json() as LibraryActivity).video).toBe(normalised);

    const client = await signIn(ctx, { evaluation: null });
    const published = await call(ctx.app, 'POST', `/api/v1/equipe/clientes/${client.id}/planos`, { token: staff.token, payload: { plano: planWith({ video: raw }), avaliacao_base: null } });
    expect(published.statusCode, published.body).toBe(201);
    const { id } = published.json() as { id: number };
    const plan = await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${client.id}/planos/${id}`, { token: staff.token });
    expect(plan.statusCode, plan.body).toBe(200);
    expect((plan.json() as PlanFile).workouts[0]!.exercises[0]!.atividade.video).toBe(normalised);
    await expectEveryAnswerReads(ctx, client, id, normalised);
  });

  it('answers a link stored before it was normalised as it was stored, never 500', async () => {
    const client = await signIn(ctx, { evaluation: null });
    const published = await call(ctx.app, 'POST', `/api/v1/equipe/clientes/${client.id}/planos`, {
      token: staff.token,
      payload: { plano: planWith({ video: 'https://youtu.be/antigo' }), avaliacao_base: null },
    });
    const { id } = published.json() as { id: number };
    // Stored before: in the library and in the published plan's own copy (decision 055).
    await ctx.db.updateTable('activities').set({ video: raw }).where('video', '=', 'https://youtu.be/antigo').execute();
    await ctx.db.updateTable('exercises').set({ atividade_video: raw }).where('atividade_video', '=', 'https://youtu.be/antigo').execute();
    const plan = await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${client.id}/planos/${id}`, { token: staff.token });
    expect(plan.statusCode, plan.body).toBe(200);
    await expectEveryAnswerReads(ctx, client, id, raw);
    const library = await call(ctx.app, 'GET', `${TEAM_LIBRARY}?busca=supino`, { token: staff.token });
    expect(library.statusCode, library.body).toBe(200);
  });
});

/** The client's and the team's reads of the plan's exercise answer 200 with the video. */
async function expectEveryAnswerReads(ctx: TestContext, client: { id: number; token: string }, evaluationId: number, video: string) {
  const workout = await ctx.db.selectFrom('workouts').select('id').where('evaluation_id', '=', evaluationId).executeTakeFirstOrThrow();
  for (const url of [`/api/v1/treinos/${workout.id}/exercicios`, `/api/v1/clientes/${client.id}/inicio`, '/api/v1/atividades?busca=supino']) {
    const response = await call(ctx.app, 'GET', url, { token: client.token });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    expect(response.body, url).toContain(JSON.stringify(video).slice(1, -1));
  }
}

describe('lists that grow with every plan published', () => {
  const ctx = useTestApp();
  let staff: { token: string };
  let client: Awaited<ReturnType<typeof signIn>>;
  const PLANS = EVALUATION_LIST_MAX + 5;

  beforeAll(async () => {
    staff = await signInStaff(ctx);
    client = await signIn(ctx, { evaluation: null });
    // Consultations a day apart, the oldest first, as they would have been published.
    for (let day = PLANS; day >= 1; day--) {
      await createEvaluation(ctx.db, client.id, { plano: 'PRO', peso: 60 + day / 10, altura: 170, objetivo: `Plano ${PLANS - day}`, data_consulta: daysFromToday(-day) });
    }
  });

  it("pages a client's plan history, newest first, with the whole count", async () => {
    const first = await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${client.id}/planos?size=100`, { token: staff.token });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as PlanHistory;
    expect(page).toMatchObject({ page: 0, size: 100, total: PLANS });
    expect(page.results).toHaveLength(100);
    const next = (await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${client.id}/planos?page=1&size=100`, { token: staff.token })).json() as PlanHistory;
    expect(next.results).toHaveLength(PLANS - 100);
    expect(new Set([...page.results, ...next.results].map((plan) => plan.id)).size).toBe(PLANS);
    expect((await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${client.id}/planos`, { token: staff.token })).json()).toMatchObject({ size: PAGE_SIZE, total: PLANS });
    expectBadField(await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${client.id}/planos?size=101`, { token: staff.token }), 'size');
    expectError(await call(ctx.app, 'GET', '/api/v1/equipe/clientes/999999/planos', { token: staff.token }), 404);
  });

  it(`answers a client's latest ${EVALUATION_LIST_MAX} evaluations, to them and to the team, each in its order`, async () => {
    const own = (await call(ctx.app, 'GET', `/api/v1/clientes/${client.id}/avaliacoes`, { token: client.token })).json() as EvaluationList;
    expect(own.results).toHaveLength(EVALUATION_LIST_MAX);
    expect(own.results[0]!.objetivo).toBe(`Plano ${PLANS - 1}`);
    expect(own.results.at(-1)!.objetivo).toBe(`Plano ${PLANS - EVALUATION_LIST_MAX}`);

    const team = (await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${client.id}/avaliacoes`, { token: staff.token })).json() as EvaluationList;
    expect(team.results.map((evaluation) => evaluation.objetivo)).toEqual(own.results.map((evaluation) => evaluation.objetivo).toReversed());

    const home = await call(ctx.app, 'GET', `/api/v1/clientes/${client.id}/inicio`, { token: client.token });
    expect(home.statusCode, home.body).toBe(200);
  });
});

describe('histories that grow with every session a client logs', () => {
  const ctx = useTestApp();
  const SESSIONS = HISTORY_SESSIONS_MAX + 5;

  it(`read the client's latest ${HISTORY_SESSIONS_MAX} sessions: an exercise's history and the team's progress lines`, async () => {
    const staff = await signInStaff(ctx);
    const client = await signInWithPlan(ctx, 'Histórico');
    const start = Date.parse('2026-01-01T10:00:00.000Z');
    for (let index = 0; index < SESSIONS; index++) {
      const at = (minutes: number) => new Date(start + index * 86_400_000 + minutes * 60_000).toISOString();
      await createSession(ctx.db, client.id, client.workoutId, {
        id: crypto.randomUUID(),
        iniciado_em: at(0),
        concluido_em: at(30),
        series: [{ exercicio_id: client.exerciseId, numero: 1, carga: 10 + index, repeticoes: 10, feito_em: at(5) }],
        trocas: [],
      });
    }
    const history = (await call(ctx.app, 'GET', `/api/v1/exercicios/${client.exerciseId}/historico`, { token: client.token })).json() as HistoryEntry[];
    expect(history).toHaveLength(HISTORY_SESSIONS_MAX);
    // Oldest first, ending with the latest session.
    expect(history.at(-1)!.carga).toBe(10 + SESSIONS - 1);
    expect(history[0]!.carga).toBe(10 + SESSIONS - HISTORY_SESSIONS_MAX);

    const progress = (await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${client.id}/progresso`, { token: staff.token })).json() as ClientProgress;
    expect(progress.results.map((line) => line.pontos.length)).toEqual([HISTORY_SESSIONS_MAX]);
  });
});
