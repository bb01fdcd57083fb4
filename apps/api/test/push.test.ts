import { randomUUID } from 'node:crypto';
import { DEFAULT_PUSH_PREFERENCES, PUSH_BODY_MAX, type Message, type PushPreferencesRequest } from '@acompanha/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushNotifier } from '../src/modules/push/notifier.js';
import { temporaryVapidKeys } from '../src/modules/push/vapid.js';
import { bearer, call, expectBadField, expectError, signIn, stopAppPush, useTestApp, type TestContext } from './helper.js';
import { checkVapid, startPushService, type PushService, type TestDevice } from './push-service.js';
import { signInStaff } from './staff.js';
import { eventually } from './eventually';

const subscriptions = (ctx: TestContext, clientId: number) =>
  ctx.db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('client_id', '=', clientId).execute();

const subscribe = (ctx: TestContext, token: string, device: Pick<TestDevice, 'endpoint' | 'keys'>) =>
  call(ctx.app, 'POST', '/api/v1/push/assinaturas', { token, payload: { endpoint: device.endpoint, expirationTime: null, keys: device.keys } });

const unsubscribe = (ctx: TestContext, token: string, endpoint: string) =>
  ctx.app.inject({ method: 'DELETE', url: '/api/v1/push/assinaturas', headers: bearer(token), payload: { endpoint } });

const reply = (ctx: TestContext, token: string, clientId: number, texto: string) =>
  call(ctx.app, 'POST', `/api/v1/equipe/clientes/${clientId}/mensagens`, { token, payload: { texto } });

const preferences = (fuso_horario = 'America/Sao_Paulo'): PushPreferencesRequest => ({ ...DEFAULT_PUSH_PREFERENCES, fuso_horario });

describe('push subscriptions, one per device, belonging to the account that stored them', () => {
  // The stand-in push service listens on loopback.
  const ctx = useTestApp({ PUSH_LOOPBACK: 'on' });
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.close());

  it('gives the VAPID public key: an uncompressed P-256 point, base64url', async () => {
    const ana = await signIn(ctx);
    const response = await call(ctx.app, 'GET', '/api/v1/push/chave', { token: ana.token });
    expect(response.statusCode).toBe(200);
    const key = Buffer.from((response.json() as { chave_publica: string }).chave_publica, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it('stores a subscription (201), then answers 200 to the same one, and a DELETE removes it (204)', async () => {
    const ana = await signIn(ctx);
    const device = service.device();
    expect((await subscribe(ctx, ana.token, device)).statusCode).toBe(201);
    expect((await subscribe(ctx, ana.token, device)).statusCode).toBe(200);
    expect(await subscriptions(ctx, ana.id)).toEqual([{ endpoint: device.endpoint, ...device.keys }]);

    expect((await unsubscribe(ctx, ana.token, device.endpoint)).statusCode).toBe(204);
    expect(await subscriptions(ctx, ana.id)).toEqual([]);
    // 'Sair' twice, or on a device the server already forgot: nothing to remove is no error.
    expect((await unsubscribe(ctx, ana.token, device.endpoint)).statusCode).toBe(204);
  });

  it("never removes another account's subscription; a device signed in by another client moves to them", async () => {
    const ana = await signIn(ctx);
    const bia = await signIn(ctx);
    const anasPhone = service.device();
    expect((await subscribe(ctx, ana.token, anasPhone)).statusCode).toBe(201);
    expect((await unsubscribe(ctx, bia.token, anasPhone.endpoint)).statusCode).toBe(204);
    expect(await subscriptions(ctx, ana.id)).toHaveLength(1);

    // The same browser, now signed in as bia, subscribes again: ana's pushes no longer go to it.
    expect((await subscribe(ctx, bia.token, anasPhone)).statusCode).toBe(201);
    expect(await subscriptions(ctx, ana.id)).toEqual([]);
    expect(await subscriptions(ctx, bia.id)).toHaveLength(1);
  });

  it('sends the test notification only to a device of the signed-in client (404 for any other)', async () => {
    const ana = await signIn(ctx);
    const bia = await signIn(ctx);
    const device = service.device();
    await subscribe(ctx, ana.token, device);
    expectError(await call(ctx.app, 'POST', '/api/v1/push/teste', { token: bia.token, payload: { endpoint: device.endpoint } }), 404);

    const before = service.to(device).length;
    expect((await call(ctx.app, 'POST', '/api/v1/push/teste', { token: ana.token, payload: { endpoint: device.endpoint } })).statusCode).toBe(202);
    await eventually(() => expect(service.to(device)).toHaveLength(before + 1));
    expect(JSON.parse(device.decrypt(service.to(device).at(-1)!.body))).toMatchObject({ titulo: 'Notificação de teste', tag: 'teste' });
  });

  it('refuses bad subscriptions with 400 naming the field', async () => {
    const ana = await signIn(ctx);
    const device = service.device();
    const post = (payload: object) => call(ctx.app, 'POST', '/api/v1/push/assinaturas', { token: ana.token, payload });
    expectBadField(await post({ endpoint: device.endpoint, keys: { ...device.keys, p256dh: 'abc' } }), 'keys.p256dh');
    expectBadField(await post({ endpoint: device.endpoint, keys: { ...device.keys, auth: Buffer.alloc(8).toString('base64url') } }), 'keys.auth');
    expectBadField(await post({ endpoint: 'ftp://127.0.0.1/push', keys: device.keys }), 'endpoint');
    expectBadField(await post({ endpoint: `${device.endpoint}/${'x'.repeat(2048)}`, keys: device.keys }), 'endpoint');
  });

  it('answers 401 without a token and 403 to a staff token on every push call', async () => {
    const staff = await signInStaff(ctx);
    const device = service.device();
    const calls = [
      { method: 'GET', url: '/api/v1/push/chave' },
      { method: 'POST', url: '/api/v1/push/assinaturas', payload: { endpoint: device.endpoint, keys: device.keys } },
      { method: 'DELETE', url: '/api/v1/push/assinaturas', payload: { endpoint: device.endpoint } },
      { method: 'GET', url: '/api/v1/push/preferencias' },
      { method: 'PUT', url: '/api/v1/push/preferencias', payload: preferences() },
      { method: 'POST', url: '/api/v1/push/teste', payload: { endpoint: device.endpoint } },
    ] as const;
    for (const request of calls) {
      expectError(await ctx.app.inject({ ...request }), 401);
      expectError(await ctx.app.inject({ ...request, headers: bearer(staff.token) }), 403);
    }
  });

  it('keeps the settings per account: the defaults first, then what was saved, and refuses bad ones naming the field', async () => {
    const ana = await signIn(ctx);
    const get = async () => (await call(ctx.app, 'GET', '/api/v1/push/preferencias', { token: ana.token })).json();
    expect(await get()).toEqual(DEFAULT_PUSH_PREFERENCES);

    const chosen: PushPreferencesRequest = {
      mensagens: false,
      treino: { ativo: true, horario: '06:30' },
      agua: { ativo: true, a_cada_horas: 3, inicio: '09:00', fim: '21:00' },
      fuso_horario: 'America/Manaus',
    };
    const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/v1/push/preferencias', headers: bearer(ana.token), payload });
    expect((await put(chosen)).json()).toEqual(chosen);
    expect(await get()).toEqual(chosen);

    expectBadField(await put({ ...chosen, fuso_horario: 'Lua/Base_Alfa' }), 'fuso_horario');
    expectBadField(await put({ ...chosen, treino: { ativo: true, horario: '7h' } }), 'treino.horario');
    expectBadField(await put({ ...chosen, agua: { ...chosen.agua, a_cada_horas: 5 } }), 'agua.a_cada_horas');
    expectBadField(await put({ ...chosen, agua: { ...chosen.agua, inicio: '21:00', fim: '09:00' } }), 'agua.fim');
    expect(await get()).toEqual(chosen);
  });
});

describe('a team message reaches the client’s devices through a push service', () => {
  // The stand-in push service listens on loopback.
  const ctx = useTestApp({ PUSH_LOOPBACK: 'on' });
  let service: PushService;
  let publicKey: string;
  beforeAll(async () => {
    service = await startPushService();
    publicKey = (await ctx.app.inject({ method: 'GET', url: '/api/v1/push/chave', headers: bearer((await signIn(ctx)).token) })).json<{ chave_publica: string }>().chave_publica;
  });
  afterAll(() => service.close());

  it('is encrypted for the device (RFC 8291) and signed with VAPID (RFC 8292): the author as title, the text cut to 120 characters, /chat', async () => {
    const ana = await signIn(ctx, { nome: 'Ana Paula Souza' });
    const rafael = await signInStaff(ctx, ['ROLE_PERSONAL'], 'Rafael Costa');
    const device = service.device();
    expect((await subscribe(ctx, ana.token, device)).statusCode).toBe(201);

    const texto = `Boa pergunta! Troque o leg press pelo agachamento no smith, 4 séries de 10 a 12, e mantenha a cadência lenta na descida. ${'Até amanhã. '.repeat(5)}`;
    const before = Date.now();
    expect((await reply(ctx, rafael.token, ana.id, texto)).statusCode).toBe(201);
    await eventually(() => expect(service.to(device)).toHaveLength(1));

    const push = service.to(device)[0]!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(push.headers.topic).toBe('mensagens');
    const payload = device.decrypt(push.body);
    console.log(`push service received, decrypted: ${payload}`);
    const body = JSON.parse(payload) as { titulo: string; corpo: string; url: string; tag: string };
    expect(body).toEqual({ titulo: 'Rafael Costa', corpo: expect.any(String), url: '/chat', tag: 'mensagens' });
    expect(Array.from(body.corpo)).toHaveLength(PUSH_BODY_MAX);
    expect(body.corpo.endsWith('…')).toBe(true);
    expect(texto.startsWith(body.corpo.slice(0, -1))).toBe(true);

    const vapid = await checkVapid(push.headers, publicKey, service.origin);
    expect(vapid.algorithm).toBe('ES256');
    expect(vapid.key).toBe(publicKey);
    expect(vapid.claims.aud).toBe(service.origin);
    expect(vapid.claims.sub).toMatch(/^mailto:.+@.+/);
    // RFC 8292: an expiry in the future and no more than 24 hours away.
    expect(vapid.claims.exp! * 1000).toBeGreaterThan(before);
    expect(vapid.claims.exp! * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
    // A token made for another push service's origin is refused.
    await expect(checkVapid(push.headers, publicKey, 'https://fcm.googleapis.com')).rejects.toThrow();
  });

  it('says when a team message carries photos: the camera before its text, or the photos alone', async () => {
    const ana = await signIn(ctx);
    const rafael = await signInStaff(ctx, ['ROLE_PERSONAL'], 'Rafael Costa');
    const device = service.device();
    expect((await subscribe(ctx, ana.token, device)).statusCode).toBe(201);
    const photo = async () => {
      const id = randomUUID();
      const boundary = 'acompanha-foto';
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a6' } }).png().toBuffer();
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/v1/midias', payload, headers: { ...bearer(rafael.token), 'content-type': `multipart/form-data; boundary=${boundary}` } });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      return id;
    };
    const send = (payload: object) => call(ctx.app, 'POST', `/api/v1/equipe/clientes/${ana.id}/mensagens`, { token: rafael.token, payload });
    expect((await send({ texto: 'Veja a pegada.', midias: [await photo()] })).statusCode).toBe(201);
    expect((await send({ midias: [await photo()] })).statusCode).toBe(201);
    expect((await send({ midias: [await photo(), await photo()] })).statusCode).toBe(201);
    await eventually(() => expect(service.to(device)).toHaveLength(3));
    const bodies = service.to(device).map((push) => (JSON.parse(device.decrypt(push.body)) as { corpo: string }).corpo);
    // Each push goes on its own; the order they reach the service in is not the test's concern.
    expect(bodies.sort()).toEqual(['📷 Veja a pegada.', '📷 Foto', '📷 2 fotos'].sort());
  });

  it('reaches every device of the client and none of another client; not at all when the client turned team messages off', async () => {
    const ana = await signIn(ctx);
    const bia = await signIn(ctx);
    const rafael = await signInStaff(ctx);
    const [phone, laptop, biasPhone] = [service.device(), service.device(), service.device()];
    await subscribe(ctx, ana.token, phone);
    await subscribe(ctx, ana.token, laptop);
    await subscribe(ctx, bia.token, biasPhone);

    await reply(ctx, rafael.token, ana.id, 'Oi, Ana!');
    await eventually(() => expect([service.to(phone).length, service.to(laptop).length]).toEqual([1, 1]));
    expect(service.to(biasPhone)).toHaveLength(0);

    await ctx.app.inject({ method: 'PUT', url: '/api/v1/push/preferencias', headers: bearer(ana.token), payload: { ...preferences(), mensagens: false } });
    await reply(ctx, rafael.token, ana.id, 'Outra mensagem');
    await reply(ctx, rafael.token, bia.id, 'Oi, Bia!');
    await eventually(() => expect(service.to(biasPhone)).toHaveLength(1));
    await ctx.app.push.idle();
    expect([service.to(phone).length, service.to(laptop).length]).toEqual([1, 1]);
  });

  it('forgets a subscription whose push service answers 404 or 410, and keeps the others', async () => {
    const ana = await signIn(ctx);
    const rafael = await signInStaff(ctx);
    const [gone, notFound, alive] = [service.device(), service.device(), service.device()];
    for (const device of [gone, notFound, alive]) await subscribe(ctx, ana.token, device);
    service.answer(gone, 410);
    service.answer(notFound, 404);

    await reply(ctx, rafael.token, ana.id, 'Tudo certo com o treino?');
    await eventually(async () => expect((await subscriptions(ctx, ana.id)).map((row) => row.endpoint)).toEqual([alive.endpoint]));
    expect(service.to(alive)).toHaveLength(1);
    // The push service has the message before the sender forgets it: the pass that sent it ends first.
    await ctx.app.push.idle();
    expect(await ctx.db.selectFrom('push_messages').select('id').execute()).toEqual([]);
  });
});

describe('a push the push service could not take now is tried again with backoff', () => {
  // The stand-in push service listens on loopback.
  const ctx = useTestApp({ PUSH_LOOPBACK: 'on' });
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
    // This file drives its own sender on its own clock: the app's stays still.
    await stopAppPush(ctx);
  });
  afterAll(() => service.close());

  /** A sender on a clock the test moves, far from the real one. */
  function senderAt(start: number) {
    const clock = { now: start };
    const notifier = createPushNotifier(ctx.db, {
      vapid: temporaryVapidKeys('mailto:equipe@acompanha.app'),
      rules: { loopback: true },
      log: { warn: () => {} },
      now: () => new Date(clock.now),
    });
    return { clock, notifier };
  }

  const message = (texto: string): Message => ({
    id: randomUUID(),
    autor: 'EQUIPE',
    autor_nome: 'Marina Alves',
    autor_papel: 'ROLE_NUTRICIONISTA',
    texto,
    midias: [],
    enviada_em: new Date().toISOString(),
    lida_em: null,
  });
  const queued = () => ctx.db.selectFrom('push_messages').select(['attempts', 'next_attempt_at', 'last_error']).execute();

  it('retries after a 500 ten seconds later, and the push arrives once', async () => {
    const ana = await signIn(ctx);
    const device = service.device();
    await subscribe(ctx, ana.token, device);
    service.answer(device, 500);
    const start = Date.parse('2031-03-04T10:00:00Z');
    const { clock, notifier } = senderAt(start);

    await notifier.teamMessage(ana.id, message('Pode trocar a fruta do lanche.'));
    await notifier.idle();
    expect(service.to(device).map((push) => push.status)).toEqual([500]);
    expect(await queued()).toEqual([{ attempts: 1, next_attempt_at: new Date(start + 10_000).toISOString(), last_error: 'push service answered 500' }]);

    clock.now = start + 9_000;
    await notifier.deliverDue();
    expect(service.to(device)).toHaveLength(1);

    clock.now = start + 10_000;
    await notifier.deliverDue();
    expect(service.to(device).map((push) => push.status)).toEqual([500, 201]);
    expect(JSON.parse(device.decrypt(service.to(device)[1]!.body))).toMatchObject({ corpo: 'Pode trocar a fruta do lanche.' });
    expect(await queued()).toEqual([]);
    expect(await subscriptions(ctx, ana.id)).toHaveLength(1);
  });

  it('waits as long as a 429 asks (Retry-After), backs off further on each failure, and gives up once the push is stale', async () => {
    const ana = await signIn(ctx);
    const device = service.device();
    await subscribe(ctx, ana.token, device);
    service.answer(device, 429, 503, 502, 500, 500, ...Array<number>(60).fill(503));
    const start = Date.parse('2031-05-06T10:00:00Z');
    const { clock, notifier } = senderAt(start);

    await notifier.teamMessage(ana.id, message('Como foi o treino?'));
    await notifier.idle();
    // The test service asks for 120 s on 429.
    expect((await queued())[0]!.next_attempt_at).toBe(new Date(start + 120_000).toISOString());
    const delays: number[] = [];
    let last = start;
    while ((await queued()).length > 0) {
      const next = Date.parse((await queued())[0]!.next_attempt_at);
      delays.push(next - last);
      last = next;
      clock.now = next;
      await notifier.deliverDue();
    }
    expect(delays.slice(0, 5)).toEqual([120_000, 60_000, 300_000, 900_000, 1_800_000]);
    // Given up within the day a team message may wait, its subscription kept.
    expect(last - start).toBeLessThanOrEqual(24 * 60 * 60_000);
    expect(await subscriptions(ctx, ana.id)).toHaveLength(1);
  });

  it('sends a push once when several instances deliver at the same time', async () => {
    const ana = await signIn(ctx);
    const devices = Array.from({ length: 8 }, () => service.device());
    for (const device of devices) await subscribe(ctx, ana.token, device);
    const start = Date.parse('2031-07-08T10:00:00Z');
    const instances = [senderAt(start), senderAt(start), senderAt(start)];
    const before = service.received.length;
    // Queued without sending, then three instances deliver at once.
    const { enqueuePush } = await import('../src/modules/push/queue.js');
    await enqueuePush(ctx.db, ana.id, { titulo: 'Marina Alves', corpo: 'Oi', url: '/chat', tag: 'mensagens' }, { now: new Date(start), ttlMs: 60_000 });
    await Promise.all(instances.map(({ notifier }) => notifier.deliverDue()));
    expect(service.received.length - before).toBe(devices.length);
    for (const device of devices) expect(service.to(device)).toHaveLength(1);
  });
});
