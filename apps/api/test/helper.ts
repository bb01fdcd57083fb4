import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { migrateToLatest, openDatabase, type Db } from '../src/db/database.js';
import { createEvaluation, createUser, type EvaluationInput } from '../src/db/factories.js';

export * from '../src/db/factories.js';

export const PASSWORD = 'Senha123';

export interface TestContext {
  app: App;
  db: Db;
  config: Config;
  close: () => Promise<void>;
}

/**
 * Builds the app on a fresh in-memory SQLite, or, when TEST_DATABASE_URL is set, on a fresh
 * schema of that PostgreSQL database (dropped on close). Tests inject; nothing listens.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent', ...env }),
    WEB_DIST: null,
  };
  const url = process.env.TEST_DATABASE_URL;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let db: Db;
  if (url) {
    const admin = openDatabase({ kind: 'postgres', url });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    await admin.destroy();
    db = openDatabase({ kind: 'postgres', url, schema });
  } else {
    db = openDatabase({ kind: 'sqlite', file: ':memory:' });
  }
  await migrateToLatest(db);
  const app = await buildApp({ config, db, jwtSecret: randomBytes(32) });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      if (url) await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    },
  };
}

let clientCount = 0;

/** A client account with a password and, unless told otherwise, one evaluation. */
export async function createClient(
  db: Db,
  options: { email?: string; nome?: string; evaluation?: Partial<EvaluationInput> | null } = {},
) {
  clientCount += 1;
  const user = await createUser(db, {
    email: options.email ?? `cliente${clientCount}@teste.fit`,
    password: PASSWORD,
    client: { nome: options.nome ?? 'Maria Teste Silva', data_nascimento: '1990-05-20' },
  });
  const evaluationId =
    options.evaluation === null
      ? undefined
      : await createEvaluation(db, user.id, {
          plano: 'ULTIMATE',
          daysAgo: 5,
          peso: 70,
          altura: 170,
          objetivo: 'Hipertrofia',
          ...options.evaluation,
        });
  return { ...user, evaluationId };
}

export async function login(app: App, email: string, password = PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json() as { token: string; refresh_token: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
