import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryCounterStore } from '../src/counters/counter-store.js';
import { deviceCookie } from '../src/modules/auth/device-cookie.js';
import { createLoginThrottle, LOGIN_THROTTLE } from '../src/modules/auth/login-throttle.js';
import { call, createClient, deviceCookieOf, expectError, freshAddress, PASSWORD, useTestApp } from './helper.js';

const { freeFailures, firstDelayMs, maxDelayMs, accountCeiling, windowMs, successesPerHour } = LOGIN_THROTTLE;
const WRONG_PASSWORD = 'Errada123';

describe('sign-in throttling', () => {
  const ctx = useTestApp();
  // Only the clock is faked: requests, timers and the databases run as usual.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  /** `device`: the Cookie header of a device that signed in before (deviceCookieOf). */
  const attempt = (email: string, remoteAddress: string, password = WRONG_PASSWORD, device?: string) =>
    call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email, password }, remoteAddress, cookie: device });

  /** Signs in from a new device; returns the device's cookie and its session's refresh token. */
  async function signInDevice(email: string, remoteAddress = freshAddress()) {
    const response = await attempt(email, remoteAddress, PASSWORD);
    expect(response.statusCode).toBe(200);
    return { cookie: deviceCookieOf(response), refreshToken: response.json<{ refresh_token: string }>().refresh_token };
  }

  async function fail(email: string, remoteAddress: string, times: number) {
    for (let i = 0; i < times; i += 1) expect((await attempt(email, remoteAddress)).statusCode).toBe(401);
  }

  /** Asserts a 429 in the API's error shape that says how long to wait; returns the seconds. */
  function expectWait(response: LightMyRequestResponse) {
    const body = expectError(response, 429);
    expect(body.message).toMatch(/^Muitas tentativas\./);
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    return seconds;
  }

  /** Fails `times` times from one address, waiting out every delay as a patient guesser would. */
  async function failPatiently(email: string, remoteAddress: string, times: number) {
    for (let failures = 0; failures < times; ) {
      const response = await attempt(email, remoteAddress);
      if (response.statusCode === 429) {
        vi.advanceTimersByTime(expectWait(response) * 1000);
      } else {
        expect(response.statusCode).toBe(401);
        failures += 1;
      }
    }
  }

  it('lets the owner in from another address while one address hammers the account', async () => {
    const owner = await createClient(ctx.db);
    const attacker = freshAddress();
    await failPatiently(owner.email, attacker, 12);
    for (let i = 0; i < 10; i += 1) expectWait(await attempt(owner.email, attacker));

    expect((await attempt(owner.email, freshAddress(), PASSWORD)).statusCode).toBe(200);
    // The wait belongs to the attacker's address, the right password there included.
    expectWait(await attempt(owner.email, attacker, PASSWORD));
  });

  it('spaces out the failures of one address: 1 s, 2 s, 4 s ... up to a cap', async () => {
    const client = await createClient(ctx.db);
    const address = freshAddress();
    await fail(client.email, address, freeFailures);

    const waits: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const wait = expectWait(await attempt(client.email, address));
      waits.push(wait);
      vi.advanceTimersByTime(wait * 1000 - 1);
      expectWait(await attempt(client.email, address));
      vi.advanceTimersByTime(1);
      expect((await attempt(client.email, address)).statusCode).toBe(401);
    }

    const doubling = waits.slice(0, 10).map((_, i) => (firstDelayMs / 1000) * 2 ** i);
    expect(waits).toEqual([...doubling, maxDelayMs / 1000, maxDelayMs / 1000]);
  });

  it('forgets failures a window after the first one', async () => {
    const client = await createClient(ctx.db);
    const address = freshAddress();
    await fail(client.email, address, freeFailures);
    expectWait(await attempt(client.email, address));

    vi.advanceTimersByTime(windowMs);
    await fail(client.email, address, freeFailures);
    expect(expectWait(await attempt(client.email, address))).toBe(firstDelayMs / 1000);
  });

  it('does not count successes, and a success clears the failures of its address', async () => {
    const client = await createClient(ctx.db);
    const address = freshAddress();
    for (let round = 0; round < 3; round += 1) {
      await fail(client.email, address, freeFailures - 1);
      expect((await attempt(client.email, address, PASSWORD)).statusCode).toBe(200);
    }
    vi.advanceTimersByTime(60_000);
    for (let i = 0; i < 15; i += 1) expect((await attempt(client.email, address, PASSWORD)).statusCode).toBe(200);

    await fail(client.email, address, freeFailures);
    expectWait(await attempt(client.email, address));
  });

  it('counts attempts sent at once from one address as if they came one after another', async () => {
    const client = await createClient(ctx.db);
    const address = freshAddress();

    const responses = await Promise.all(Array.from({ length: 20 }, () => attempt(client.email, address)));

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(freeFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - freeFailures);
  });

  it(`stops every device but those that signed in before once the account has ${accountCeiling} failures in a window, successes not counted`, async () => {
    const client = await createClient(ctx.db);
    const home = freshAddress();
    const { cookie: phone } = await signInDevice(client.email, home);
    // Distributed guessing: no address goes past its free failures.
    let address = freshAddress();
    for (let i = 1; i < accountCeiling; i += 1) {
      expect((await attempt(client.email, address)).statusCode).toBe(401);
      if (i % freeFailures === 0) address = freshAddress();
    }
    for (let i = 0; i < 2; i += 1) expect((await attempt(client.email, home, PASSWORD, phone)).statusCode).toBe(200);
    expect((await attempt(client.email, address)).statusCode).toBe(401);

    expect(expectWait(await attempt(client.email, freshAddress(), PASSWORD))).toBe(windowMs / 1000);
    // The phone signed in before, so the ceiling does not stop it (054), from wherever it is now.
    expect((await attempt(client.email, freshAddress(), PASSWORD, phone)).statusCode).toBe(200);
    // Its address is no pass: someone else there, without the phone, is stopped.
    expectWait(await attempt(client.email, home, PASSWORD));
    expect((await attempt('outra.conta@teste.fit', freshAddress())).statusCode).toBe(401);

    vi.advanceTimersByTime(windowMs);
    expect((await attempt(client.email, freshAddress(), PASSWORD)).statusCode).toBe(200);
  });

  it('knows a device by the session it last signed in to, live or ended, of that account only, and by no forged cookie', async () => {
    const client = await createClient(ctx.db);
    const other = await createClient(ctx.db);
    const live = await signInDevice(client.email);
    expect((await call(ctx.app, 'POST', '/api/v1/auth/refresh', { payload: { refresh_token: live.refreshToken } })).statusCode).toBe(200);
    const ended = await signInDevice(client.email);
    expect((await call(ctx.app, 'POST', '/api/v1/auth/logout', { payload: { refresh_token: ended.refreshToken } })).statusCode).toBe(204);
    const othersDevice = await signInDevice(other.email);

    let address = freshAddress();
    for (let i = 1; i <= accountCeiling; i += 1) {
      expect((await attempt(client.email, address)).statusCode).toBe(401);
      if (i % freeFailures === 0) address = freshAddress();
    }
    // Rotated since, and signed out ('Sair'): each was one of the account's sessions.
    for (const device of [live.cookie, ended.cookie]) expect((await attempt(client.email, freshAddress(), PASSWORD, device)).statusCode).toBe(200);
    const forged = live.cookie.replace(/\.[^.]+$/, '.assinatura');
    for (const device of [othersDevice.cookie, forged, 'acompanha-device=', 'outro=1']) {
      expectWait(await attempt(client.email, freshAddress(), PASSWORD, device));
    }
  });

  it(`refuses the sign-in after ${successesPerHour} successful ones of an account in an hour, before any password check`, async () => {
    const client = await createClient(ctx.db);
    const other = await createClient(ctx.db);
    const place = freshAddress();
    for (let i = 0; i < successesPerHour; i += 1) expect((await attempt(client.email, place, PASSWORD)).statusCode).toBe(200);

    // From the place that signed in, from a new one, and with a wrong password alike: nothing is checked.
    expect(expectWait(await attempt(client.email, place, PASSWORD))).toBeLessThanOrEqual(60 * 60);
    expectWait(await attempt(client.email, freshAddress(), PASSWORD));
    expectWait(await attempt(client.email.toUpperCase(), place));
    const sessions = await ctx.db.selectFrom('refresh_tokens').select('family_id').where('user_id', '=', client.id).distinct().execute();
    expect(sessions).toHaveLength(successesPerHour);
    // Another account is not touched, and the budget comes back an hour after its first success.
    expect((await attempt(other.email, place, PASSWORD)).statusCode).toBe(200);
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect((await attempt(client.email, place, PASSWORD)).statusCode).toBe(200);
  });

  it("keeps a victim's counters through a flood of other accounts and addresses", async () => {
    const victim = await createClient(ctx.db);
    const ceilingVictim = await createClient(ctx.db);
    const attacker = freshAddress();
    await fail(victim.email, attacker, freeFailures);
    for (let i = 0; i < accountCeiling; i += 1) {
      expect((await attempt(ceilingVictim.email, `10.201.${Math.floor(i / freeFailures)}.1`)).statusCode).toBe(401);
    }

    // More sign-ins than the 5,000 keys of @fastify/rate-limit's LRU store, which lost a victim's counter.
    const responses = await Promise.all(Array.from({ length: 5100 }, (_, i) => attempt(`enxurrada${i}@teste.fit`, freshAddress())));
    // What this instance cannot check within a second is shed with 503 (028); each attempt still made its per-address key.
    expect(responses.every((response) => response.statusCode === 401 || response.statusCode === 503)).toBe(true);

    expect(expectWait(await attempt(victim.email, attacker, PASSWORD))).toBe(firstDelayMs / 1000);
    expect(expectWait(await attempt(ceilingVictim.email, freshAddress(), PASSWORD))).toBe(windowMs / 1000);
  });
});

describe('the device cookie', () => {
  const ctx = useTestApp();

  it('goes back to sign-in only, out of the reach of scripts and of other sites, for as long as its session may be known', async () => {
    const client = await createClient(ctx.db);
    const response = await call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email: client.email, password: PASSWORD }, remoteAddress: freshAddress() });
    const attributes = String(response.headers['set-cookie']).split('; ').slice(1);
    expect(attributes).toEqual(['Path=/api/v1/auth/login', `Max-Age=${120 * 24 * 60 * 60}`, 'HttpOnly', 'SameSite=Strict']);
    // Over HTTPS, as production serves it, only over HTTPS.
    expect(deviceCookie(Buffer.alloc(32), 'sessao', true)).toMatch(/; Secure$/);
    // A refused sign-in sets none.
    const refused = await call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email: client.email, password: WRONG_PASSWORD }, remoteAddress: freshAddress() });
    expect(refused.headers['set-cookie']).toBeUndefined();
  });
});

describe('an attempt whose password was never checked', () => {
  it('counts nowhere, however many there are (a database outage locks nobody out)', async () => {
    const throttle = createLoginThrottle(createMemoryCounterStore());
    for (let i = 0; i < freeFailures * 3; i += 1) {
      const attempt = await throttle.begin('cliente@teste.fit', '10.0.0.1', false);
      expect(attempt.allowed).toBe(true);
      if (attempt.allowed) await attempt.unchecked();
    }
    const wrong = await throttle.begin('cliente@teste.fit', '10.0.0.1', false);
    expect(wrong.allowed).toBe(true);
  });
});
