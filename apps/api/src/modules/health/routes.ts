import type { FastifyPluginAsync } from 'fastify';

/** Readiness from memory: no query per call, 503 once shutdown has begun. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  let ready = true;
  app.addHook('preClose', async () => {
    ready = false;
  });
  app.get('/health', async (_request, reply) =>
    ready ? { status: 'ok' } : reply.status(503).send({ status: 'shutting-down' }),
  );
};
