import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LinkOrigin, PlanDiet, PlanEvaluation } from '@acompanha/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type LogEvent } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type App, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { migrateToLatest, openDatabase, type Db } from '../src/db/database.js';
import { daysFromToday } from '../src/dates.js';
import { createUser } from '../src/modules/accounts/repository.js';
import { createDiet } from '../src/modules/diets/repository.js';
import { createEvaluation } from '../src/modules/evaluations/repository.js';
import { createWorkout, type WorkoutInput } from '../src/modules/workouts/repository.js';
import { createAuthService } from '../src/modules/auth/service.js';
import { openMediaStorage } from '../src/storage/open-media-storage.js';
import { eventually } from './eventually';

// The tests' factories write through the repositories, as the server and the demo data do.
export { daysFromToday } from '../src/dates.js';
export { createUser } from '../src/modules/accounts/repository.js';
export { createDiet } from '../src/modules/diets/repository.js';
export { createEvaluation } from '../src/modules/evaluations/repository.js';
export { insertMessage } from '../src/modules/messages/repository.js';
export { createSession } from '../src/modules/workout-sessions/repository.js';
export { createWorkout, type WorkoutInput } from '../src/modules/workouts/repository.js';

export const PASSWORD = 'Senha123';

/**
 * scrypt's cost in tests unless a test asks for more: production strength takes 0.3 s a hash, and
 * the suite hashes and checks hundreds of passwords.
 */
export const TEST_SCRYPT_COST = 10;

export interface TestContext {
  app: App;
  db: Db;
  config: Config;
  /** The kinds of the queries run on `db` (SelectQueryNode...), in order; a test empties it before what it counts. */
  statements: string[];
  /** The same queries' SQL and parameters, for a test that reads their plans (EXPLAIN). */
  queries: { sql: string; parameters: readonly unknown[] }[];
  close: () => Promise<void>;
}

/**
 * Builds the app on a fresh in-memory SQLite, or, when TEST_DATABASE_URL is set, on a fresh
 * schema of that PostgreSQL database (dropped on close). Tests inject; nothing listens. Silent
 * unless given a logger; `extend` adds a test's own routes before the app is ready.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  logger?: AppOptions['logger'],
  extend?: (app: App) => Promise<void>,
): Promise<TestContext> {
  // Photos go to a folder of this app's own unless the test names a storage (MEDIA_DIR, or a bucket).
  const ownMediaDir = env.MEDIA_DIR === undefined && env.S3_BUCKET === undefined;
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: os.tmpdir(),
      LOG_LEVEL: 'silent',
      SCRYPT_COST: String(TEST_SCRYPT_COST),
      ...(ownMediaDir ? { MEDIA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-media-')) } : {}),
      ...env,
    }),
    WEB_DIST: null,
  };
  const url = process.env.TEST_DATABASE_URL;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const statements: string[] = [];
  const queries: TestContext['queries'] = [];
  // What each call costs: every query run, the availability probe's raw `select 1` aside.
  const log = (event: LogEvent) => {
    if (event.level === 'query' && event.query.query.kind !== 'RawNode') {
      statements.push(event.query.query.kind);
      queries.push({ sql: event.query.sql, parameters: event.query.parameters });
    }
  };
  let db: Db;
  if (url) {
    const admin = openDatabase({ kind: 'postgres', url });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    await admin.destroy();
    // Migrated unbounded on a pool of its own, then bounded as a server's (db/open.ts).
    const migrating = openDatabase({ kind: 'postgres', url, schema });
    await migrateToLatest(migrating);
    await migrating.destroy();
    db = openDatabase({ kind: 'postgres', url, schema }, { log, statementTimeoutMs: config.STATEMENT_TIMEOUT_MS });
  } else {
    db = openDatabase({ kind: 'sqlite', file: ':memory:' }, { log });
    await migrateToLatest(db);
  }
  const app = await buildApp({ config, db, jwtSecret: randomBytes(32), storage: await openMediaStorage(config), logger });
  await extend?.(app);
  await app.ready();
  // A test finds the workers' first passes done (the retention run of the start, say).
  await app.workers.idle();
  return {
    app,
    db,
    config,
    statements,
    queries,
    async close() {
      await app.close();
      if (url) await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
      if (ownMediaDir) fs.rmSync(config.MEDIA_DIR, { recursive: true, force: true });
    },
  };
}

let clientCount = 0;

/** A client account with a password and, unless told otherwise, one evaluation. */
export async function createClient(
  db: Db,
  options: { email?: string; nome?: string; evaluation?: Partial<PlanEvaluation> | null } = {},
) {
  clientCount += 1;
  const user = await createUser(db, {
    email: options.email ?? `cliente${clientCount}@teste.fit`,
    password: PASSWORD,
    scryptCost: TEST_SCRYPT_COST,
    client: { nome: options.nome ?? 'Maria Teste Silva', data_nascimento: '1990-05-20' },
  });
  const evaluationId =
    options.evaluation === null
      ? undefined
      : await createEvaluation(db, user.id, {
          plano: 'ULTIMATE',
          data_consulta: daysFromToday(-5),
          peso: 70,
          altura: 170,
          objetivo: 'Hipertrofia',
          ...options.evaluation,
        });
  return { ...user, evaluationId };
}

let addressCount = 0;

/** A client address no other request used, each in a /24 of its own, so per-address and per-network limits start from zero. */
export function freshAddress() {
  addressCount += 1;
  return `10.${100 + Math.floor(addressCount / 256)}.${addressCount % 256}.1`;
}

/** Signs in from an address of its own, so tests that are not about rate limits never meet one; `codigo` for a second factor. */
export async function login(app: App, email: string, password = PASSWORD, codigo?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password, codigo },
    remoteAddress: freshAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json() as { token: string; refresh_token: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * One app per test file: `const ctx = useTestApp()` at the top of a describe block; ctx is filled
 * in before the first test and closed after the last.
 */
export function useTestApp(env: Record<string, string> = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await buildTestApp(env));
  });
  afterAll(() => ctx.close());
  return ctx;
}

/** Stops the app's own push workers, for a test that drives a sender on its own clock. */
export async function stopAppPush(ctx: TestContext) {
  for (const worker of ctx.app.push.workers) await worker.stop();
}

/** A signed-in client whose evaluation has the sample workout and diet; with their ids and the first exercise's. */
export async function signInWithPlan(ctx: TestContext, prefix = 'Plano') {
  const client = await signIn(ctx);
  const workoutId = await createWorkout(ctx.db, client.evaluationId!, sampleWorkout(prefix));
  const dietId = await createDiet(ctx.db, client.evaluationId!, sampleDiet(prefix));
  return { ...client, workoutId, dietId, exerciseId: (await exerciseIds(ctx.db, workoutId))[0]! };
}

/** A client (see createClient) already signed in, with its tokens. */
export async function signIn(ctx: TestContext, options: Parameters<typeof createClient>[1] = {}) {
  const client = await createClient(ctx.db, options);
  return { ...client, ...(await login(ctx.app, client.email)) };
}

/** A GET/PUT/... as a client: `call(ctx.app, 'GET', url, { token })`. */
export function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  { token, payload, remoteAddress, cookie }: { token?: string; payload?: InjectOptions['payload']; remoteAddress?: string; cookie?: string } = {},
) {
  return app.inject({ method, url, payload, remoteAddress, headers: { ...(token ? bearer(token) : {}), ...(cookie ? { cookie } : {}) } });
}

/** The Cookie header a browser sends to sign-in after this sign-in's answer: the device cookie it set. */
export const deviceCookieOf = (response: LightMyRequestResponse) => String(response.headers['set-cookie']).split(';')[0]!;

/** Asserts the status and the error body shape of DECISIONS.md §2; returns the body. */
export function expectError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ status, error: expect.any(String), message: expect.any(String) });
  return body as { status: number; error: string; message: string; code?: string; field?: string };
}

/** Asserts a 400 whose body names the offending field; returns the body. */
export function expectBadField(response: LightMyRequestResponse, field: string) {
  const body = expectError(response, 400);
  expect(body.field).toBe(field);
  expect(body.message).toContain(field);
  return body;
}

export interface IdRoute {
  method: 'GET' | 'PUT';
  /** The path with `{name}` where the id goes. */
  path: string;
  /** The field a 400 names when that id is not a valid id. */
  field: string;
  payload?: object;
}

/** Every route that takes an id. */
export const ID_ROUTES: IdRoute[] = [
  { method: 'GET', path: '/api/v2/clientes/{user_id}', field: 'user_id' },
  { method: 'GET', path: '/api/v1/clientes/{user_id}/avaliacoes', field: 'userId' },
  { method: 'GET', path: '/api/v1/clientes/{user_id}/inicio', field: 'userId' },
  { method: 'GET', path: '/api/v1/avaliacoes/{evaluation_id}/dietas', field: 'id' },
  { method: 'GET', path: '/api/v1/avaliacoes/{evaluation_id}/treinos', field: 'id' },
  { method: 'GET', path: '/api/v1/treinos/{workout_id}', field: 'id' },
  { method: 'GET', path: '/api/v1/treinos/{workout_id}/exercicios', field: 'id' },
  { method: 'GET', path: '/api/v1/dietas/{diet_id}', field: 'id' },
  { method: 'GET', path: '/api/v1/dietas/{diet_id}/refeicoes', field: 'id' },
  { method: 'PUT', path: '/api/v1/exercicios/{exercise_id}', field: 'id', payload: { carga: 77 } },
  { method: 'GET', path: '/api/v1/treinos/{workout_id}/sessoes', field: 'id' },
  { method: 'GET', path: '/api/v1/exercicios/{exercise_id}/historico', field: 'id' },
];

/** An `ID_ROUTES` path with its id in place. */
export const fillId = (path: string, id: number | string) => path.replace(/\{\w+\}/, String(id));

/** Every e-mail the server has stored, oldest first. */
export function outbox(db: Db) {
  return db.selectFrom('outbox').selectAll().orderBy('id').execute();
}

/** Asks for a reset e-mail as the web app does: the address in the query, the JSON body `{}`. */
export const requestResetEmail = (app: App, email: string, remoteAddress = freshAddress()) =>
  call(app, 'POST', `/api/token/generate/reset-password?email=${encodeURIComponent(email)}`, { payload: {}, remoteAddress });

/**
 * Waits until the reset e-mails asked for so far are made: the server makes them after answering,
 * one at a time and in order, so they are once one more, asked for a new client, is in the outbox.
 */
export async function resetEmailsDone(ctx: TestContext) {
  const last = await createClient(ctx.db, { evaluation: null });
  expect((await requestResetEmail(ctx.app, last.email)).statusCode).toBe(200);
  await eventually(async () => expect((await outbox(ctx.db)).some((email) => email.recipient === last.email)).toBe(true));
}

/** The auth service as the app's routes build it, for what operators do outside HTTP. */
export const authService = (ctx: TestContext) =>
  createAuthService({ db: ctx.db, config: ctx.config, secret: ctx.app.jwtSecret, mailer: ctx.app.mailer });

/** Creates a one-time link for a user the way the server e-mails it, and returns its token. */
export async function issueLink(ctx: TestContext, user: { id: number; email: string }, origin: LinkOrigin) {
  return tokenOfLink(await authService(ctx).sendLink(user, origin));
}

/** The token of an e-mailed `/api/v1/auth/link?token=...` link. */
export function tokenOfLink(link: string) {
  const url = new URL(link);
  expect(url.pathname).toBe('/api/v1/auth/link');
  return url.searchParams.get('token')!;
}

/** A diet with two meals (a time window and a custom time), titles prefixed to tell owners apart. */
export const sampleDiet = (prefix: string): PlanDiet => ({
  titulo: `${prefix} dieta`,
  is_dia_de_treino: true,
  meals: [
    { titulo: `${prefix} café da manhã`, horario_inicio: '07:00', horario_fim: '08:30', opcoes: [[`${prefix} ovos`, 'pão'], ['iogurte']] },
    { titulo: `${prefix} lanche`, horario_customizado: '10:15', opcoes: [[`${prefix} fruta`]] },
  ],
});

/** A workout with two exercises, titles prefixed to tell owners apart. */
export const sampleWorkout = (prefix: string): WorkoutInput => ({
  titulo: `${prefix} treino A`,
  dias: ['SEGUNDA', 'QUINTA'],
  observacao: `${prefix} observação`,
  exercises: [
    {
      atividade: { titulo: `${prefix} supino`, grupo_muscular: 'Peito', video: 'https://youtu.be/supino' },
      series: 4,
      repeticoes: '10-12',
      carga: 20,
      tempo_descanso: 60,
    },
    {
      atividade: { titulo: `${prefix} remada`, grupo_muscular: 'Costas' },
      series: 3,
      repeticoes: '12',
      tempo_descanso: 90,
      observacao: 'Cadência lenta',
    },
  ],
});

/** The ids of a workout's exercises, in order. */
export async function exerciseIds(db: Db, workoutId: number) {
  const rows = await db.selectFrom('exercises').select('id').where('workout_id', '=', workoutId).orderBy('posicao').execute();
  return rows.map((row) => row.id);
}

export async function exerciseLoad(db: Db, exerciseId: number) {
  const row = await db.selectFrom('exercises').select('carga').where('id', '=', exerciseId).executeTakeFirstOrThrow();
  return row.carga;
}
