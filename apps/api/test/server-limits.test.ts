import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openMediaStorage } from '../src/storage/open-media-storage.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';

const REQUEST_TIMEOUT_MS = 1000;
const MAX_CONNECTIONS = 3;
/** Node looks for connections past their deadline once a second (app.ts), so a close comes within about this. */
const CLOSE_BOUND_MS = REQUEST_TIMEOUT_MS + 2500;

interface Connection {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves with the time from the start when the server closed the connection. */
  closed: Promise<number>;
  isOpen(): boolean;
}

/** `from`: the client's address, any of 127.0.0.0/8 (all of it is this machine's loopback). */
function connect(port: number, from = '127.0.0.1'): Promise<Connection> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  const start = Date.now();
  let received = '';
  let open = true;
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      open = false;
      resolve(Date.now() - start);
    }),
  );
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, received: () => received, closed, isOpen: () => open }));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte every `everyMs` until it is all sent or the connection closes. */
function trickle(connection: Connection, text: string, everyMs: number) {
  const bytes = [...Buffer.from(text)];
  const timer = setInterval(() => {
    const byte = bytes.shift();
    if (byte === undefined || !connection.isOpen()) clearInterval(timer);
    else connection.socket.write(Buffer.from([byte]));
  }, everyMs);
  return () => clearInterval(timer);
}

/** Resolves with the close time, or rejects when the connection is still open after `ms`. */
function closedWithin(connection: Connection, ms: number) {
  return Promise.race([
    connection.closed,
    new Promise<number>((_resolve, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms)),
  ]);
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;

/** Waits for a whole answer of `connection` (status line, headers, and a body of its content-length). */
async function answer(connection: Connection) {
  for (let waited = 0; waited < 5000; waited += 20) {
    const text = connection.received();
    const end = text.indexOf('\r\n\r\n');
    const length = /content-length: (\d+)/i.exec(text)?.[1];
    if (end >= 0 && length !== undefined && text.length >= end + 4 + Number(length)) return text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no whole answer: ${connection.received()}`);
}

/** A server on an ephemeral port with these limits; `routes` adds test routes before it listens. */
async function listening(env: Record<string, string>, routes: (app: App) => void = () => {}) {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent', REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS), ...env }),
    WEB_DIST: null,
  };
  const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
  await migrateToLatest(db);
  const app = await buildApp({ config, db, jwtSecret: randomBytes(32), storage: await openMediaStorage(config) });
  routes(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    port: (app.server.address() as net.AddressInfo).port,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

describe('connection limits (a slow client holds no connection for long)', () => {
  let server: Awaited<ReturnType<typeof listening>>;
  let port: number;

  beforeAll(async () => {
    // A cap per address as large as the whole: this block is about the instance's cap.
    server = await listening({ MAX_CONNECTIONS: String(MAX_CONNECTIONS), MAX_CONNECTIONS_PER_ADDRESS: String(MAX_CONNECTIONS) }, (app) => {
      // Answers that take longer than the request timeout, as the live updates' event streams will.
      app.get('/slow-start', async () => {
        await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS * 2.5));
        return { ok: true };
      });
      app.get('/stream', (_request, reply) => {
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
        let sent = 0;
        const timer = setInterval(() => {
          sent += 1;
          reply.raw.write(`data: ${sent}\n\n`);
          if (sent === 5) {
            clearInterval(timer);
            reply.raw.end();
          }
        }, REQUEST_TIMEOUT_MS / 2);
      });
    });
    port = server.port;
  });
  afterAll(() => server.close());

  it('closes a connection whose body trickles in, with 408', async () => {
    const connection = await connect(port);
    const body = JSON.stringify({ email: 'ana@demo.fit', password: 'Treino2026' });
    connection.socket.write(`POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    const stop = trickle(connection, body, 200);
    const closedAt = await closedWithin(connection, CLOSE_BOUND_MS + 3000).finally(stop);
    expect(closedAt).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(closedAt).toBeLessThan(CLOSE_BOUND_MS);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers trickle in', async () => {
    const connection = await connect(port);
    const stop = trickle(connection, `GET /api/health HTTP/1.1\r\nHost: localhost\r\n${'X-Slow: 1\r\n'.repeat(20)}\r\n`, 100);
    const closedAt = await closedWithin(connection, CLOSE_BOUND_MS + 3000).finally(stop);
    expect(closedAt).toBeLessThan(CLOSE_BOUND_MS);
  });

  it('closes a connection that never sends a byte', async () => {
    const connection = await connect(port);
    expect(await closedWithin(connection, CLOSE_BOUND_MS + 3000)).toBeLessThan(CLOSE_BOUND_MS);
  });

  it('never cuts an answer that takes longer than the request timeout (the request was whole)', async () => {
    const waiting = await connect(port);
    waiting.socket.write(get('/slow-start'));
    expect(await answer(waiting)).toMatch(/^HTTP\/1\.1 200[\s\S]*\{"ok":true\}$/);

    const streaming = await connect(port);
    streaming.socket.write(get('/stream'));
    for (let waited = 0; waited < 5000 && !streaming.received().includes('data: 5'); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(streaming.received()).toContain('data: 5');
    expect(streaming.isOpen()).toBe(true);
    waiting.socket.destroy();
    streaming.socket.destroy();
    await Promise.all([waiting.closed, streaming.closed]);
  });

  it(`refuses connections beyond ${MAX_CONNECTIONS} until one closes`, async () => {
    const open = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => connect(port)));
    // Each asks once and stays open, idle, as a browser's keep-alive connection does.
    for (const connection of open) connection.socket.write(get('/api/health'));
    for (const connection of open) expect(await answer(connection)).toMatch(/^HTTP\/1\.1 200/);

    const extra = await connect(port);
    extra.socket.write(get('/api/health'));
    await closedWithin(extra, 1000);
    expect(extra.received()).toBe('');

    open[0]!.socket.destroy();
    await open[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await connect(port);
    next.socket.write(get('/api/health'));
    expect(await answer(next)).toMatch(/^HTTP\/1\.1 200/);
    for (const connection of [...open, next]) connection.socket.destroy();
  });
});

/** Opens `count` connections from `from` that trickle a request's headers, as a slow client's would. */
async function slowConnections(port: number, from: string, count: number) {
  const connections = await Promise.all(Array.from({ length: count }, () => connect(port, from)));
  const stops = connections.map((connection) => trickle(connection, get('/api/health'), 200));
  return { connections, stop: () => stops.forEach((stop) => stop()) };
}

describe('connections per address (issue 37, 3.8)', () => {
  const PER_ADDRESS = 2;
  let server: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    server = await listening({ MAX_CONNECTIONS: '6', MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) });
  });
  afterAll(() => server.close());

  it(`closes an address's connections beyond ${PER_ADDRESS} at once, so its slow ones leave room for everyone else`, async () => {
    const slow = await slowConnections(server.port, '127.0.0.2', 6);
    try {
      const other = await connect(server.port, '127.0.0.3');
      other.socket.write(get('/api/health'));
      expect(await answer(other)).toMatch(/^HTTP\/1\.1 200/);
      other.socket.destroy();

      // The slow ones the address may hold are closed by the request timeout; the others at once, unanswered.
      const closedAt = await Promise.all(slow.connections.map((connection) => closedWithin(connection, CLOSE_BOUND_MS + 3000)));
      const atOnce = slow.connections.filter((_connection, i) => closedAt[i]! < REQUEST_TIMEOUT_MS - 50);
      expect(atOnce).toHaveLength(6 - PER_ADDRESS);
      expect(atOnce.map((connection) => connection.received())).toEqual(atOnce.map(() => ''));
    } finally {
      slow.stop();
      for (const connection of slow.connections) connection.socket.destroy();
    }
  });

  it('is 50 unless set, and a positive whole number', () => {
    expect(loadConfig({}).MAX_CONNECTIONS_PER_ADDRESS).toBe(50);
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '8' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(8);
    for (const wrong of ['0', '2.5', 'muitas']) expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: wrong })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });

  it('counts a connection again once it closed', async () => {
    const first = await Promise.all(Array.from({ length: PER_ADDRESS }, () => connect(server.port, '127.0.0.4')));
    first[0]!.socket.destroy();
    await first[0]!.closed;
    const next = await connect(server.port, '127.0.0.4');
    next.socket.write(get('/api/health'));
    expect(await answer(next)).toMatch(/^HTTP\/1\.1 200/);
    for (const connection of [...first, next]) connection.socket.destroy();
  });
});

describe('connections per address behind a trusted proxy', () => {
  let server: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    server = await listening({ MAX_CONNECTIONS: '10', MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: '127.0.0.5' });
  });
  afterAll(() => server.close());

  it("does not cap the proxy's own connections: it carries everyone's", async () => {
    const proxied = await Promise.all(Array.from({ length: 4 }, () => connect(server.port, '127.0.0.5')));
    for (const connection of proxied) connection.socket.write(get('/api/health'));
    for (const connection of proxied) expect(await answer(connection)).toMatch(/^HTTP\/1\.1 200/);
    for (const connection of proxied) connection.socket.destroy();
  });
});
