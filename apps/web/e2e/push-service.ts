import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/**
 * Headless Chromium has no push service (its pushManager.subscribe is refused), so the specs stand
 * in for one: a push service on loopback that takes the server's encrypted pushes, and a device
 * whose keys this process holds, given to the page as its subscription. The specs decrypt what the
 * server sent (RFC 8291) and hand it to the service worker through the DevTools protocol, as the
 * browser's push service would.
 */

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer | string, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from(info), length));

export async function startPushService() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const bodies: Buffer[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks));
      response.statusCode = 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  /** One aes128gcm record, decrypted with the device's private key and auth secret. */
  const decrypt = (body: Buffer) => {
    const salt = body.subarray(0, 16);
    const keyIdLength = body[20]!;
    const serverKey = body.subarray(21, 21 + keyIdLength);
    const record = body.subarray(21 + keyIdLength);
    const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
    const ikm = hkdf(ecdh.computeSecret(serverKey), auth, info, 32);
    const decipher = createDecipheriv('aes-128-gcm', hkdf(ikm, salt, 'Content-Encoding: aes128gcm\0', 16), hkdf(ikm, salt, 'Content-Encoding: nonce\0', 12));
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
  };

  return {
    device: {
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/${randomUUID()}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    },
    /** The JSON of every push received so far, decrypted, oldest first. */
    received: () => bodies.map(decrypt),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestDevice = Awaited<ReturnType<typeof startPushService>>['device'];

/**
 * Gives the page this device as its push subscription: pushManager.subscribe returns it (and
 * remembers it for the tab, across reloads), getSubscription finds it, unsubscribe forgets it.
 */
export async function standInForPushManager(page: Page, device: TestDevice) {
  await page.addInitScript(({ endpoint, p256dh, auth }) => {
    const KEY = 'e2e-push-subscription';
    const bytes = (text: string) =>
      Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/').padEnd(Math.ceil(text.length / 4) * 4, '=')), (character) => character.charCodeAt(0));
    const subscription = (serverKey: number[]) => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: Uint8Array.from(serverKey).buffer },
      getKey: (name: string) => bytes(name === 'p256dh' ? p256dh : auth).buffer,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => {
        sessionStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = Array.from(new Uint8Array(options!.applicationServerKey as ArrayBuffer));
      sessionStorage.setItem(KEY, JSON.stringify(key));
      return subscription(key) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const stored = sessionStorage.getItem(KEY);
      return stored === null ? null : (subscription(JSON.parse(stored) as number[]) as unknown as PushSubscription);
    };
  }, device);
}
