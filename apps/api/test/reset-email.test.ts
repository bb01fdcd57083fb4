import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createClient, expectError, freshAddress, outbox, resetEmailsDone, useTestApp } from './helper.js';
import { eventually } from './eventually';

const SAMPLES = 40;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

describe('POST /api/token/generate/reset-password', () => {
  const ctx = useTestApp();

  const url = (email: string) => `/api/token/generate/reset-password?email=${encodeURIComponent(email)}`;
  const requestReset = (email: string, headers: Record<string, string> = { 'content-type': 'application/json' }, payload = '{}') =>
    ctx.app.inject({ method: 'POST', url: url(email), headers, payload, remoteAddress: freshAddress() });
  const sentTo = async (email: string) => (await outbox(ctx.db)).filter((sent) => sent.recipient === email);

  it.each([
    ['no content type', {}, ''],
    ['text/plain, which any web page can send without asking', { 'content-type': 'text/plain' }, '{}'],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }, '--x--'],
  ])('refuses %s with 415, in Portuguese, and e-mails nobody', async (_what, headers, payload) => {
    const client = await createClient(ctx.db);
    const body = expectError(await requestReset(client.email, headers, payload), 415);
    expect(body.message).toBe('Tipo de conteúdo não suportado: envie application/json.');
    // A JSON request made after it is e-mailed; the refused one never was.
    expect((await requestReset(client.email)).statusCode).toBe(200);
    await eventually(async () => expect(await sentTo(client.email)).toHaveLength(1));
  });

  it('takes the JSON body {} the web app sends, with or without a charset', async () => {
    const client = await createClient(ctx.db);
    expect((await requestReset(client.email, { 'content-type': 'application/json; charset=utf-8' })).statusCode).toBe(200);
    await eventually(async () => expect(await sentTo(client.email)).toHaveLength(1));
  });

  it('answers known and unknown addresses in the same time: the e-mail is made after the answer', { timeout: 60_000 }, async () => {
    const clients = await Promise.all(Array.from({ length: SAMPLES }, () => createClient(ctx.db)));
    const timed = async (email: string) => {
      const started = performance.now();
      const response: LightMyRequestResponse = await requestReset(email);
      const ms = performance.now() - started;
      expect(response.statusCode).toBe(200);
      // Each request is timed alone, not while the previous one's work goes on.
      await resetEmailsDone(ctx);
      return { ms, body: response.body };
    };
    // Warm-up: the first requests pay for compiling and caching statements.
    for (let i = 0; i < 5; i += 1) await timed(`aquecimento${i}@teste.fit`);

    const known: number[] = [];
    const unknown: number[] = [];
    for (const [i, client] of clients.entries()) {
      const stranger = await timed(`ninguem${i}@teste.fit`);
      const owner = await timed(client.email);
      expect(owner.body).toBe(stranger.body);
      unknown.push(stranger.ms);
      known.push(owner.ms);
      expect(await sentTo(client.email)).toHaveLength(1);
    }

    const [knownMs, unknownMs] = [median(known), median(unknown)];
    // Storing a link and an e-mail costs several statements more than finding no account did.
    expect(knownMs, `known ${knownMs.toFixed(2)} ms, unknown ${unknownMs.toFixed(2)} ms`).toBeLessThan(unknownMs * 1.3 + 0.2);
  });
});
