import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { expectError, freshAddress, useTestApp, type TestContext } from './helper.js';

/** A reset-email request for an address with no account (nothing is sent), through `forwardedFor` if given. */
const requestReset = (ctx: TestContext, remoteAddress: string, forwardedFor?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/token/generate/reset-password?email=ninguem@teste.fit',
    remoteAddress,
    payload: {},
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

/** The per-address limit of reset-email as the server announces it (wherever the route sets it). */
async function resetLimit(ctx: TestContext) {
  const response = await requestReset(ctx, freshAddress());
  expect(response.statusCode).toBe(200);
  const limit = Number(response.headers['x-ratelimit-limit']);
  expect(limit).toBeGreaterThan(0);
  return limit;
}

/** Makes `limit` requests that should all count toward one caller address; the next must be refused. */
async function expectOneAddress(ctx: TestContext, limit: number, send: (i: number) => ReturnType<typeof requestReset>) {
  for (let i = 0; i < limit; i += 1) expect((await send(i)).statusCode).toBe(200);
  expectError(await send(limit), 429);
}

describe('TRUST_PROXY unset', () => {
  const ctx = useTestApp();

  it('ignores X-Forwarded-For: a forged one each time still meets the per-address limit', async () => {
    const limit = await resetLimit(ctx);
    const client = freshAddress();
    await expectOneAddress(ctx, limit, (i) => requestReset(ctx, client, `203.0.113.${i + 1}`));
  });
});

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  const ctx = useTestApp({ TRUST_PROXY: '1' });
  const proxy = '10.250.0.1';

  it('takes the address the proxy forwarded as the caller address', async () => {
    const limit = await resetLimit(ctx);
    await expectOneAddress(ctx, limit, () => requestReset(ctx, proxy, '198.51.100.1'));
    expect((await requestReset(ctx, proxy, '198.51.100.2')).statusCode).toBe(200);
  });

  it('believes only the hop the proxy added, not what the client put before it', async () => {
    const limit = await resetLimit(ctx);
    await expectOneAddress(ctx, limit, (i) => requestReset(ctx, proxy, `203.0.113.${i + 1}, 198.51.100.3`));
  });
});

describe('TRUST_PROXY with the proxy addresses', () => {
  const ctx = useTestApp({ TRUST_PROXY: '10.250.0.0/24, 10.251.0.9' });

  it('takes the forwarded address from a listed proxy and ignores the header from anyone else', async () => {
    const limit = await resetLimit(ctx);
    await expectOneAddress(ctx, limit, () => requestReset(ctx, '10.250.0.7', '198.51.100.4'));
    expect((await requestReset(ctx, '10.251.0.9', '198.51.100.5')).statusCode).toBe(200);

    const direct = freshAddress();
    await expectOneAddress(ctx, limit, (i) => requestReset(ctx, direct, `203.0.113.${i + 1}`));
  });
});

describe('TRUST_PROXY values', () => {
  const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it('is off unless set', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('true')).toBe(true);
  });

  it('takes a number of proxies', () => {
    const trusted = trustProxy('2');
    if (typeof trusted !== 'function') throw new Error(`expected a trust function, got ${String(trusted)}`);
    expect([0, 1, 2].map((hop) => trusted('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it('takes proxy addresses, CIDR ranges and range names separated by commas', () => {
    expect(trustProxy('10.0.0.1, 172.16.0.0/12,::1,fd00::/8, loopback')).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses anything else, naming the variable and the wrong entries', () => {
    expect(() => trustProxy('proxy.interno')).toThrow(/TRUST_PROXY:.*proxy\.interno/);
    expect(() => trustProxy('10.0.0.1, 10.0.0.0/33')).toThrow(/TRUST_PROXY:.*not 10\.0\.0\.0\/33$/m);
    expect(() => trustProxy('1.5')).toThrow(/TRUST_PROXY/);
  });
});
