import { pageQuerySchema, staffChangePageSchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffChanges } from './service.js';

/** What the team changed beyond one client's plans, with who and when (decision 055), for administrators only. */
export const staffChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.adminOnly: request.user is a signed-in ROLE_ADMIN.
  app.get('/v1/equipe/auditoria', { schema: { querystring: pageQuerySchema, response: { 200: staffChangePageSchema } } }, async (request) =>
    staffChanges(app.db, request.query),
  );
};
