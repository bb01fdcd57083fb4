import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { setPasswordHash } from '../src/modules/auth/repository.js';
import { call, createUser, freshAddress, PASSWORD, useTestApp, type TestContext } from './helper.js';

/** What the server stored for 'Senha123' before hashes met OWASP's minimum: N=2^14. */
const LEGACY_HASH = 'scrypt$16384$8$1$bGVnYWN5LXNhbHQtMTZiIQ$0a7Rh1wM-gd3YFfg0BF8sqaNE4yXtq_L4gGKxNLEgHk';
const PRODUCTION_HASH = /^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/;

const storedHash = async (ctx: TestContext, id: number) =>
  (await ctx.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;

const postLogin = (ctx: TestContext, email: string, password: string) =>
  call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email, password }, remoteAddress: freshAddress() });

describe('password hashing at production strength', () => {
  const ctx = useTestApp({ SCRYPT_COST: '17' });

  it('defaults to N=2^17, r=8, p=1, and stores the parameters with the hash', async () => {
    expect(loadConfig({}).SCRYPT_COST).toBe(17);
    expect(await hashPassword(PASSWORD)).toMatch(PRODUCTION_HASH);
  });

  it('signs in with a hash stored before, and re-hashes it at the current strength', async () => {
    const user = await createUser(ctx.db, { email: 'antiga@teste.fit', client: { nome: 'Senha Antiga' } });
    await setPasswordHash(ctx.db, user.id, LEGACY_HASH);

    expect((await postLogin(ctx, user.email, PASSWORD)).statusCode).toBe(200);
    const upgraded = await storedHash(ctx, user.id);
    expect(upgraded).toMatch(PRODUCTION_HASH);

    expect((await postLogin(ctx, user.email, PASSWORD)).statusCode).toBe(200);
    expect(await storedHash(ctx, user.id)).toBe(upgraded);
    expect((await postLogin(ctx, user.email, 'Senha1234')).statusCode).toBe(401);
  });

  it('leaves a weak hash alone after a wrong password', async () => {
    const user = await createUser(ctx.db, { email: 'errada@teste.fit', client: { nome: 'Senha Errada' } });
    await setPasswordHash(ctx.db, user.id, LEGACY_HASH);
    expect((await postLogin(ctx, user.email, 'Senha1234')).statusCode).toBe(401);
    expect(await storedHash(ctx, user.id)).toBe(LEGACY_HASH);
  });

});

// A describe of its own, so its app is built after the one above is closed: on PostgreSQL, Kysely's
// migrator mistakes another live test schema's migration tables for its own.
describe('password hashing at a cost below production', () => {
  const ctx = useTestApp();

  it('never weakens a hash made stronger than the configured cost', async () => {
    expect(ctx.config.SCRYPT_COST).toBeLessThan(17);
    const user = await createUser(ctx.db, { email: 'forte@teste.fit', password: PASSWORD, scryptCost: 17, client: { nome: 'Senha Forte' } });
    const strong = await storedHash(ctx, user.id);
    expect((await postLogin(ctx, user.email, PASSWORD)).statusCode).toBe(200);
    expect(await storedHash(ctx, user.id)).toBe(strong);
  });
});
