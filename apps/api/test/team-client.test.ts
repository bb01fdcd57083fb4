import { randomUUID } from 'node:crypto';
import type { ClientHeader, ClientProgress, EvaluationList, Paged, RosterEntry, SessionRequest, TeamSession } from '@acompanha/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/seed.js';
import type * as passwords from '../src/modules/auth/passwords.js';
import { runOnAFixedDay } from './fixed-day.js';
import {
  call,
  createClient,
  createEvaluation,
  createSession,
  createWorkout,
  daysFromToday,
  exerciseIds,
  expectBadField,
  expectError,
  login,
  signIn,
  useTestApp,
  type TestContext,
  type WorkoutInput,
} from './helper.js';
import { signInStaff } from './staff.js';

// Production-strength hashes of the demo passwords take seconds a seeding; the client's page is what counts here.
vi.mock('../src/modules/auth/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, hashPassword: (password: string) => actual.hashPassword(password, 10) };
});

// The demo sessions and the 7-day window depend on today's weekday and hour.
runOnAFixedDay();

const clientPage = (id: number | string) => `/api/v1/equipe/clientes/${id}`;
const CALLS = ['', '/sessoes', '/progresso', '/avaliacoes'];

/** A team GET that must answer 200; its body. */
async function read<T>(ctx: TestContext, token: string, url: string): Promise<T> {
  const response = await call(ctx.app, 'GET', url, { token });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}

/** A workout of one exercise per activity name (3 × 10, no load), on `dias`. */
const workoutOf = (titulo: string, activities: string[], dias: string[] = ['SEGUNDA']): WorkoutInput => ({
  titulo,
  dias,
  exercises: activities.map((name) => ({ atividade: { titulo: name, grupo_muscular: 'Teste' }, series: 3, repeticoes: '10', tempo_descanso: 60 })),
});

/** A session started at 10:00 UTC on `day`, its sets [exercise, load, reps] numbered per exercise, a minute apart. */
function sessionOn(day: string, sets: [exerciseId: number, carga: number, repeticoes: number][]): SessionRequest {
  const start = Date.parse(`${day}T10:00:00.000Z`);
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  const numbers = new Map<number, number>();
  return {
    id: randomUUID(),
    iniciado_em: at(0),
    concluido_em: at(50),
    series: sets.map(([exercicio_id, carga, repeticoes], index) => {
      numbers.set(exercicio_id, (numbers.get(exercicio_id) ?? 0) + 1);
      return { exercicio_id, numero: numbers.get(exercicio_id)!, carga, repeticoes, feito_em: at(index + 1) };
    }),
  };
}

describe("a client's page for the team, on the demo data", () => {
  const ctx = useTestApp();
  let token: string;
  let ids: Record<string, number>;
  let staff: { rafael: number; marina: number };
  beforeAll(async () => {
    await seedDemoData(ctx.db, ctx.app.jwtSecret);
    token = (await login(ctx.app, 'personal@demo.fit', DEMO_PASSWORD)).token;
    const clients = await ctx.db.selectFrom('users').innerJoin('clients', 'clients.user_id', 'users.id').select(['users.id', 'users.email']).execute();
    ids = Object.fromEntries(clients.map((client) => [client.email.split('@')[0]!, client.id]));
    const members = await ctx.db.selectFrom('users').select(['id', 'email']).where('email', 'in', ['personal@demo.fit', 'nutri@demo.fit']).execute();
    staff = { rafael: members.find((member) => member.email === 'personal@demo.fit')!.id, marina: members.find((member) => member.email === 'nutri@demo.fit')!.id };
  });

  it("answers the client's header: profile, latest evaluation and follow-up, the roster entry among them", async () => {
    const ana = await read<ClientHeader>(ctx, token, clientPage(ids.ana!));
    expect(ana).toEqual({
      id: ids.ana,
      nome: 'Ana Paula Souza',
      email: 'ana@demo.fit',
      data_nascimento: '1994-03-15',
      plano: 'ULTIMATE',
      vencimento: daysFromToday(50),
      objetivo: 'Emagrecimento com ganho de massa magra',
      peso: 67.5,
      altura: 165,
      // Her last session was yesterday's, at 18:30 local time.
      ultimo_treino: new Date(`${daysFromToday(-1)}T18:30:00`).toISOString(),
      // Thursday noon: last Thursday's 18:30 is within the 168 hours, and no workout falls on Sunday.
      treinos_7_dias: 6,
      // Her three workouts: Monday to Saturday.
      dias_planejados: 6,
      nao_lidas: 0,
      // The team has read all of hers; Marina's answer, yesterday at 09:10 local time, is the newest.
      aguardando_desde: null,
      ultima_mensagem: {
        autor: 'EQUIPE',
        texto: 'Pode sim! O wrap integral com atum e folhas já está nas opções do jantar do plano de descanso. Só evite molhos prontos.',
        enviada_em: new Date(`${daysFromToday(-1)}T09:10:00`).toISOString(),
      },
      // Every demo client has a password.
      convite_pendente: false,
      // DECISIONS.md §6's demo: ana's trainer is Rafael and her nutritionist Marina.
      responsaveis: { personal: { id: staff.rafael, nome: 'Rafael Costa' }, nutricionista: { id: staff.marina, nome: 'Marina Alves' } },
    });
    const roster = await read<{ results: RosterEntry[] }>(ctx, token, '/api/v1/equipe/clientes');
    const { data_nascimento: _born, objetivo: _goal, peso: _weight, altura: _height, ...entry } = ana;
    expect(roster.results.find((client) => client.id === ids.ana)).toEqual(entry);
    expect(roster.results.map((client) => [client.email, client.dias_planejados])).toEqual([
      ['ana@demo.fit', 6],
      // Bruno's plan: Monday, Wednesday and Friday, and Tuesday and Thursday.
      ['bruno@demo.fit', 5],
      // Carla has diets only; Davi no evaluation.
      ['carla@demo.fit', 0],
      ['davi@demo.fit', 0],
    ]);

    expect(await read<ClientHeader>(ctx, token, clientPage(ids.davi!))).toEqual({
      id: ids.davi,
      nome: 'Davi Rocha',
      email: 'davi@demo.fit',
      data_nascimento: '2000-01-30',
      plano: null,
      vencimento: null,
      objetivo: null,
      peso: null,
      altura: null,
      ultimo_treino: null,
      treinos_7_dias: 0,
      dias_planejados: 0,
      nao_lidas: 0,
      aguardando_desde: null,
      ultima_mensagem: null,
      convite_pendente: false,
      responsaveis: { personal: null, nutricionista: null },
    });
  });

  it("pages ana's sessions newest first, each with its workout's title and every set named by its activity", async () => {
    const stored = await ctx.db.selectFrom('workout_sessions').select('id').where('client_id', '=', ids.ana!).execute();
    const first = await read<Paged<TeamSession>>(ctx, token, `${clientPage(ids.ana!)}/sessoes`);
    expect(first).toMatchObject({ page: 0, size: 50, total: stored.length });
    expect(first.results).toHaveLength(Math.min(50, stored.length));
    const starts = first.results.map((session) => session.iniciado_em);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(starts[0]).toBe(new Date(`${daysFromToday(-1)}T18:30:00`).toISOString());

    // Yesterday was a Wednesday: Treino C, every exercise logged: the lunges and kickbacks by their
    // reps per leg, the core work at 0 kg, the plank by its seconds.
    const latest = first.results[0]!;
    expect(latest.treino_titulo).toBe('Treino C - Glúteos e core');
    expect(latest.series[0]).toEqual({
      exercicio_id: expect.any(Number),
      atividade_nome: 'Afundo com halteres',
      troca_de: null,
      numero: 1,
      carga: 8,
      repeticoes: 10,
      feito_em: new Date(`${daysFromToday(-1)}T18:32:00`).toISOString(),
      carga_suspeita: false,
    });
    expect(latest.incompleta).toBe(false);
    expect(latest.series.map((set) => set.atividade_nome)).toEqual([
      ...Array<string>(3).fill('Afundo com halteres'),
      ...Array<string>(4).fill('Cadeira abdutora'),
      ...Array<string>(4).fill('Elevação pélvica'),
      ...Array<string>(3).fill('Coice na polia'),
      ...Array<string>(3).fill('Abdominal infra'),
      ...Array<string>(3).fill('Prancha lateral'),
    ]);
    expect(new Set(first.results.map((session) => session.treino_titulo))).toEqual(
      new Set(['Treino A - Inferiores', 'Treino B - Superiores', 'Treino C - Glúteos e core']),
    );
  });

  it("shows ana's progress per activity by name, an activity of two workouts as one", async () => {
    const { results } = await read<ClientProgress>(ctx, token, `${clientPage(ids.ana!)}/progresso`);
    const names = results.map((activity) => activity.nome);
    expect(names).toEqual([...names].sort(new Intl.Collator('pt-BR').compare));
    // Logged as train mode logs them: without a load at 0 kg.
    expect(results.find((activity) => activity.nome === 'Prancha abdominal')!.pontos.at(-1)).toMatchObject({ carga: 0, repeticoes: 40, series: 3 });

    const sessionsOf = async (titulo: string) =>
      (
        await ctx.db
          .selectFrom('workout_sessions')
          .innerJoin('workouts', 'workouts.id', 'workout_sessions.workout_id')
          .select('workout_sessions.id')
          .where('workout_sessions.client_id', '=', ids.ana!)
          .where('workouts.titulo', '=', titulo)
          .execute()
      ).length;
    const hipThrust = results.find((activity) => activity.nome === 'Elevação pélvica')!;
    expect(hipThrust.pontos).toHaveLength((await sessionsOf('Treino A - Inferiores')) + (await sessionsOf('Treino C - Glúteos e core')));
    const dates = hipThrust.pontos.map((point) => point.data);
    expect(dates).toEqual([...dates].sort());

    // The squat's last session reached the plan's load: 4 sets, the best 30 kg × 12.
    const squat = results.find((activity) => activity.nome === 'Agachamento livre')!;
    expect(squat.pontos.at(-1)).toEqual({ sessao_id: expect.any(String), data: expect.any(String), carga: 30, repeticoes: 12, series: 4, rm_estimado: 42 });
    expect(squat.pontos).toHaveLength(await sessionsOf('Treino A - Inferiores'));
  });

  it("lists ana's evaluations oldest first, as the client's own call has them", async () => {
    const team = await read<EvaluationList>(ctx, token, `${clientPage(ids.ana!)}/avaliacoes`);
    expect(team.results.map((evaluation) => evaluation.peso)).toEqual([72.4, 69.8, 67.5]);
    const ana = await login(ctx.app, 'ana@demo.fit', DEMO_PASSWORD);
    const own = await read<EvaluationList>(ctx, ana.token, `/api/v1/clientes/${ids.ana}/avaliacoes`);
    expect(team.results).toEqual(own.results.reverse());
    expect(await read<EvaluationList>(ctx, token, `${clientPage(ids.davi!)}/avaliacoes`)).toEqual({ results: [] });
    // Each with skinfolds and notes, signed by who published it with their registration.
    expect(team.results.map((evaluation) => [evaluation.profissional?.nome, evaluation.profissional?.registro, evaluation.dobra_triceps])).toEqual([
      ['Marina Alves', 'CRN-3 54321', 24],
      ['Rafael Costa', 'CREF 012345-G/SP', 22],
      ['Rafael Costa', 'CREF 012345-G/SP', 20],
    ]);
    expect(team.results.every((evaluation) => evaluation.observacoes && evaluation.dobra_axilar_media)).toBe(true);
  });
});

describe("a client's page for the team", () => {
  const ctx = useTestApp();

  it('counts the weekdays of the current plan only, each once whatever its spelling', async () => {
    const staff = await signInStaff(ctx);
    const client = await createClient(ctx.db, { evaluation: { plano: 'PRO', data_consulta: daysFromToday(-100) } });
    await createWorkout(ctx.db, client.evaluationId!, workoutOf('Antigo A', ['Antigo supino'], ['SEGUNDA', 'QUARTA', 'SEXTA', 'DOMINGO']));
    const current = await createEvaluation(ctx.db, client.id, { plano: 'PRO', data_consulta: daysFromToday(-5), peso: 70, altura: 170, objetivo: 'Força' });
    // Old rows hold accented and lower-case codes (DECISIONS.md §2): the app reads them as the plain ones.
    await createWorkout(ctx.db, current, workoutOf('Novo A', ['Novo supino'], ['terça', 'TERCA']), 0);
    await createWorkout(ctx.db, current, workoutOf('Novo B', ['Novo remada'], ['Sábado', 'TERÇA', 'x']), 1);

    const header = await read<ClientHeader>(ctx, staff.token, clientPage(client.id));
    expect(header).toMatchObject({ objetivo: 'Força', dias_planejados: 2 });
    const roster = await read<{ results: RosterEntry[] }>(ctx, staff.token, '/api/v1/equipe/clientes');
    expect(roster.results.find((entry) => entry.id === client.id)!.dias_planejados).toBe(2);

    // A new evaluation without workouts: nothing planned.
    await createEvaluation(ctx.db, client.id, { plano: 'PRO', data_consulta: daysFromToday(-1), peso: 70, altura: 170, objetivo: 'Manutenção' });
    expect(await read<ClientHeader>(ctx, staff.token, clientPage(client.id))).toMatchObject({ objetivo: 'Manutenção', dias_planejados: 0 });
  });

  /** A client with an old plan and a current one, both with the bench press; a session in the old and two in the new. */
  async function clientWithTwoPlans() {
    const client = await signIn(ctx, { nome: 'Paula Planos', evaluation: { plano: 'PRO', data_consulta: daysFromToday(-60) } });
    const oldWorkout = await createWorkout(ctx.db, client.evaluationId!, workoutOf('Plano antigo', ['Supino reto', 'Remada curvada']));
    const current = await createEvaluation(ctx.db, client.id, { plano: 'ULTIMATE', data_consulta: daysFromToday(-10), peso: 68, altura: 170, objetivo: 'Força' });
    const newWorkout = await createWorkout(ctx.db, current, workoutOf('Plano novo', ['Supino reto', 'Élevação pélvica', 'abdominal com carga']));
    const [oldBench, row] = await exerciseIds(ctx.db, oldWorkout);
    const [newBench, hipThrust, crunch] = await exerciseIds(ctx.db, newWorkout);
    const sessions = {
      old: sessionOn(daysFromToday(-30), [
        [oldBench!, 20, 10],
        [oldBench!, 22.5, 8],
        [row!, 30, 12],
      ]),
      middle: sessionOn(daysFromToday(-3), [
        [newBench!, 25, 5],
        [newBench!, 24, 6],
        [hipThrust!, 40, 12],
      ]),
      latest: sessionOn(daysFromToday(-1), [
        [newBench!, 25, 8],
        [crunch!, 10, 15],
      ]),
    };
    await createSession(ctx.db, client.id, oldWorkout, sessions.old);
    // Stored out of order: the list orders by start.
    await createSession(ctx.db, client.id, newWorkout, sessions.latest);
    await createSession(ctx.db, client.id, newWorkout, sessions.middle);
    return { ...client, oldWorkout, newWorkout, sessions, exercises: { oldBench: oldBench!, row: row!, newBench: newBench!, hipThrust: hipThrust!, crunch: crunch! } };
  }

  it("pages the client's sessions of every plan newest first, with the workout's title and each set's activity", async () => {
    const staff = await signInStaff(ctx);
    const paula = await clientWithTwoPlans();
    // Another client's session of a workout of the same activities is not hers.
    const other = await createClient(ctx.db);
    const othersWorkout = await createWorkout(ctx.db, other.evaluationId!, workoutOf('De outro', ['Supino reto']));
    await createSession(ctx.db, other.id, othersWorkout, sessionOn(daysFromToday(-2), [[(await exerciseIds(ctx.db, othersWorkout))[0]!, 50, 5]]));

    const url = `${clientPage(paula.id)}/sessoes`;
    const first = await read<Paged<TeamSession>>(ctx, staff.token, `${url}?size=2`);
    expect(first).toMatchObject({ page: 0, size: 2, total: 3 });
    expect(first.results.map((session) => session.id)).toEqual([paula.sessions.latest.id, paula.sessions.middle.id]);
    expect(first.results[0]).toEqual({
      id: paula.sessions.latest.id,
      treino_id: paula.newWorkout,
      treino_titulo: 'Plano novo',
      iniciado_em: paula.sessions.latest.iniciado_em,
      concluido_em: paula.sessions.latest.concluido_em,
      series: [
        { exercicio_id: paula.exercises.newBench, atividade_nome: 'Supino reto', troca_de: null, numero: 1, carga: 25, repeticoes: 8, feito_em: paula.sessions.latest.series[0]!.feito_em, carga_suspeita: false },
        { exercicio_id: paula.exercises.crunch, atividade_nome: 'abdominal com carga', troca_de: null, numero: 1, carga: 10, repeticoes: 15, feito_em: paula.sessions.latest.series[1]!.feito_em, carga_suspeita: false },
      ],
      trocas: [],
      como_foi: null,
      // The hip thrust has no set.
      incompleta: true,
    });

    const second = await read<Paged<TeamSession>>(ctx, staff.token, `${url}?page=1&size=2`);
    expect(second).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(second.results.map((session) => [session.id, session.treino_titulo])).toEqual([[paula.sessions.old.id, 'Plano antigo']]);
    expect(second.results[0]!.series.map((set) => [set.atividade_nome, set.numero, set.carga])).toEqual([
      ['Supino reto', 1, 20],
      ['Supino reto', 2, 22.5],
      ['Remada curvada', 1, 30],
    ]);
    expect(await read(ctx, staff.token, `${url}?page=2&size=2`)).toEqual({ results: [], page: 2, size: 2, total: 3 });

    const without = await createClient(ctx.db);
    expect(await read(ctx, staff.token, `${clientPage(without.id)}/sessoes`)).toEqual({ results: [], page: 0, size: 50, total: 0 });
    expectBadField(await call(ctx.app, 'GET', `${url}?size=0`, { token: staff.token }), 'size');
  });

  it('groups the progress by activity across plans: the best set of each session, oldest first, activities by name', async () => {
    const staff = await signInStaff(ctx);
    const paula = await clientWithTwoPlans();
    const { old, middle, latest } = paula.sessions;

    const progress = await read<ClientProgress>(ctx, staff.token, `${clientPage(paula.id)}/progresso`);
    // Portuguese order, whatever the database's collation: lower case and accents among the rest.
    expect(progress.results.map((activity) => activity.nome)).toEqual(['abdominal com carga', 'Élevação pélvica', 'Remada curvada', 'Supino reto']);
    const bench = progress.results.find((activity) => activity.nome === 'Supino reto')!;
    const benchId = await ctx.db.selectFrom('exercises').select('activity_id').where('id', '=', paula.exercises.newBench).executeTakeFirstOrThrow();
    expect(bench).toEqual({
      atividade_id: benchId.activity_id,
      nome: 'Supino reto',
      pontos: [
        // The old plan's exercise and the new one's, as one activity; Epley: 22.5 × (1 + 8/30) = 28.5 beats 20 × (1 + 10/30) = 26.7.
        { sessao_id: old.id, data: old.iniciado_em, carga: 22.5, repeticoes: 8, series: 2, rm_estimado: 28.5 },
        { sessao_id: middle.id, data: middle.iniciado_em, carga: 25, repeticoes: 5, series: 2, rm_estimado: 29.2 },
        { sessao_id: latest.id, data: latest.iniciado_em, carga: 25, repeticoes: 8, series: 1, rm_estimado: 31.7 },
      ],
    });
    expect(progress.results.find((activity) => activity.nome === 'Remada curvada')!.pontos).toEqual([
      { sessao_id: old.id, data: old.iniciado_em, carga: 30, repeticoes: 12, series: 1, rm_estimado: 42 },
    ]);

    // The client's own history of an exercise is its activity's, like the team's line: the old plan's sessions too.
    const own = await read<unknown[]>(ctx, paula.token, `/api/v1/exercicios/${paula.exercises.newBench}/historico`);
    expect(own).toEqual(bench.pontos);

    expect(await read(ctx, staff.token, `${clientPage((await createClient(ctx.db)).id)}/progresso`)).toEqual({ results: [] });
  });

  it('lists every evaluation oldest first', async () => {
    const staff = await signInStaff(ctx);
    const paula = await clientWithTwoPlans();
    const { results } = await read<EvaluationList>(ctx, staff.token, `${clientPage(paula.id)}/avaliacoes`);
    expect(results.map((evaluation) => [evaluation.plano, evaluation.created_at.slice(0, 10)])).toEqual([
      ['PRO', daysFromToday(-60)],
      ['ULTIMATE', daysFromToday(-10)],
    ]);
    expect(results[1]).toEqual({
      id: expect.any(Number),
      plano: 'ULTIMATE',
      vencimento: expect.any(String),
      created_at: `${daysFromToday(-10)}T12:00:00.000Z`,
      peso: 68,
      altura: 170,
      objetivo: 'Força',
      consumo_ideal_agua: null,
      observacoes: null,
      profissional: null,
      percentual_gordura: null,
      massa_magra: null,
      circunferencia_cintura: null,
      circunferencia_quadril: null,
      circunferencia_braco: null,
      circunferencia_coxa: null,
      circunferencia_peito: null,
      dobra_triceps: null,
      dobra_subescapular: null,
      dobra_suprailiaca: null,
      dobra_abdominal: null,
      dobra_coxa: null,
      dobra_peitoral: null,
      dobra_axilar_media: null,
    });
  });

  it("answers 404 for an id that is not a client's: a team member's, or unknown", async () => {
    const staff = await signInStaff(ctx);
    const other = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    for (const id of [other.id, staff.id, 999_999]) {
      for (const path of CALLS) {
        const body = expectError(await call(ctx.app, 'GET', `${clientPage(id)}${path}`, { token: staff.token }), 404);
        expect(body.message, `${id}${path}`).toBe('Cliente não encontrado.');
      }
    }
    for (const path of CALLS) expectBadField(await call(ctx.app, 'GET', `${clientPage('abc')}${path}`, { token: staff.token }), 'id');
  });

  it('answers only staff tokens: a client gets 403, even on their own page, and the signed-out 401', async () => {
    const paula = await clientWithTwoPlans();
    const bruno = await signIn(ctx);
    for (const path of CALLS) {
      for (const id of [paula.id, bruno.id]) {
        const refused = expectError(await call(ctx.app, 'GET', `${clientPage(id)}${path}`, { token: paula.token }), 403);
        expect(refused.message, `${id}${path}`).toBe('Esta área é exclusiva da equipe.');
      }
      expectError(await call(ctx.app, 'GET', `${clientPage(paula.id)}${path}`), 401);
    }
  });
});
