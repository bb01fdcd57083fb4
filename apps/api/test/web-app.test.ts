import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openMediaStorage } from '../src/storage/open-media-storage.js';
import { migrateToLatest, openDatabase, type Db } from '../src/db/database.js';
import { expectError } from './helper.js';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const BIG_SCRIPT = Array.from({ length: 800 }, (_, i) => `const v${i} = ${(i * 7919) % 1009};`).join('\n');

describe('the built web app', () => {
  let tmp: string;
  let db: Db;
  let app: App;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-web-'));
    // Named like the hashed-assets folder, so only paths inside the root may decide what is immutable.
    const root = path.join(tmp, 'assets');
    const files: Record<string, string | Buffer> = {
      'index.html': '<!doctype html><title>Acompanha</title><script>document.documentElement.dataset.signedIn = "";</script>',
      'reset-password-email.html': '<!doctype html><title>Recuperar senha · Acompanha</title>',
      'favicon.ico': 'ico',
      'manifest.webmanifest': '{"name":"Acompanha"}',
      'sw.js': 'self.skipWaiting();',
      'registerSW.js': 'navigator.serviceWorker.register("/sw.js");',
      'assets/app-abc123.js': 'console.log("app");',
      // The build's copies of a hashed asset (apps/web build/precompress-plugin.ts), each unlike what
      // the server makes as it answers (Brotli quality 4, gzip level 6).
      'assets/big-abc123.js': BIG_SCRIPT,
      'assets/big-abc123.js.br': zlib.brotliCompressSync(BIG_SCRIPT),
      'assets/big-abc123.js.gz': zlib.gzipSync(BIG_SCRIPT, { level: 1 }),
      'assets/uncopied-abc123.js': BIG_SCRIPT,
    };
    const consoleRoot = path.join(tmp, 'console');
    const consoleFiles: Record<string, string> = {
      'index.html': '<!doctype html><title>Acompanha · Equipe</title>',
      'assets/console-def456.js': 'console.log("equipe");',
    };
    const write = (folder: string, written: Record<string, string | Buffer>) => {
      for (const [name, content] of Object.entries(written)) {
        fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
        fs.writeFileSync(path.join(folder, name), content);
      }
    };
    write(root, files);
    write(consoleRoot, consoleFiles);
    // Serving files never reaches the database, but the app starts on a migrated one (the live
    // events read their cursor when it is ready): a fresh in-memory one is enough on every suite.
    db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp, LOG_LEVEL: 'silent', WEB_DIST: root, CONSOLE_DIST: consoleRoot });
    app = await buildApp({ config, db, jwtSecret: randomBytes(32), storage: await openMediaStorage(config) });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await db.destroy();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/workout/3', '/diet/7?dia=2'])('answers the client route %s with index.html, revalidated', async (url) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.body).toContain('<title>Acompanha</title>');
  });

  it.each(['/reset-password-email', '/reset-password-email?x=1'])('answers the prerendered screen %s with its own page, revalidated', async (url) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.body).toContain('<title>Recuperar senha · Acompanha</title>');
  });

  it.each([
    ['/index.html', 'text/html; charset=utf-8'],
    ['/sw.js', 'application/javascript; charset=utf-8'],
    ['/registerSW.js', 'application/javascript; charset=utf-8'],
    ['/manifest.webmanifest', 'application/manifest+json'],
    ['/favicon.ico', 'image/x-icon'],
  ])('serves %s as %s, revalidated so a new deploy is seen at once', async (url, type) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
  });

  it("allows index.html's inline start script by its hash, and no other inline script", async () => {
    const { headers } = await app.inject('/');
    const hash = createHash('sha256').update('document.documentElement.dataset.signedIn = "";').digest('base64');
    expect(headers['content-security-policy']).toContain(`;script-src 'self' 'sha256-${hash}';`);
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it.each([
    ['br', 'gzip, deflate, br, zstd', zlib.brotliDecompressSync],
    ['gzip', 'gzip, deflate', zlib.gunzipSync],
  ] as const)("sends a hashed asset's %s copy from the build when the browser takes it, for a year", async (encoding, accepted, decompress) => {
    const response = await app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': accepted } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload).toEqual(fs.readFileSync(path.join(tmp, 'assets/assets', `big-abc123.js.${encoding === 'br' ? 'br' : 'gz'}`)));
    expect(decompress(response.rawPayload).toString()).toBe(BIG_SCRIPT);
  });

  it('sends a hashed asset as it is to a browser that takes no compression', async () => {
    const response = await app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(BIG_SCRIPT);
  });

  it('compresses as it answers what the build has no copy of', async () => {
    const response = await app.inject({ url: '/assets/uncopied-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(BIG_SCRIPT);
  });

  it.each(['/assets/missing.js', '/manifest.json', '/apple-touch-icon.png', '/robots.txt?x=1', '/workout/3/video.mp4'])(
    'answers the missing file %s with a JSON 404, never the page',
    async (url) => {
      const response = await app.inject(url);
      const body = expectError(response, 404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(body.message).toContain(url.split('?')[0]);
    },
  );

  it.each(['/equipe', '/equipe/', '/equipe/login', '/equipe/clientes/3/treinos?x=1'])('answers the console route %s with the console, revalidated', async (url) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.body).toContain('<title>Acompanha · Equipe</title>');
  });

  it("caches the console's hashed assets for a year, and answers a missing one with a 404", async () => {
    const response = await app.inject('/equipe/assets/console-def456.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('equipe');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expectError(await app.inject('/equipe/assets/missing.js'), 404);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    expectError(await app.inject('/api/v1/nada'), 404);
  });

  it('answers other methods on client routes with a JSON 404', async () => {
    expectError(await app.inject({ method: 'POST', url: '/login' }), 404);
  });
});
