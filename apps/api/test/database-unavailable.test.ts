import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openMediaStorage } from '../src/storage/open-media-storage.js';
import { isDatabaseUnavailable } from '../src/db/availability.js';
import { migrateToLatest, openDatabase, type Db } from '../src/db/database.js';
import { call, createClient, createWorkout, exerciseIds, expectError, login, sampleWorkout, TEST_SCRYPT_COST } from './helper.js';

describe('what counts as the database being unavailable', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code });
  it.each(['ECONNREFUSED', '57P01', '08006', 'SQLITE_BUSY', 'SQLITE_READONLY_DBMOVED', 'SQLITE_IOERR_WRITE', 'SQLITE_CANTOPEN'])('%s', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });
  it('a lost connection without a code', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });
  it.each(['23505', 'SQLITE_CONSTRAINT_UNIQUE', '42P01'])('not %s, a fault of the query', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(false);
  });
});

// A file that another process holds locked: only SQLite has one.
describe.runIf(!process.env.TEST_DATABASE_URL)('an SQLite file locked by another process', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-locked-'));
  const file = path.join(dir, 'acompanha.db');
  let db: Db;
  let app: App;
  let workoutExercise: number | undefined;
  let token: string;

  beforeAll(async () => {
    db = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(db);
    const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', SCRYPT_COST: String(TEST_SCRYPT_COST) }), WEB_DIST: null };
    app = await buildApp({ config, db, jwtSecret: randomBytes(32), storage: await openMediaStorage(config) });
    const client = await createClient(db);
    [workoutExercise] = await exerciseIds(db, await createWorkout(db, client.evaluationId!, sampleWorkout('Travado')));
    ({ token } = await login(app, client.email));
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a write 503 once the busy wait is over, then saves again when the lock is gone', async () => {
    const other = new SQLite(file);
    other.exec('begin exclusive');
    const refused = await call(app, 'PUT', `/api/v1/exercicios/${workoutExercise}`, { token, payload: { carga: 50 } });
    expectError(refused, 503);
    expect(refused.headers['retry-after']).toBe('5');
    other.exec('rollback');
    other.close();
    const saved = await call(app, 'PUT', `/api/v1/exercicios/${workoutExercise}`, { token, payload: { carga: 50 } });
    expect(saved.statusCode).toBe(200);
  });
});
