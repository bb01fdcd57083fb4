import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

interface Sources {
  /** Scripts allowed besides the origin's files. */
  scriptSources?: readonly string[];
  /** Origins the pages may connect to besides their own. */
  connectSources?: readonly string[];
}

const options = ({ scriptSources = [], connectSources = [] }: Sources): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...scriptSources],
      // blob: the photos, which the apps read with the bearer and show from an object URL (decision 070).
      'img-src': ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
      'frame-src': ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'connect-src': ["'self'", ...connectSources],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** The headers helmet sets with these options, which depend on nothing in the request. */
function helmetHeaders(sources: Sources): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options(sources))({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * helmet's security headers on every answer, computed once at start: helmet (and @fastify/helmet)
 * parse the policy anew for each request, a tenth of the CPU of a small answer. `scriptSources`
 * adds to the scripts the policy allows besides the origin's files: the hashes of the web app's
 * inline scripts (web-app.ts's inlineScriptHashes); `connectSources`, the origins its build sends
 * to besides this one (web-app.ts's connectSources): none by default.
 */
export const securityHeaders = fp(async (app: FastifyInstance, sources: Sources) => {
  const headers = helmetHeaders(sources);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
