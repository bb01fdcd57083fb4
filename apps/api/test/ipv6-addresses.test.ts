import { EMAIL_TEMPLATES } from '@acompanha/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressKey, addressNetwork } from '../src/counters/address-key.js';
import { LOGIN_THROTTLE } from '../src/modules/auth/login-throttle.js';
import { call, createClient, deviceCookieOf, expectError, freshAddress, PASSWORD, useTestApp } from './helper.js';

const { freeFailures, accountCeiling, windowMs, networkAttempts, networkWindowMs } = LOGIN_THROTTLE;

describe('addressKey', () => {
  it('keeps an IPv4 address as it is, the IPv4-mapped IPv6 form included', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::');
    for (const same of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2:a:b:1.2.3.4', '2001:db8:1:2::1%eth0']) {
      expect(addressKey(same), same).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('::');
  });});

describe('addressNetwork', () => {
  it("takes an IPv4 address's /24 (the IPv4-mapped form too) and an IPv6 address's /48", () => {
    expect(addressNetwork('203.0.113.7')).toBe('203.0.113.0/24');
    expect(addressNetwork('::ffff:203.0.113.250')).toBe('203.0.113.0/24');
    expect(addressNetwork('2001:db8:1:2::1')).toBe('2001:db8:1::/48');
    expect(addressNetwork('2001:0DB8:0001:ffff:1:2:3:4')).toBe('2001:db8:1::/48');
    expect(addressNetwork('2001:db8:2::1')).not.toBe(addressNetwork('2001:db8:1::1'));
  });
});

/** `count` addresses of the /64 `prefix` (four groups), the interface part random as a client's privacy addresses. */
const addressesIn = (prefix: string, count: number) =>
  Array.from({ length: count }, () => `${prefix}:${Array.from({ length: 4 }, () => Math.floor(Math.random() * 0xffff).toString(16)).join(':')}`);

describe('per-address limits over IPv6', () => {
  const ctx = useTestApp();
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  const signIn = (email: string, password: string, remoteAddress: string) =>
    call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email, password }, remoteAddress });

  it("cannot lock the owner out with 100 wrong passwords from 20 addresses in four /64s", async () => {
    const carla = await createClient(ctx.db, { email: 'carla.v6@teste.fit' });
    const attackers = ['2001:db8:a:1', '2001:db8:a:2', '2001:db8:a:3', '2001:db8:a:4'].flatMap((prefix) => addressesIn(prefix, 5));
    for (let i = 0; i < 100; i += 1) await signIn(carla.email, 'Errada123', attackers[i % attackers.length]!);

    const answer = await signIn(carla.email, PASSWORD, '2001:db8:cafe:1::10');
    expect(answer.statusCode, `retry-after ${String(answer.headers['retry-after'])}`).toBe(200);
  });

  it('counts a whole /64 as one address for the per-address limit of sign-in', async () => {
    const [first, ...others] = addressesIn('2001:db8:b:1', 31);
    for (let i = 0; i < 30; i += 1) await signIn(`ninguem${i}@teste.fit`, 'Errada123', i === 0 ? first! : others[i - 1]!);
    expectError(await signIn('mais.um@teste.fit', 'Errada123', others[29]!), 429);
    expect((await signIn('mais.um@teste.fit', 'Errada123', '2001:db8:b:2::1')).statusCode).toBe(401);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i += 1) await signIn(`mapeado${i}@teste.fit`, 'Errada123', i % 2 ? address : `::ffff:${address}`);
    expectError(await signIn('mapeado@teste.fit', 'Errada123', `::ffff:${address}`), 429);
  });

  it('limits the signed-out e-mail relay per /64: one address 200 200 200 429, the rest of its /64 429 too', async () => {
    const send = (remoteAddress: string) =>
      call(ctx.app, 'POST', '/api/v1.0/email/send', {
        remoteAddress,
        payload: {
          service_id: 's',
          template_id: EMAIL_TEMPLATES.feedback,
          user_id: 'u',
          template_params: { name: 'Relato', message: 'Olá', user_email: 'alguem@teste.fit', destination: 'x@y.test' },
        },
      });
    const [one, ...others] = addressesIn('2001:db8:c:1', 9);
    const statuses = async (addresses: string[]) => {
      const answers: LightMyRequestResponse[] = [];
      for (const address of addresses) answers.push(await send(address));
      return answers.map((answer) => answer.statusCode);
    };
    expect(await statuses([one!, one!, one!, one!])).toEqual([200, 200, 200, 429]);
    expect(await statuses(others)).toEqual(others.map(() => 429));
    expect(await statuses(['2001:db8:c:2::1'])).toEqual([200]);
  });

  it('keeps spacing out the failures of a /64 whichever of its addresses guesses', async () => {
    const client = await createClient(ctx.db);
    const addresses = addressesIn('2001:db8:d:1', freeFailures + 1);
    for (let i = 0; i < freeFailures; i += 1) expect((await signIn(client.email, 'Errada123', addresses[i]!)).statusCode).toBe(401);
    expectError(await signIn(client.email, 'Errada123', addresses[freeFailures]!), 429);
  });
});

describe('the account ceiling and devices that signed in before', () => {
  const ctx = useTestApp();
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  /** `device`: the Cookie header of a device that signed in before (deviceCookieOf). */
  const signIn = (email: string, password: string, remoteAddress: string, device?: string) =>
    call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email, password }, remoteAddress, cookie: device });

  it(`lets in a device that signed in to the account before once it has ${accountCeiling} failures, wherever it is, and nobody else`, async () => {
    const client = await createClient(ctx.db);
    const home = '2001:db8:e:1::5';
    const phone = deviceCookieOf(await signIn(client.email, PASSWORD, home));

    let address = freshAddress();
    for (let i = 1; i <= accountCeiling; i += 1) {
      expect((await signIn(client.email, 'Errada123', address)).statusCode).toBe(401);
      if (i % freeFailures === 0) address = freshAddress();
    }
    const stranger = expectError(await signIn(client.email, PASSWORD, freshAddress()), 429);
    expect(stranger.message).toMatch(/^Muitas tentativas\./);
    // The home network's other devices are strangers too: an address is no pass.
    expectError(await signIn(client.email, PASSWORD, '2001:db8:e:1::77'), 429);

    // The phone, at home or on a carrier's new address.
    expect((await signIn(client.email, PASSWORD, home, phone)).statusCode).toBe(200);
    expect((await signIn(client.email, PASSWORD, '2001:db8:f:9::3', phone)).statusCode).toBe(200);
    // The device gets past the ceiling, not past its address's spacing of failures.
    for (let i = 0; i < freeFailures; i += 1) expect((await signIn(client.email, 'Errada123', home, phone)).statusCode).toBe(401);
    expectError(await signIn(client.email, PASSWORD, home, phone), 429);

    vi.advanceTimersByTime(windowMs);
    expect((await signIn(client.email, PASSWORD, freshAddress())).statusCode).toBe(200);
  });
});

describe('per-network budgets of sign-in (IPv4 /24, IPv6 /48)', () => {
  const ctx = useTestApp();
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  const signIn = (email: string, password: string, remoteAddress: string, device?: string) =>
    call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email, password }, remoteAddress, cookie: device });

  /** Spends a network's budget from `addresses`, two attempts each, all far under the per-address limit. */
  async function spend(addresses: string[]) {
    for (let i = 0; i < networkAttempts; i += 1) {
      expect((await signIn(`inventado${i}@teste.fit`, 'Errada123', addresses[i % addresses.length]!)).statusCode).toBe(401);
    }
  }

  it(`refuses a /24 past ${networkAttempts} attempts a minute from new devices, whichever of its addresses sends them; a known device still gets in`, async () => {
    const client = await createClient(ctx.db);
    const device = deviceCookieOf(await signIn(client.email, PASSWORD, freshAddress()));
    await spend(Array.from({ length: networkAttempts / 2 }, (_, i) => `198.51.100.${i + 1}`));

    const refused = expectError(await signIn(client.email, PASSWORD, '198.51.100.200'), 429);
    expect(refused.message).toMatch(/^Muitas tentativas\./);
    expect((await signIn(client.email, PASSWORD, '198.51.100.201', device)).statusCode).toBe(200);
    expect((await signIn('outro@teste.fit', 'Errada123', '198.51.101.1')).statusCode).toBe(401);

    vi.advanceTimersByTime(networkWindowMs);
    expect((await signIn(client.email, PASSWORD, '198.51.100.200')).statusCode).toBe(200);
  });

  it(`refuses a /48 past ${networkAttempts} attempts a minute, spread over its /64s`, async () => {
    await spend(Array.from({ length: networkAttempts / 2 }, (_, i) => `2001:db8:77:${i.toString(16)}::1`));
    expectError(await signIn('mais.um@teste.fit', 'Errada123', '2001:db8:77:ff::1'), 429);
    expect((await signIn('mais.um@teste.fit', 'Errada123', '2001:db8:78::1')).statusCode).toBe(401);
  });
});
