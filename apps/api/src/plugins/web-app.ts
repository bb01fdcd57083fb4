import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routeNotFound } from './errors.js';

/**
 * Serves the built web app: hashed assets cached for a year, index.html always revalidated, and
 * index.html for every unknown non-API path so the client router can take over.
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
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return routeNotFound(request, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
