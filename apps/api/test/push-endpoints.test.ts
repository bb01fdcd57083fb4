import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { addressKind, checkEndpoint, EndpointRefusedError, type Resolve } from '../src/modules/push/endpoint-rules.js';
import { createPushNotifier } from '../src/modules/push/notifier.js';
import { enqueuePush } from '../src/modules/push/queue.js';
import { loadVapidKeys, temporaryVapidKeys } from '../src/modules/push/vapid.js';
import { call, expectBadField, signIn, stopAppPush, useTestApp } from './helper.js';
import { startPushService, type PushService } from './push-service.js';

const publicOnly = { loopback: false };
/** PUSH_LOOPBACK=on: the test harnesses' setting. */
const withLoopback = { loopback: true };

/** A resolver that answers from a table, as DNS would, without the network. */
const dnsTable =
  (table: Record<string, string[]>): Resolve =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };

const DNS = dnsTable({
  'fcm.googleapis.com': ['142.250.79.42', '2800:3f0:4001:810::200a'],
  'updates.push.services.mozilla.com': ['34.117.237.239'],
  // A name that resolves inside the network: what an attacker would register.
  'push.attacker.example': ['10.0.0.7'],
  'metadata.attacker.example': ['169.254.169.254'],
  'mixed.attacker.example': ['34.117.237.239', '192.168.1.20'],
  'v6-local.attacker.example': ['fd00::5'],
  'localhost': ['127.0.0.1', '::1'],
});

describe('the addresses a push may go to', () => {
  it.each([
    ['142.250.79.42', 'public'],
    ['2800:3f0:4001:810::200a', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['100.64.0.1', 'private'],
    ['0.0.0.0', 'private'],
    ['::', 'private'],
    ['224.0.0.1', 'private'],
    ['255.255.255.255', 'private'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['2001:db8::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['[fe80::1%eth0]', 'link-local'],
    ['172.32.0.1', 'public'],
    ['64:ff9b::808:808', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});

describe('endpoint rules: https, and no private, loopback or link-local address after resolution', () => {
  it.each(['https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/abc', 'https://142.250.79.42/x'])(
    'accepts %s',
    async (endpoint) => {
      await expect(checkEndpoint(endpoint, publicOnly, DNS)).resolves.toBeUndefined();
    },
  );

  it.each([
    ['http://updates.push.services.mozilla.com/wpush/v2/abc', /https/],
    ['http://127.0.0.1:8080/push', /https/],
    ['https://127.0.0.1/push', /local/],
    ['https://[::1]/push', /local/],
    ['https://localhost/push', /local/],
    ['https://10.0.0.1/push', /público/],
    ['https://[fd00::1]/push', /público/],
    ['https://169.254.169.254/latest/meta-data', /enlace local/],
    ['https://[fe80::1]/push', /enlace local/],
    ['https://push.attacker.example/push', /público/],
    ['https://metadata.attacker.example/push', /enlace local/],
    ['https://mixed.attacker.example/push', /público/],
    ['https://v6-local.attacker.example/push', /público/],
    ['https://unknown.example/push', /não foi encontrado/],
    ['https://user:secret@fcm.googleapis.com/push', /usuário ou senha/],
    ['ftp://fcm.googleapis.com/push', /https/],
  ])('refuses %s', async (endpoint, reason) => {
    const check = checkEndpoint(endpoint, publicOnly, DNS);
    await expect(check).rejects.toBeInstanceOf(EndpointRefusedError);
    await expect(check).rejects.toThrow(reason);
  });

  it('under PUSH_LOOPBACK=on also accepts http and https on loopback, and nothing else local', async () => {
    for (const endpoint of ['http://127.0.0.1:9000/push', 'http://localhost:9000/push', 'http://[::1]:9000/push', 'https://localhost/push']) {
      await expect(checkEndpoint(endpoint, withLoopback, DNS)).resolves.toBeUndefined();
    }
    for (const endpoint of ['http://10.0.0.1/push', 'http://fcm.googleapis.com/push', 'https://push.attacker.example/push', 'http://169.254.169.254/']) {
      await expect(checkEndpoint(endpoint, withLoopback, DNS)).rejects.toBeInstanceOf(EndpointRefusedError);
    }
  });
});

describe('the subscription call in production', () => {
  const ctx = useTestApp({ NODE_ENV: 'production' });
  const keys = { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };

  it.each(['http://127.0.0.1:9000/push', 'https://127.0.0.1/push', 'https://localhost/push', 'https://192.168.0.1/push', 'https://[fe80::1]/push', 'https://169.254.169.254/push'])(
    'refuses %s with 400 naming endpoint',
    async (endpoint) => {
      const ana = await signIn(ctx);
      const body = expectBadField(await call(ctx.app, 'POST', '/api/v1/push/assinaturas', { token: ana.token, payload: { endpoint, keys } }), 'endpoint');
      expect(body.message).toMatch(/^endpoint: /);
      expect(await ctx.db.selectFrom('push_subscriptions').select('id').where('client_id', '=', ana.id).execute()).toEqual([]);
    },
  );
});

describe('the subscription call outside production, unless a test harness sets PUSH_LOOPBACK=on', () => {
  const ctx = useTestApp({ NODE_ENV: 'development' });
  const keys = { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };

  it.each(['http://127.0.0.1:9000/push', 'https://localhost:8443/push', 'http://[::1]:6379/'])('refuses the loopback endpoint %s with 400 naming endpoint', async (endpoint) => {
    const ana = await signIn(ctx);
    expectBadField(await call(ctx.app, 'POST', '/api/v1/push/assinaturas', { token: ana.token, payload: { endpoint, keys } }), 'endpoint');
    expect(await ctx.db.selectFrom('push_subscriptions').select('id').where('client_id', '=', ana.id).execute()).toEqual([]);
  });

  it('is a setting production refuses', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_LOOPBACK: 'on' })).toThrow(/PUSH_LOOPBACK: is for tests only/);
  });
});

describe('the sender checks the address it connects to, not only the one stored', () => {
  const ctx = useTestApp();
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
    await stopAppPush(ctx);
  });
  afterAll(() => service.close());

  it('never reaches a loopback push service, by address or by a name that resolves to it, and forgets those subscriptions', async () => {
    const ana = await signIn(ctx);
    const device = service.device();
    const port = new URL(service.origin).port;
    // Stored as if they had passed the rules once (a name that resolved elsewhere then).
    for (const endpoint of [`https://127.0.0.1:${port}/push/a`, `https://localhost:${port}/push/b`, `http://localhost:${port}/push/c`]) {
      await ctx.db.insertInto('push_subscriptions').values({ client_id: ana.id, endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth, created_at: new Date().toISOString() }).execute();
    }
    const warnings: string[] = [];
    const notifier = createPushNotifier(ctx.db, {
      vapid: temporaryVapidKeys('mailto:equipe@acompanha.app'),
      rules: publicOnly,
      log: { warn: (_details, message) => warnings.push(message) },
    });
    await enqueuePush(ctx.db, ana.id, { titulo: 'Equipe', corpo: 'Oi', url: '/chat', tag: 'mensagens' }, { now: new Date(), ttlMs: 60_000 });
    await notifier.deliverDue();

    expect(service.received).toEqual([]);
    expect(await ctx.db.selectFrom('push_subscriptions').select('endpoint').where('client_id', '=', ana.id).execute()).toEqual([]);
    expect(warnings).toEqual(Array(3).fill('push subscription removed: its endpoint is not allowed'));
  });
});

describe('the VAPID key pair', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-vapid-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is generated once into DATA_DIR, private to the server’s user, and read again at the next start', () => {
    const config = { DATA_DIR: dataDir, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: 'mailto:equipe@acompanha.app' };
    const first = loadVapidKeys(config);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys(config)).toEqual(first);
  });

  it('comes from the environment when given', () => {
    const given = temporaryVapidKeys('https://acompanha.app/contato');
    const config = { DATA_DIR: dataDir, VAPID_PUBLIC_KEY: given.publicKey, VAPID_PRIVATE_KEY: given.privateKey, VAPID_SUBJECT: given.subject };
    expect(loadVapidKeys(config)).toEqual(given);
  });
});
