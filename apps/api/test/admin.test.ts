import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { planFileSchema, type PlanFile } from '@acompanha/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin/run-admin.js';
import { disableMember } from '../src/modules/accounts/service.js';
import { importPlan } from '../src/modules/plans/service.js';
import {
  authService,
  call,
  createClient,
  createSession,
  createUser,
  createWorkout,
  daysFromToday,
  exerciseIds,
  expectError,
  login,
  outbox,
  PASSWORD,
  TEST_SCRYPT_COST,
  sampleWorkout,
  tokenOfLink,
  useTestApp,
} from './helper.js';
import { runOnAFixedDay } from './fixed-day.js';
import { enrolSecondFactor, totpCode } from './staff.js';

// Expectations name days relative to today (daysFromToday), and so does the server.
runOnAFixedDay();

const apiRoot = path.resolve(import.meta.dirname, '..');
const examplePath = path.resolve(apiRoot, '../../docs/plan-example.json');
const exampleText = fs.readFileSync(examplePath, 'utf8');
const example = (): PlanFile => JSON.parse(exampleText);
const NEW_PASSWORD = 'PrimeiraSenha1';

/** The example plan with fields replaced; `undefined` leaves a field out of the file. */
function exampleWith(edits: [path: (string | number)[], value: unknown][]) {
  const plan = example();
  for (const [fieldPath, value] of edits) {
    const parent = fieldPath.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], plan);
    (parent as Record<string | number, unknown>)[fieldPath.at(-1)!] = value;
  }
  return plan;
}

/** A plan file in a fresh temporary folder. */
function planFile(plan: unknown) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-plan-')), 'plan.json');
  fs.writeFileSync(file, typeof plan === 'string' ? plan : JSON.stringify(plan, null, 2));
  return file;
}

describe('admin CLI', () => {
  const ctx = useTestApp();

  /** Runs one command line on the test database, as `npm run admin -- ...argv` would. */
  async function admin(...argv: string[]) {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await runAdmin(argv, { out: (line) => stdout.push(line), err: (line) => stderr.push(line) }, async () => ({
      db: ctx.db,
      auth: authService(ctx),
    }));
    return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
  }

  async function ok(...argv: string[]) {
    const result = await admin(...argv);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    return result.stdout;
  }

  async function fails(...argv: string[]) {
    const result = await admin(...argv);
    expect(result.code, result.stdout).toBe(1);
    expect(result.stderr).not.toBe('');
    return result.stderr;
  }

  let count = 0;
  /** A client created through the CLI, with no evaluation; answers its id and e-mail. */
  async function newClient(name = 'Ana Paula Souza') {
    count += 1;
    const email = `cliente-cli-${count}@example.com`;
    const stdout = await ok('client:create', '--name', name, '--email', email, '--birth', '1994-03-15');
    const id = Number(/#(\d+)/.exec(stdout)![1]);
    return { id, email, link: stdout.split('\n').find((line) => line.startsWith('http'))! };
  }

  /** Rows in every table a plan writes to. */
  async function planRows() {
    const tables = ['evaluations', 'diets', 'meals', 'meal_options', 'meal_groups', 'workouts', 'exercises', 'activities'];
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db);
      counts[table] = Number(rows[0]!.n);
    }
    return counts;
  }

  const changePassword = (token: string, password: string) =>
    call(ctx.app, 'PATCH', '/api/v1/users/change-password', { token, payload: { password } });

  describe('help and usage', () => {
    it('lists every command with --help, and answers 0', async () => {
      const stdout = await ok('--help');
      for (const command of ['client:create', 'client:invite', 'client:list', 'client:show', 'client:assign', 'plan:import', 'plan:export', 'sessions:export', 'user:create-staff']) {
        expect(stdout).toContain(command);
      }
    });

    it.each(['client:create', 'client:invite', 'client:list', 'client:show', 'client:assign', 'plan:import', 'plan:export', 'sessions:export', 'user:create-staff'])(
      'explains %s with --help without touching the database',
      async (command) => {
        const stderr: string[] = [];
        const stdout: string[] = [];
        const code = await runAdmin([command, '--help'], { out: (line) => stdout.push(line), err: (line) => stderr.push(line) }, () => {
          throw new Error('help opened the database');
        });
        expect(code).toBe(0);
        expect(stdout[0]).toMatch(new RegExp(`^Usage: npm run admin -- ${command}`));
        expect(stdout.join('\n')).toContain('--help');
      },
    );

    it('answers 1 with the reason on stderr for no command, an unknown one, an unknown option or a missing one', async () => {
      expect(await fails()).toContain('No command given.');
      expect(await fails('client:delete')).toContain("Unknown command 'client:delete'.");
      expect(await fails('client:list', '--all')).toContain("Unknown option '--all'");
      const missing = await fails('plan:import', '--email', 'x@example.com');
      expect(missing).toContain('Missing --file <plan.json>.');
      expect(missing).toContain('npm run admin -- plan:import --help');
    });

    it('runs as a real process: `node --import tsx src/cli/admin.ts --help` exits 0', async () => {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', '--help'], { cwd: apiRoot });
      expect(stdout).toContain('Usage: npm run admin -- <command> [options]');
      expect(stdout).toContain('plan:import');
    });
  });

  describe('client:create', () => {
    it('creates a client without a password, e-mails a first-access link that sets one, and prints it', async () => {
      const before = (await outbox(ctx.db)).length;
      const { id, email, link } = await newClient('Ana Paula Souza');

      const sent = (await outbox(ctx.db)).slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.recipient).toBe(email);
      expect(sent[0]!.link).toBe(link);
      const token = tokenOfLink(link);

      // No password yet: nobody can sign in as the new client.
      expectError(await call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email, password: NEW_PASSWORD } }), 401);

      const followed = await ctx.app.inject(`/api/v1/auth/link?token=${encodeURIComponent(token)}`);
      expect(followed.statusCode).toBe(302);
      const location = new URL(String(followed.headers.location), 'http://app');
      expect(Object.fromEntries(location.searchParams)).toMatchObject({ reason: 'ok', origin: 'FIRST_ACCESS', status: 'success' });

      expect((await changePassword(token, NEW_PASSWORD)).statusCode).toBe(204);
      const session = await login(ctx.app, email, NEW_PASSWORD);
      const me = await call(ctx.app, 'GET', '/api/v1/users/me', { token: session.token });
      expect(me.json()).toEqual({ id, email, roles: ['ROLE_CLIENTE'] });
      const profile = await call(ctx.app, 'GET', `/api/v2/clientes/${id}`, { token: session.token });
      expect(profile.json()).toEqual({ id, email, nome: 'Ana Paula Souza', data_nascimento: '1994-03-15' });
    });

    it('refuses an e-mail that already has an account, in any case, and creates and sends nothing', async () => {
      const { email } = await newClient();
      const users = await ctx.db.selectFrom('users').select('id').execute();
      const emails = (await outbox(ctx.db)).length;

      const stderr = await fails('client:create', '--name', 'Outra Pessoa', '--email', email.toUpperCase());
      expect(stderr).toContain(`An account with the e-mail ${email} already exists`);
      expect(stderr).toContain(`client:invite --email ${email}`);
      expect(await ctx.db.selectFrom('users').select('id').execute()).toHaveLength(users.length);
      expect(await outbox(ctx.db)).toHaveLength(emails);
    });

    it.each([
      [['--name', ' ', '--email', 'ok@example.com'], '--name: expected the full name'],
      [['--name', 'Bia', '--email', 'nao-e-email'], "--email: expected an e-mail address, got 'nao-e-email'"],
      [['--name', 'Bia', '--email', 'bia@example.com', '--birth', '15/03/1994'], "--birth: expected a past date as YYYY-MM-DD, got '15/03/1994'"],
      [['--name', 'Bia', '--email', 'bia@example.com', '--birth', daysFromToday(1)], '--birth: expected a past date'],
    ])('refuses bad options %j and creates nothing', async (args, message) => {
      const users = (await ctx.db.selectFrom('users').select('id').execute()).length;
      expect(await fails('client:create', ...args)).toContain(message);
      expect(await ctx.db.selectFrom('users').select('id').execute()).toHaveLength(users);
    });
  });

  describe('client:invite', () => {
    it('e-mails a fresh first-access link that works, for an account whose first link was lost', async () => {
      const { email, link: first } = await newClient();
      const stdout = await ok('client:invite', '--email', email);
      const link = stdout.split('\n').find((line) => line.startsWith('http'))!;
      expect(link).not.toBe(first);
      expect((await outbox(ctx.db)).at(-1)).toMatchObject({ recipient: email, link });

      expect((await changePassword(tokenOfLink(link), NEW_PASSWORD)).statusCode).toBe(204);
      await login(ctx.app, email, NEW_PASSWORD);
    });

    it('answers 1 for an address without an account', async () => {
      expect(await fails('client:invite', '--email', 'ninguem@example.com')).toContain('No account has the e-mail ninguem@example.com');
    });
  });

  describe('client:assign', () => {
    it("sets a client's trainer and nutritionist by e-mail, keeps one left out, clears one with 'none', as the console shows them", async () => {
      await ok('user:create-staff', '--email', 'treinador.cli@example.com', '--role', 'ROLE_PERSONAL', '--name', 'Treinador CLI');
      await ok('user:create-staff', '--email', 'nutri.cli@example.com', '--role', 'ROLE_NUTRICIONISTA', '--name', 'Nutri CLI');
      const client = await newClient('Cliente Atribuída');
      expect(await ok('client:assign', '--email', client.email, '--personal', 'Treinador.CLI@example.com', '--nutritionist', 'nutri.cli@example.com')).toContain(
        'Cliente Atribuída <' + client.email + '>: trainer Treinador CLI, nutritionist Nutri CLI.',
      );
      expect(await ok('client:assign', '--email', client.email, '--nutritionist', 'none')).toContain('trainer Treinador CLI, nutritionist none.');
      const row = await ctx.db.selectFrom('clients').select(['personal_id', 'nutricionista_id']).where('user_id', '=', client.id).executeTakeFirstOrThrow();
      expect(row.personal_id).not.toBeNull();
      expect(row.nutricionista_id).toBeNull();
    });

    it('answers 1 and changes nothing for a staff e-mail of the wrong role, an unknown one, or no change asked', async () => {
      const client = await newClient('Cliente Sem Troca');
      expect(await fails('client:assign', '--email', client.email, '--personal', 'nutri.cli@example.com')).toContain('--personal: nutri.cli@example.com is not a staff account with ROLE_PERSONAL.');
      expect(await fails('client:assign', '--email', client.email, '--nutritionist', 'ninguem@example.com')).toContain('is not a staff account with ROLE_NUTRICIONISTA');
      expect(await fails('client:assign', '--email', client.email)).toContain('Give --personal, --nutritionist or both.');
      expect(await fails('client:assign', '--email', 'nutri.cli@example.com', '--personal', 'none')).toContain('is a staff account');
      const row = await ctx.db.selectFrom('clients').select(['personal_id', 'nutricionista_id']).where('user_id', '=', client.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ personal_id: null, nutricionista_id: null });
    });
  });

  describe('user:create-staff', () => {
    it('creates a staff account with its roles and a first-access link that sets its password', async () => {
      const stdout = await ok('user:create-staff', '--email', 'Nutri.Nova@example.com', '--role', 'ROLE_NUTRICIONISTA', '--role', 'ROLE_PERSONAL');
      expect(stdout).toContain('Created staff account');
      const link = stdout.split('\n').find((line) => line.startsWith('http'))!;
      expect((await outbox(ctx.db)).at(-1)).toMatchObject({ recipient: 'nutri.nova@example.com', link });

      expect((await changePassword(tokenOfLink(link), NEW_PASSWORD)).statusCode).toBe(204);
      const session = await login(ctx.app, 'nutri.nova@example.com', NEW_PASSWORD);
      const me = await call(ctx.app, 'GET', '/api/v1/users/me', { token: session.token });
      expect(me.json().roles).toEqual(['ROLE_NUTRICIONISTA', 'ROLE_PERSONAL']);
      expect(await ctx.db.selectFrom('clients').select('user_id').where('user_id', '=', me.json().id).execute()).toEqual([]);
    });

    it('stores the --name that signs their messages, and refuses a blank one', async () => {
      const stdout = await ok('user:create-staff', '--email', 'rafael.novo@example.com', '--role', 'ROLE_PERSONAL', '--name', ' Rafael Costa ');
      expect(stdout).toContain('Created staff account');
      expect(stdout).toContain('Rafael Costa <rafael.novo@example.com> (ROLE_PERSONAL)');
      const stored = await ctx.db.selectFrom('users').select('nome').where('email', '=', 'rafael.novo@example.com').executeTakeFirstOrThrow();
      expect(stored.nome).toBe('Rafael Costa');
      expect(await fails('user:create-staff', '--email', 'b@example.com', '--role', 'ROLE_ADMIN', '--name', ' ')).toContain('--name: expected the full name');
    });

    it('stores the --registration that signs their evaluations, and refuses one over 30 characters', async () => {
      await ok('user:create-staff', '--email', 'marina.nova@example.com', '--role', 'ROLE_NUTRICIONISTA', '--registration', ' CRN-3 54321 ');
      const stored = await ctx.db.selectFrom('users').select('registro').where('email', '=', 'marina.nova@example.com').executeTakeFirstOrThrow();
      expect(stored.registro).toBe('CRN-3 54321');
      expect(await fails('user:create-staff', '--email', 'c@example.com', '--role', 'ROLE_PERSONAL', '--registration', 'C'.repeat(31))).toContain(
        '--registration: expected at most 30 characters.',
      );
    });

    it('refuses a client role, a missing role and a taken e-mail', async () => {
      const users = (await ctx.db.selectFrom('users').select('id').execute()).length;
      expect(await fails('user:create-staff', '--email', 'a@example.com', '--role', 'ROLE_CLIENTE')).toContain(
        '--role: expected ROLE_NUTRICIONISTA, ROLE_ADMIN, ROLE_PERSONAL; got ROLE_CLIENTE.',
      );
      expect(await fails('user:create-staff', '--email', 'a@example.com')).toContain('Missing --role <role>.');
      const { email } = await newClient();
      expect(await fails('user:create-staff', '--email', email, '--role', 'ROLE_ADMIN')).toContain('already exists');
      expect(await ctx.db.selectFrom('users').select('id').execute()).toHaveLength(users + 1);
    });
  });

  describe('user:enable', () => {
    it('lets a disabled staff account sign in again with its password', async () => {
      const admin = await createUser(ctx.db, { email: 'admin.cli@example.com', password: PASSWORD, scryptCost: TEST_SCRYPT_COST, roles: ['ROLE_ADMIN'] });
      const member = await createUser(ctx.db, { email: 'rafael.cli@example.com', password: PASSWORD, scryptCost: TEST_SCRYPT_COST, roles: ['ROLE_PERSONAL'] });
      await disableMember(ctx.db, admin.id, member.id);
      expectError(await call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email: member.email, password: PASSWORD } }), 401);

      expect(await ok('user:enable', '--email', 'Rafael.CLI@example.com')).toContain(`Re-enabled staff account #${member.id}: rafael.cli@example.com`);

      expect((await login(ctx.app, member.email)).token).toEqual(expect.any(String));
      expect(await ok('user:enable', '--email', member.email)).toContain('is not disabled; nothing changed');
      // Recorded once, by no one: an operator's command.
      const recorded = await ctx.db.selectFrom('staff_changes').select(['tipo', 'actor_id']).where('target_id', '=', member.id).orderBy('id').execute();
      expect(recorded).toEqual([
        { tipo: 'CONTA_DESATIVADA', actor_id: admin.id },
        { tipo: 'CONTA_REATIVADA', actor_id: null },
      ]);
    });

    it('prints the new first-access link of an account that never set a password', async () => {
      const admin = await createUser(ctx.db, { email: 'admin.cli2@example.com', password: PASSWORD, scryptCost: TEST_SCRYPT_COST, roles: ['ROLE_ADMIN'] });
      const created = await ok('user:create-staff', '--email', 'nova.cli@example.com', '--role', 'ROLE_NUTRICIONISTA');
      await disableMember(ctx.db, admin.id, Number(/#(\d+)/.exec(created)![1]));

      const link = (await ok('user:enable', '--email', 'nova.cli@example.com')).split('\n').find((line) => line.startsWith('http'))!;

      expect((await changePassword(tokenOfLink(link), NEW_PASSWORD)).statusCode).toBe(204);
    });

    it("refuses a client's and an unknown e-mail", async () => {
      const { email } = await newClient();
      expect(await fails('user:enable', '--email', email)).toContain('is a client, not a staff account');
      expect(await fails('user:enable', '--email', 'ninguem@example.com')).toContain('No account has the e-mail ninguem@example.com');
    });
  });

  describe('user:reset-second-factor', () => {
    it('removes the second factor of a member who lost it and its recovery codes, and ends their sessions', async () => {
      const member = await createUser(ctx.db, { email: 'perdeu.celular@example.com', password: PASSWORD, scryptCost: TEST_SCRYPT_COST, roles: ['ROLE_ADMIN'] });
      const secret = await enrolSecondFactor(ctx, member);
      const session = await login(ctx.app, member.email, PASSWORD, totpCode(secret));

      expect(await ok('user:reset-second-factor', '--email', 'Perdeu.Celular@example.com')).toContain(
        `Removed the second factor of staff account #${member.id} (perdeu.celular@example.com)`,
      );

      expectError(await call(ctx.app, 'GET', '/api/v1/users/me', { token: session.token }), 401);
      // Signs in with the password alone, and, an administrator, must enrol again before using the console.
      const again = await login(ctx.app, member.email);
      expect(expectError(await call(ctx.app, 'GET', '/api/v1/equipe/clientes', { token: again.token }), 403).code).toBe('SecondFactorEnrolmentRequired');
      expect(await ok('user:reset-second-factor', '--email', member.email)).toContain('has no second factor; nothing changed');
    });

    it("refuses a client's and an unknown e-mail", async () => {
      const { email } = await newClient();
      expect(await fails('user:reset-second-factor', '--email', email)).toContain('is a client, not a staff account');
      expect(await fails('user:reset-second-factor', '--email', 'ninguem@example.com')).toContain('No account has the e-mail ninguem@example.com');
    });
  });

  describe('sessions:export', () => {
    it("prints the client's sessions, newest first, with workout and exercise titles", async () => {
      const client = await createClient(ctx.db);
      const workoutId = await createWorkout(ctx.db, client.evaluationId!, sampleWorkout('Export'));
      const [supino] = await exerciseIds(ctx.db, workoutId);
      const session = (id: string, day: string) => ({
        id,
        iniciado_em: `${day}T21:30:00.000Z`,
        concluido_em: `${day}T22:20:00.000Z`,
        series: [{ exercicio_id: supino!, numero: 1, carga: 22.5, repeticoes: 10, feito_em: `${day}T21:35:00.000Z` }],
      });
      await createSession(ctx.db, client.id, workoutId, session('0b0f4d3e-58a5-4c3e-9a43-7d0f2f6c1a01', '2026-05-01'));
      await createSession(ctx.db, client.id, workoutId, session('0b0f4d3e-58a5-4c3e-9a43-7d0f2f6c1a02', '2026-05-04'));

      expect(JSON.parse(await ok('sessions:export', '--email', client.email))).toEqual([
        {
          id: '0b0f4d3e-58a5-4c3e-9a43-7d0f2f6c1a02',
          treino: 'Export treino A',
          iniciado_em: '2026-05-04T21:30:00.000Z',
          concluido_em: '2026-05-04T22:20:00.000Z',
          series: [{ exercicio: 'Export supino', troca_de: null, numero: 1, carga: 22.5, repeticoes: 10, feito_em: '2026-05-04T21:35:00.000Z' }],
        },
        expect.objectContaining({ id: '0b0f4d3e-58a5-4c3e-9a43-7d0f2f6c1a01', iniciado_em: '2026-05-01T21:30:00.000Z' }),
      ]);
      expect(JSON.parse(await ok('sessions:export', '--email', (await createClient(ctx.db)).email))).toEqual([]);
    });
  });

  describe('plan:import and plan:export', () => {
    it('validates docs/plan-example.json against the plan schema', () => {
      expect(planFileSchema.safeParse(example()).error?.issues ?? []).toEqual([]);
    });

    it('publishes the plan as the latest evaluation, which the client reads through the app', async () => {
      const client = await createClient(ctx.db, { evaluation: null });
      const stdout = await ok('plan:import', '--email', client.email, '--file', examplePath);
      expect(stdout).toContain('ULTIMATE, consultation 2026-11-16, access until 2027-01-15');
      expect(stdout).toContain('2 diets (11 meals), 3 workouts (18 exercises)');

      const { token } = await login(ctx.app, client.email);
      const get = async (url: string) => (await call(ctx.app, 'GET', url, { token })).json();
      const [evaluation] = (await get(`/api/v1/clientes/${client.id}/avaliacoes`)).results;
      expect(evaluation).toMatchObject({ plano: 'ULTIMATE', vencimento: '2027-01-15', peso: 68.4, altura: 163, consumo_ideal_agua: 2500, circunferencia_peito: 93, dobra_triceps: 19.5, dobra_axilar_media: 13 });
      expect(evaluation.observacoes).toBe(example().evaluation.observacoes);
      // plan:import names no one: the client's notes are unsigned.
      expect(evaluation.profissional).toBeNull();
      expect(evaluation.created_at.slice(0, 10)).toBe('2026-11-16');

      const diets = (await get(`/api/v1/avaliacoes/${evaluation.id}/dietas`)).results;
      expect(diets.map((diet: { titulo: string; is_dia_de_treino: boolean }) => [diet.titulo, diet.is_dia_de_treino])).toEqual([
        ['Plano de 1.750 kcal - dia de treino', true],
        ['Plano de 1.500 kcal - dia de descanso', false],
      ]);
      const meals = await get(`/api/v1/dietas/${diets[0].id}/refeicoes`);
      expect(meals[0]).toMatchObject({ titulo: 'Café da manhã', is_horario_customizado: false, horario_inicio: '07:00', horario_fim: '08:00', horario_customizado: null });
      expect(meals[0].opcoes.map((option: { grupos: { descricao: string }[] }) => option.grupos.map((group) => group.descricao))).toEqual(
        example().diets[0]!.meals[0]!.opcoes,
      );
      expect(meals[3]).toMatchObject({ titulo: 'Pré-treino', is_horario_customizado: true, horario_customizado: '16:30', horario_inicio: null });

      const workouts = (await get(`/api/v1/avaliacoes/${evaluation.id}/treinos`)).results;
      expect(workouts.map((workout: { dias: string[] }) => workout.dias)).toEqual([['SEGUNDA', 'QUINTA'], ['TERCA', 'SEXTA'], ['QUARTA', 'SABADO']]);
      const exercises = (await get(`/api/v1/treinos/${workouts[0].id}/exercicios`)).results;
      expect(exercises[0]).toMatchObject({
        series: 4,
        repeticoes: '10-12',
        carga: 30,
        tempo_descanso: 90,
        observacao: 'Desça até as coxas ficarem paralelas ao chão.',
        atividade: { titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/exemplo-agachamento' },
      });
      expect(exercises.at(-1)).toMatchObject({ carga: null, observacao: null, atividade: { video: null } });
    });

    it('round-trips: export prints the imported file, and export -> import -> export is identical', async () => {
      const first = await createClient(ctx.db, { evaluation: null });
      await ok('plan:import', '--email', first.email, '--file', examplePath);
      const exported = await ok('plan:export', '--email', first.email);
      expect(JSON.parse(exported)).toEqual(example());

      const second = await createClient(ctx.db, { evaluation: null });
      await ok('plan:import', '--email', second.email, '--file', planFile(exported));
      expect(await ok('plan:export', '--email', second.email)).toBe(exported);
    });

    it('exports to a new file with --out, and never overwrites one', async () => {
      const client = await createClient(ctx.db, { evaluation: null });
      await ok('plan:import', '--email', client.email, '--file', examplePath);
      const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-export-')), 'plano.json');
      expect(await ok('plan:export', '--email', client.email, '--out', out)).toContain(`to ${out}`);
      expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toEqual(example());

      fs.writeFileSync(out, 'keep me');
      expect(await fails('plan:export', '--email', client.email, '--out', out)).toContain(`${out} already exists`);
      expect(fs.readFileSync(out, 'utf8')).toBe('keep me');
    });

    it("gives an exercise another video for one client without changing another client's plan", async () => {
      const first = await createClient(ctx.db, { evaluation: null });
      const second = await createClient(ctx.db, { evaluation: null });
      await ok('plan:import', '--email', first.email, '--file', examplePath);
      const video = ['workouts', 0, 'exercises', 0, 'atividade', 'video'];
      await ok('plan:import', '--email', second.email, '--file', planFile(exampleWith([[video, 'https://youtu.be/outro-agachamento']])));

      const videoOf = async (email: string) => JSON.parse(await ok('plan:export', '--email', email)).workouts[0].exercises[0].atividade.video;
      expect(await videoOf(first.email)).toBe('https://youtu.be/exemplo-agachamento');
      expect(await videoOf(second.email)).toBe('https://youtu.be/outro-agachamento');
    });

    it('adds a new latest evaluation on each import and keeps the earlier ones whole', async () => {
      const client = await createClient(ctx.db, { evaluation: null });
      await ok('plan:import', '--email', client.email, '--file', examplePath);
      const next = example();
      next.evaluation = { ...next.evaluation, data_consulta: daysFromToday(0), vencimento: undefined, peso: 66.1 };
      next.diets = next.diets.slice(0, 1);
      await ok('plan:import', '--email', client.email, '--file', planFile(next));

      const show = await ok('client:show', '--email', client.email);
      const rows = show.split('\n').filter((line) => /^\s+#\d+/.test(line));
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatch(new RegExp(`${daysFromToday(0)}\\s+ULTIMATE\\s+${daysFromToday(60)}\\s+1\\s+3$`));
      expect(rows[1]).toMatch(/2026-11-16\s+ULTIMATE\s+2027-01-15\s+2\s+3$/);
      expect(JSON.parse(await ok('plan:export', '--email', client.email)).evaluation).toMatchObject({
        data_consulta: daysFromToday(0),
        vencimento: daysFromToday(60),
        peso: 66.1,
      });
    });

    it('gives 60 days of access from the consultation, and the consultation is today, when the file names neither', async () => {
      const client = await createClient(ctx.db, { evaluation: null });
      const plan = example();
      plan.evaluation = { ...plan.evaluation, data_consulta: undefined, vencimento: undefined };
      await ok('plan:import', '--email', client.email, '--file', planFile(plan));
      const [evaluation] = (await call(ctx.app, 'GET', `/api/v1/clientes/${client.id}/avaliacoes`, { token: (await login(ctx.app, client.email)).token })).json().results;
      expect(evaluation.vencimento).toBe(daysFromToday(60));
      expect(evaluation.created_at.slice(0, 10)).toBe(daysFromToday(0));
    });

    it('reports every bad field with its path, and writes nothing', async () => {
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
      const before = await planRows();

      const stderr = await fails('plan:import', '--email', client.email, '--file', planFile(plan));
      const lines = stderr.split('\n').map((line) => line.trim());
      expect(lines[0]).toMatch(/plan\.json is not a valid plan; nothing was imported\. 12 problems:$/);
      expect(lines.slice(1)).toEqual(
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
      expect(lines).toHaveLength(13);
      expect(await planRows()).toEqual(before);
    });

    it.each([
      ['a consultation after today', { data_consulta: daysFromToday(1) }, `evaluation.data_consulta: must not be after today (${daysFromToday(0)})`],
      [
        'a vencimento not after the consultation',
        { data_consulta: daysFromToday(-5), vencimento: daysFromToday(-5) },
        `evaluation.vencimento: must be after the consultation day (${daysFromToday(-5)})`,
      ],
      [
        'a consultation older than the latest evaluation',
        { data_consulta: '2026-11-01' },
        "evaluation.data_consulta: the client's latest evaluation is from 2026-11-16; a new plan must not be older",
      ],
    ])('refuses %s, naming the field, and writes nothing', async (_case, dates, message) => {
      const client = await createClient(ctx.db, { evaluation: null });
      await ok('plan:import', '--email', client.email, '--file', examplePath);
      const plan = example();
      plan.evaluation = { ...plan.evaluation, vencimento: undefined, ...dates };
      const before = await planRows();
      expect(await fails('plan:import', '--email', client.email, '--file', planFile(plan))).toContain(message);
      expect(await planRows()).toEqual(before);
    });

    it('writes a plan whole or not at all: a failure half-way leaves nothing behind', async () => {
      const client = await createClient(ctx.db, { evaluation: null });
      // Past the schema, a value the database refuses (series is NOT NULL) fails the last insert.
      const plan = exampleWith([[['workouts', 2, 'exercises', 4, 'series'], null]]);
      const before = await planRows();
      await expect(importPlan(ctx.db, client.id, plan)).rejects.toThrow();
      expect(await planRows()).toEqual(before);
    });

    it('refuses a file that cannot be read or is not JSON, and a staff account or unknown e-mail', async () => {
      const client = await createClient(ctx.db, { evaluation: null });
      expect(await fails('plan:import', '--email', client.email, '--file', '/nao/existe/plano.json')).toContain('Cannot read /nao/existe/plano.json');
      expect(await fails('plan:import', '--email', client.email, '--file', planFile('{ "evaluation": '))).toMatch(/plan\.json is not valid JSON; nothing was imported/);
      const staff = await createUser(ctx.db, { email: 'equipe-admin@example.com', roles: ['ROLE_ADMIN'] });
      expect(await fails('plan:import', '--email', staff.email, '--file', examplePath)).toContain('equipe-admin@example.com is a staff account (ROLE_ADMIN), not a client.');
      expect(await fails('plan:export', '--email', 'ninguem@example.com')).toContain('No client has the e-mail ninguem@example.com');
    });

    it('refuses to export a client without an evaluation', async () => {
      const client = await createClient(ctx.db, { evaluation: null, nome: 'Davi Rocha' });
      expect(await fails('plan:export', '--email', client.email)).toContain(`Davi Rocha <${client.email}> has no evaluation yet`);
    });
  });

  describe('client:list and client:show', () => {
    it('lists each client with account status and latest plan', async () => {
      const pending = await newClient('Zé Pendente');
      const active = await createClient(ctx.db, { evaluation: null, nome: 'Carla Ativa' });
      await ok('plan:import', '--email', active.email, '--file', examplePath);

      const lines = (await ok('client:list')).split('\n');
      expect(lines[0]).toMatch(/^id\s+name\s+e-mail\s+account\s+plan\s+until$/);
      expect(lines.find((line) => line.includes(pending.email))).toMatch(new RegExp(`^${pending.id}\\s+Zé Pendente\\s+\\S+\\s+awaiting first access\\s+-\\s+-$`));
      expect(lines.find((line) => line.includes(active.email))).toMatch(new RegExp(`^${active.id}\\s+Carla Ativa\\s+\\S+\\s+password set\\s+ULTIMATE\\s+2027-01-15`));
      const clients = await ctx.db.selectFrom('clients').select('user_id').execute();
      expect(lines.at(-1)).toBe(`${clients.length} clients`);
    });

    it("shows a client's profile, pending link and evaluations", async () => {
      const { email, id } = await newClient('Bia Souza');
      const pending = await ok('client:show', '--email', email);
      expect(pending).toContain(`Bia Souza <${email}>, client #${id}`);
      expect(pending).toContain('Born:     1994-03-15');
      expect(pending).toMatch(/Account: {2}awaiting first access; link sent \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, valid until/);
      expect(pending).toContain('Plan:     none yet');

      await ok('plan:import', '--email', email, '--file', examplePath);
      const shown = await ok('client:show', '--email', email);
      expect(shown).toMatch(/#\d+\s+2026-11-16\s+ULTIMATE\s+2027-01-15\s+2\s+3/);
    });
  });
});
