import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { routeNotFound } from './errors.js';

/** Where the team console is served (DECISIONS.md §5); the client app answers every other path. */
export const CONSOLE_PREFIX = '/equipe';

interface WebAppOptions {
  /** The built client app. */
  root: string;
  /** The built team console, or null when it is not served. */
  consoleRoot: string | null;
}

const isBuilt = (root: string | null): root is string => root !== null && fs.existsSync(path.join(root, 'index.html'));

/**
 * The Content-Security-Policy sources ('sha256-…') of the inline scripts of the web app's index.html
 * (the start script, which the build inlines so that it costs no request before the first paint).
 * None when the app is not built.
 */
export function inlineScriptHashes(root: string | null): string[] {
  if (!isBuilt(root)) return [];
  const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
}

/**
 * The other origins the web app was built to send to (its build writes them into index.html:
 * apps/web/build/connect-sources-plugin.ts): EmailJS's when its forms post there, none by default.
 * A value that is not exactly an http(s) origin is left out, so index.html cannot widen the policy
 * beyond origins.
 */
export function connectSources(root: string | null): string[] {
  if (!isBuilt(root)) return [];
  const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  return [...html.matchAll(/<meta name="acompanha-connect-src" content="([^"]*)"/g)].flatMap(([, value]) => {
    try {
      const { origin } = new URL(value!);
      return /^https?:\/\//.test(origin) && origin === value ? [origin] : [];
    } catch {
      return [];
    }
  });
}

/** Serves one built app's files: hashed assets cached for a year, everything else revalidated so a new deploy is seen at once. */
async function serveFiles(app: FastifyInstance, root: string, prefix: string) {
  await app.register(fastifyStatic, {
    root,
    prefix,
    wildcard: false,
    index: false,
    // The build's Brotli and gzip copies of its hashed assets (apps/web build/precompress-plugin.ts);
    // anything without a copy is compressed as it is answered.
    preCompressed: true,
    // Only the first registration may decorate the reply with sendFile.
    decorateReply: prefix === '/',
    setHeaders(reply, filePath) {
      // Relative to the root, so a root that itself lies under some "assets" folder changes nothing.
      const immutable = path.relative(root, filePath).startsWith(`assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The mime table says image/vnd.microsoft.icon; image/x-icon is the name browsers have always known favicons by.
      if (filePath.endsWith('.ico')) reply.header('content-type', 'image/x-icon');
    },
  });
}

/**
 * Serves the built client app at `/` and the team console at `/equipe` (each its own bundle:
 * nothing of the console reaches the client app's JavaScript), and each app's index.html for its
 * unknown routes, so that its router can take over.
 */
export const webApp = fp(async (app: FastifyInstance, { root, consoleRoot }: WebAppOptions) => {
  if (!isBuilt(root)) {
    app.log.warn({ root }, 'web app not built: only the API is served');
    app.setNotFoundHandler(routeNotFound);
    return;
  }
  await serveFiles(app, root, '/');
  const consoleDist = isBuilt(consoleRoot) ? consoleRoot : null;
  if (consoleDist) await serveFiles(app, consoleDist, `${CONSOLE_PREFIX}/`);
  else app.log.warn({ root: consoleRoot }, 'team console not built: /equipe is not served');

  // Screens prerendered at build time (`login.html` for /login) are answered with their own page.
  const prerendered = new Set(
    fs
      .readdirSync(root)
      .filter((file) => file.endsWith('.html') && file !== 'index.html')
      .map((file) => `/${file.slice(0, -'.html'.length)}`),
  );
  const page = (pathname: string, reply: FastifyReply) => {
    if (pathname === CONSOLE_PREFIX || pathname.startsWith(`${CONSOLE_PREFIX}/`)) {
      return consoleDist ? reply.sendFile('index.html', consoleDist) : null;
    }
    return reply.sendFile(prerendered.has(pathname) ? `${pathname.slice(1)}.html` : 'index.html');
  };
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return routeNotFound(request, reply);
    // A missing file answered with the page would be cached by browsers and the service worker as
    // the script, icon or manifest they asked for; client routes have no extension.
    const [pathname = ''] = request.url.split('?');
    if (path.posix.extname(pathname) !== '') return routeNotFound(request, reply);
    return page(pathname, reply) ?? routeNotFound(request, reply);
  });
});
