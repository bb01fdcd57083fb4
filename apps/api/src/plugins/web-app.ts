import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routeNotFound } from './errors.js';

/**
 * Serves the built web app: hashed assets cached for a year, everything else (index.html, the
 * service worker, the manifest) revalidated so a new deploy is seen at once, and index.html for
 * every unknown client route so the client router can take over.
 */
export const webApp = fp(async (app: FastifyInstance, { root }: { root: string }) => {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: only the API is served');
    app.setNotFoundHandler(routeNotFound);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      // Relative to the root, so a root that itself lies under some "assets" folder changes nothing.
      const immutable = path.relative(root, filePath).startsWith(`assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The mime table says image/vnd.microsoft.icon; image/x-icon is the name browsers have always known favicons by.
      if (filePath.endsWith('.ico')) reply.header('content-type', 'image/x-icon');
    },
  });
  // Screens prerendered at build time (`login.html` for /login) are answered with their own page.
  const prerendered = new Set(
    fs
      .readdirSync(root)
      .filter((file) => file.endsWith('.html') && file !== 'index.html')
      .map((file) => `/${file.slice(0, -'.html'.length)}`),
  );
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return routeNotFound(request, reply);
    // A missing file answered with the page would be cached by browsers and the service worker as
    // the script, icon or manifest they asked for; client routes have no extension.
    const [pathname = ''] = request.url.split('?');
    if (path.posix.extname(pathname) !== '') return routeNotFound(request, reply);
    return reply.sendFile(prerendered.has(pathname) ? `${pathname.slice(1)}.html` : 'index.html');
  });
});
