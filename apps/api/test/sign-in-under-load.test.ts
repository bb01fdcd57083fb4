import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type * as passwords from '../src/modules/auth/passwords.js';
import { MAX_CHECK_WAIT_MS, verifyPassword } from '../src/modules/auth/passwords.js';
import { call, createUser, deviceCookieOf, expectError, freshAddress, PASSWORD, useTestApp } from './helper.js';

// The real checks, counted: a test waits for a burst to reach them rather than for a guessed time.
vi.mock('../src/modules/auth/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

/** Resolves once `count` more password checks than `before` have begun (each is admitted or refused as it begins). */
const checksBegun = (before: number, count: number) =>
  vi.waitFor(() => expect(vi.mocked(verifyPassword).mock.calls.length).toBeGreaterThanOrEqual(before + count), { timeout: 30_000, interval: 5 });

const BURST = 40;

// Production strength: at the tests' usual cost a hash takes a millisecond or two and no queue ever forms.
describe('sign-in through a burst of unknown e-mails, at production strength', () => {
  const ctx = useTestApp({ SCRYPT_COST: '17' });

  /** `device`: the Cookie header of a device that signed in before (deviceCookieOf). */
  const signIn = (email: string, password: string, remoteAddress: string, device?: string) =>
    call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email, password }, remoteAddress, cookie: device });

  /** 40 sign-ins with e-mails that have no account, each from an address of its own, all at once. */
  async function burst() {
    const answers = Array.from({ length: BURST }, (_, i) => signIn(`ninguem${i}-${Date.now()}@teste.fit`, 'Errada123', freshAddress()));
    // Every attempt of the burst reaches the password check before the sign-in that follows.
    await sleep(100);
    return answers;
  }

  /** A burst attempt is checked (401) or shed at once with 503, `Retry-After` and the error body. */
  function expectCheckedOrShed(response: LightMyRequestResponse) {
    if (response.statusCode === 401) return;
    const body = expectError(response, 503);
    expect(body.message).toMatch(/^Muitas pessoas entrando agora\. Tente novamente em \d+ segundos?\.$/);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }

  async function timed(request: Promise<LightMyRequestResponse>) {
    const started = performance.now();
    const response = await request;
    return { response, ms: performance.now() - started };
  }

  /**
   * 2 s, or twice a sign-in alone on this host if that is longer: on a host so loaded that one hash
   * takes a second, no order of checks could answer within 2 s. Waiting behind the whole burst takes
   * twenty hashes.
   */
  async function latencyLimit(email: string, address: string, device?: string) {
    // A server that has run a while, which has checked a missing account's password before.
    expect((await signIn(`aquecimento-${Date.now()}@teste.fit`, 'Errada123', freshAddress())).statusCode).toBe(401);
    const alone = await timed(signIn(email, PASSWORD, address, device));
    expect(alone.response.statusCode).toBe(200);
    return Math.max(2000, 2 * alone.ms);
  }

  it('lets the owner in within 2 s from the phone she signed in with before, on a new address', { timeout: 60_000 }, async () => {
    const owner = await createUser(ctx.db, { email: 'carla@teste.fit', password: PASSWORD, scryptCost: 17, client: { nome: 'Carla' } });
    const first = await signIn(owner.email, PASSWORD, freshAddress());
    expect(first.statusCode).toBe(200);
    const phone = deviceCookieOf(first);
    const limit = await latencyLimit(owner.email, freshAddress(), phone);

    const answers = await burst();
    const valid = await timed(signIn(owner.email, PASSWORD, freshAddress(), phone));

    expect(valid.response.statusCode, valid.response.body).toBe(200);
    expect(valid.ms).toBeLessThan(limit);
    (await Promise.all(answers)).forEach(expectCheckedOrShed);
  });

  it('answers a sign-in from a new address within 2 s too (200 or 503), and lets it in when it retries', { timeout: 60_000 }, async () => {
    const owner = await createUser(ctx.db, { email: 'nova@teste.fit', password: PASSWORD, scryptCost: 17, client: { nome: 'Nova' } });
    const limit = await latencyLimit('carla@teste.fit', freshAddress());
    const answers = (await burst()).map(timed);
    const address = freshAddress();
    const first = await timed(signIn(owner.email, PASSWORD, address));

    expect(first.ms).toBeLessThan(limit);
    for (const { response, ms } of await Promise.all(answers)) {
      expectCheckedOrShed(response);
      expect(ms).toBeLessThan(limit + MAX_CHECK_WAIT_MS);
    }
    if (first.response.statusCode !== 200) {
      expectCheckedOrShed(first.response);
      await sleep(Number(first.response.headers['retry-after']) * 1000);
      expect((await signIn(owner.email, PASSWORD, address)).statusCode).toBe(200);
    }
  });
});

describe('sign-in from new addresses while a few addresses send made-up e-mails (issue 37, 3.2)', () => {
  const ctx = useTestApp({ SCRYPT_COST: '17' });

  const signIn = (email: string, password: string, remoteAddress: string) =>
    call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email, password }, remoteAddress });

  it("lets davi in from 10 fresh addresses while 8 addresses, each under its limit, keep sending e-mails that have no account", { timeout: 120_000 }, async () => {
    const davi = await createUser(ctx.db, { email: 'davi@teste.fit', password: PASSWORD, scryptCost: 17, client: { nome: 'Davi' } });
    // A server that has checked a password of this strength before.
    expect((await signIn(davi.email, PASSWORD, freshAddress())).statusCode).toBe(200);
    const attackers = Array.from({ length: 8 }, () => freshAddress());

    const statuses: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      const before = vi.mocked(verifyPassword).mock.calls.length;
      // Two each a round: 20 of the 30 a minute an address may send.
      const burst = attackers.flatMap((address, i) => [0, 1].map((n) => signIn(`inventado${round}-${i}-${n}@teste.fit`, 'Errada123', address)));
      await checksBegun(before, burst.length);
      statuses.push((await signIn(davi.email, PASSWORD, freshAddress())).statusCode);
      for (const answer of await Promise.all(burst)) expect([401, 503]).toContain(answer.statusCode);
    }
    expect(statuses).toEqual(statuses.map(() => 200));
  });
});
