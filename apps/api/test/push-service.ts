import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify, decodeProtectedHeader, type JWTPayload } from 'jose';

/**
 * A push service on loopback, as a browser vendor runs one: it takes the server's encrypted pushes
 * and answers what a test tells it (201 by default). Each device it makes holds its own key pair
 * and auth secret, as a browser's subscription does, so the test decrypts what the server sent
 * (RFC 8291, aes128gcm) and checks the VAPID signature (RFC 8292) itself, without web-push.
 */

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  status: number;
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer | string, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from(info), length));

/** RFC 8188 / RFC 8291: one aes128gcm record, decrypted with the device's private key and auth secret. */
function decryptAes128gcm(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  // The server's ephemeral public key: the record's key id.
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const sharedSecret = device.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = hkdf(sharedSecret, device.auth, keyInfo, 32);
  const contentKey = hkdf(ikm, salt, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = hkdf(ikm, salt, 'Content-Encoding: nonce\0', 12);
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export interface VapidCheck {
  /** The claims, once the signature verified against `publicKey` and the audience matched. */
  claims: JWTPayload;
  /** The `k` parameter: the public key the server says it signs with. */
  key: string;
  algorithm: string;
}

/** Verifies a push's `Authorization: vapid t=<JWT>, k=<key>` with the server's published key (ES256, P-256). */
export async function checkVapid(headers: IncomingHttpHeaders, publicKey: string, audience: string): Promise<VapidCheck> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${headers.authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const verifier = await importJWK(
    { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    'ES256',
  );
  const { payload } = await jwtVerify(token, verifier, { audience, algorithms: ['ES256'] });
  return { claims: payload, key, algorithm: decodeProtectedHeader(token).alg ?? '' };
}

export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The JSON of a push this device received. */
  decrypt(body: Buffer): string;
}

export async function startPushService() {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number[]>();
  const waiting = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const status = answers.get(path)?.shift() ?? 201;
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks), status });
      if (status === 429) response.setHeader('retry-after', '120');
      response.statusCode = status;
      response.end();
      for (const wake of waiting) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** The pushes that reached one device's endpoint. */
    to: (device: TestDevice) => received.filter((push) => origin + push.path === device.endpoint),
    /** The next pushes to `device` are answered with these statuses, in order (then 201). */
    answer(device: TestDevice, ...statuses: number[]) {
      answers.set(new URL(device.endpoint).pathname, statuses);
    },
    /** A browser's subscription on this service: a fresh P-256 key pair and auth secret. */
    device(): TestDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        endpoint: `${origin}/push/${randomUUID()}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        decrypt: (body) => decryptAes128gcm(body, { ecdh, auth }),
      };
    },
    /** Resolves once `count` pushes in all have arrived. */
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} pushes arrived, not ${count}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            resolve();
          };
          waiting.add(wake);
          setTimeout(wake, 50);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
