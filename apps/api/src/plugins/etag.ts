import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The GET answer may be kept by the client's browser and revalidated (decision 021). */
    etag?: boolean;
  }
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string, etag: string) {
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Conditional GETs for the routes that opt in (`config: { etag: true }`): a strong ETag from the
 * answer's body, `Cache-Control: private, no-cache` (the browser may keep it, asking each time
 * whether it is still good), and 304 with no body when If-None-Match names it. The ETag is of the
 * JSON before compression (compression's hook runs after this one, on the route), so gzip and
 * identity answers share it. An answer depends on whose token asks: a 304 only ever confirms the
 * body this same request would have had.
 */
export const etags = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.routeOptions.config.etag || request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
      return done(null, payload);
    }
    const etag = `"${hash('sha1', payload, 'base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && matchesIfNoneMatch(ifNoneMatch, etag)) {
      reply.code(304).removeHeader('content-type');
      return done(null, null);
    }
    done(null, payload);
  });
});
