import type { FastifyPluginAsync } from 'fastify';

/**
 * Readiness from memory, no query per call: 503 once shutdown has begun, or while the database is
 * unreachable (as its watcher last saw it), so that a balancer sends requests elsewhere.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (_request, reply) => {
    if (app.lifecycle.draining) return reply.status(503).send({ status: 'shutting-down' });
    if (!app.databaseAvailability.available) return reply.status(503).send({ status: 'not ready' });
    return { status: 'ok' };
  });
};
