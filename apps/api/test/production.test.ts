import type { HistoryEntry } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { DEMO_PASSWORD, seedDemoData, seedOnFirstStart } from '../src/db/seed.js';
import { call, login, useTestApp } from './helper.js';
import { demoFollowUpEndings } from './demo-data.js';
import { runOnAFixedDay } from './fixed-day.js';

// The demo data is dated relative to today.
runOnAFixedDay();

const SECRET = 'a-secret-every-instance-shares-0123456789';
const POSTGRES = 'postgres://app@db.internal/acompanha';
/** A VAPID pair and subject, as `web-push generate-vapid-keys` prints one: several instances share it like the JWT secret. */
const VAPID = {
  VAPID_PUBLIC_KEY: 'BFOW2_ei76zi11s-nGbOwQtRiFDpXWOsm7w-zsiXqSJOP_spVFOydiK2TyKmTu_aqo2x3x7IgN-or62mD5MfJKk',
  VAPID_PRIVATE_KEY: 'PMNnLuN5b3RMRPDjAh6rfzZdkzg-mFFJ9uYiOcZVwpM',
  VAPID_SUBJECT: 'mailto:equipe@acompanha.app',
};
/** A bucket for photos and its key pair: several instances share it like the secret. */
const S3 = { S3_BUCKET: 'acompanha-media', S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE', S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

describe('configuration for production', () => {
  it('refuses to start on a shared PostgreSQL without JWT_SECRET, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: POSTGRES })).toThrow(/JWT_SECRET: required in production with DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: POSTGRES, JWT_SECRET: '' })).toThrow(/JWT_SECRET/);
  });

  it('starts with JWT_SECRET, on the embedded database, or outside production', () => {
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: POSTGRES, JWT_SECRET: SECRET, ...VAPID, ...S3 }).JWT_SECRET).toBe(SECRET);
    expect(loadConfig({ NODE_ENV: 'production' }).JWT_SECRET).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: POSTGRES }).DATABASE_URL).toBe(POSTGRES);
  });

  it('refuses to start on a shared PostgreSQL without the VAPID pair and subject, naming each, and takes a pair only whole', () => {
    const missing = { NODE_ENV: 'production', DATABASE_URL: POSTGRES, JWT_SECRET: SECRET };
    expect(() => loadConfig(missing)).toThrow(/VAPID_PUBLIC_KEY: required in production with DATABASE_URL/);
    expect(() => loadConfig(missing)).toThrow(/VAPID_PRIVATE_KEY: required/);
    expect(() => loadConfig(missing)).toThrow(/VAPID_SUBJECT: required/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: VAPID.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/);
    expect(() => loadConfig({ ...VAPID, VAPID_PUBLIC_KEY: 'not-a-key' })).toThrow(/VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key/);
    expect(() => loadConfig({ ...VAPID, VAPID_SUBJECT: 'equipe@acompanha.app' })).toThrow(/VAPID_SUBJECT: must be a mailto: or https: URL/);
    // Outside that case the pair is generated in DATA_DIR, and the subject is the team's address.
    expect(loadConfig({ NODE_ENV: 'production' }).VAPID_SUBJECT).toBe('mailto:equipe@acompanha.app');
    expect(loadConfig({ ...missing, ...VAPID, ...S3 }).VAPID_PUBLIC_KEY).toBe(VAPID.VAPID_PUBLIC_KEY);
  });

  it('refuses to start on a shared PostgreSQL without a bucket for photos, saying why, and takes a bucket only with its keys', () => {
    const shared = { NODE_ENV: 'production', DATABASE_URL: POSTGRES, JWT_SECRET: SECRET, ...VAPID };
    expect(() => loadConfig(shared)).toThrow(/S3_BUCKET: required in production with DATABASE_URL: one instance's disk is not another's/);
    expect(loadConfig({ ...shared, ...S3 })).toMatchObject({ S3_BUCKET: 'acompanha-media', S3_REGION: 'us-east-1' });
    // On the embedded database, or outside production, photos are files in DATA_DIR/media unless MEDIA_DIR says otherwise.
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/srv/acompanha' }).MEDIA_DIR).toBe('/srv/acompanha/media');
    expect(loadConfig({ DATABASE_URL: POSTGRES, MEDIA_DIR: '/srv/photos' }).MEDIA_DIR).toBe('/srv/photos');

    expect(() => loadConfig({ S3_BUCKET: 'acompanha-media' })).toThrow(/S3_ACCESS_KEY_ID: required with S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'acompanha-media', S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE' })).toThrow(/S3_SECRET_ACCESS_KEY: required with S3_BUCKET/);
    expect(() => loadConfig({ ...S3, S3_BUCKET: '' })).toThrow(/S3_BUCKET: required with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: without a bucket, photos are kept in MEDIA_DIR/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio.internal:9000' })).toThrow(/S3_BUCKET: required with S3_ENDPOINT/);
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'minio.internal:9000' })).toThrow(/S3_ENDPOINT: must be an http or https URL/);
    expect(loadConfig({ ...S3, S3_ENDPOINT: 'http://minio.internal:9000', S3_REGION: '' })).toMatchObject({ S3_ENDPOINT: 'http://minio.internal:9000', S3_REGION: 'us-east-1' });
  });

  it('reads DEMO_DATA as 0 or 1, off when absent', () => {
    expect(loadConfig({}).DEMO_DATA).toBe(false);
    expect(loadConfig({ DEMO_DATA: '' }).DEMO_DATA).toBe(false);
    expect(loadConfig({ DEMO_DATA: '0' }).DEMO_DATA).toBe(false);
    expect(loadConfig({ DEMO_DATA: '1' }).DEMO_DATA).toBe(true);
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA: must be 0 or 1/);
  });
});

describe('demo data on first start', () => {
  const ctx = useTestApp();
  const userCount = async () => (await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  it('seeds nothing in production, nor on PostgreSQL', async () => {
    expect(await seedOnFirstStart(ctx.db, loadConfig({ NODE_ENV: 'production' }), ctx.app.jwtSecret)).toBe(false);
    expect(await seedOnFirstStart(ctx.db, loadConfig({ NODE_ENV: 'production', DEMO_DATA: '0' }), ctx.app.jwtSecret)).toBe(false);
    expect(await seedOnFirstStart(ctx.db, loadConfig({ DATABASE_URL: POSTGRES, DEMO_DATA: '1' }), ctx.app.jwtSecret)).toBe(false);
    expect(Number(await userCount())).toBe(0);
  });

  it('seeds an empty embedded database in production with DEMO_DATA=1, once', async () => {
    expect(await seedOnFirstStart(ctx.db, loadConfig({ NODE_ENV: 'production', DEMO_DATA: '1' }), ctx.app.jwtSecret)).toBe(true);
    const seeded = await ctx.db.selectFrom('users').select('email').where('email', '=', 'ana@demo.fit').executeTakeFirst();
    expect(seeded).toBeDefined();

    const users = await userCount();
    expect(await seedOnFirstStart(ctx.db, loadConfig({ NODE_ENV: 'development' }), ctx.app.jwtSecret)).toBe(false);
    expect(await userCount()).toBe(users);
  });
});

describe('demo data outside production', () => {
  const ctx = useTestApp();

  it('seeds an empty embedded database without being asked', async () => {
    expect(await seedOnFirstStart(ctx.db, loadConfig({ NODE_ENV: 'development' }), ctx.app.jwtSecret)).toBe(true);
  });
});

describe('demo data on a pinned day', () => {
  const ctx = useTestApp();

  it('dates the demo data from DEMO_TODAY, so that an end-to-end run and its browser share a calendar; production refuses it', async () => {
    expect(await seedOnFirstStart(ctx.db, loadConfig({ NODE_ENV: 'test', DEMO_TODAY: '2027-02-07' }), ctx.app.jwtSecret)).toBe(true);
    const endings = await demoFollowUpEndings(ctx.db);
    // 50, 5 and 30 days after the pinned day (DECISIONS.md §4).
    expect(endings).toEqual([
      { email: 'ana@demo.fit', vencimento: '2027-03-29' },
      { email: 'bruno@demo.fit', vencimento: '2027-02-12' },
      { email: 'carla@demo.fit', vencimento: '2027-03-09' },
    ]);

    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: '1', DEMO_TODAY: '2027-02-07' })).toThrow(/DEMO_TODAY: is for tests only/);
    expect(() => loadConfig({ DEMO_TODAY: '07/02/2027' })).toThrow(/DEMO_TODAY: must be a date, YYYY-MM-DD/);
  });
});

describe("ana's demo sessions", () => {
  const ctx = useTestApp();

  it('give four weeks of each workout with loads that climb to the plan, so charts and records show at once', async () => {
    await seedDemoData(ctx.db, ctx.app.jwtSecret);
    const { token } = await login(ctx.app, 'ana@demo.fit', DEMO_PASSWORD);
    const squat = await ctx.db
      .selectFrom('exercises')
      .innerJoin('activities', 'activities.id', 'exercises.activity_id')
      .innerJoin('workouts', 'workouts.id', 'exercises.workout_id')
      .select(['exercises.id', 'exercises.carga', 'exercises.workout_id'])
      .where('activities.titulo', '=', 'Agachamento livre')
      .where('workouts.titulo', '=', 'Treino A - Inferiores')
      .executeTakeFirstOrThrow();

    const sessions = (await call(ctx.app, 'GET', `/api/v1/treinos/${squat.workout_id}/sessoes`, { token })).json();
    // Two days a week for four weeks, the last of them before today.
    expect(sessions.total).toBe(8);
    expect(Date.parse(sessions.results[0].concluido_em)).toBeLessThan(Date.now());

    const history = (await call(ctx.app, 'GET', `/api/v1/exercicios/${squat.id}/historico`, { token })).json() as HistoryEntry[];
    expect(history).toHaveLength(8);
    const maxes = history.map((entry) => entry.rm_estimado);
    expect(maxes).toEqual([...maxes].sort((a, b) => a - b));
    expect(maxes[0]).toBeLessThan(maxes.at(-1)!);
    expect(history.at(-1)!.carga).toBe(squat.carga);
  });
});
