import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/plugins/security-headers.js';
import { connectSources } from '../src/plugins/web-app.js';
import { useTestApp } from './helper.js';

describe('security headers', () => {
  const ctx = useTestApp();

  it.each(['/api/health', '/api/v1/nada', '/api/v1/users/me'])('are on every answer: %s', async (url) => {
    const { headers } = await ctx.app.inject(url);
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
        "img-src 'self' data: blob: https://i.ytimg.com;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';frame-src https://www.youtube-nocookie.com https://www.youtube.com;" +
        "connect-src 'self'",
    );
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});

describe('connect-src', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-dist-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  /** connect-src as the server sends it for a web app built into `root`. */
  async function connectSrcFor(root: string | null) {
    const app = Fastify();
    await app.register(securityHeaders, { connectSources: connectSources(root) });
    app.get('/', async () => 'ok');
    const { headers } = await app.inject('/');
    await app.close();
    return String(headers['content-security-policy']).split(';').find((directive) => directive.startsWith('connect-src'));
  }

  it("allows only the server's own origin for a build that sends its e-mails to it (the default), or no build", async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Acompanha</title></head></html>');
    expect(await connectSrcFor(dist)).toBe("connect-src 'self'");
    expect(await connectSrcFor(null)).toBe("connect-src 'self'");
  });

  it('adds the origin a build was told to send its e-mails to (VITE_EMAIL_ENDPOINT, e.g. EmailJS), and only a real origin', async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><meta name="acompanha-connect-src" content="https://api.emailjs.com"></head></html>');
    expect(await connectSrcFor(dist)).toBe("connect-src 'self' https://api.emailjs.com");
    fs.writeFileSync(path.join(dist, 'index.html'), `<html><head><meta name="acompanha-connect-src" content="https://a.example 'unsafe-eval' *"></head></html>`);
    expect(await connectSrcFor(dist)).toBe("connect-src 'self'");
  });
});
