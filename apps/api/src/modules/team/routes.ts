import { clientHeaderSchema, clientProgressSchema, evaluationListSchema, idParamsSchema, pageQuerySchema, teamSessionPageSchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientHeader, clientSessions, evaluations, progress } from './service.js';

/** A client's page in the team console (DECISIONS.md §5), read-only. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.staffOnly: request.user is a signed-in team member.
  app.get('/v1/equipe/clientes/:id', { schema: { params: idParamsSchema, response: { 200: clientHeaderSchema } } }, async (request) =>
    clientHeader(app.db, request.params.id),
  );

  app.get(
    '/v1/equipe/clientes/:id/sessoes',
    { schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: teamSessionPageSchema } } },
    async (request) => clientSessions(app.db, request.params.id, request.query),
  );

  app.get('/v1/equipe/clientes/:id/progresso', { schema: { params: idParamsSchema, response: { 200: clientProgressSchema } } }, async (request) =>
    progress(app.db, request.params.id),
  );

  app.get('/v1/equipe/clientes/:id/avaliacoes', { schema: { params: idParamsSchema, response: { 200: evaluationListSchema } } }, async (request) =>
    evaluations(app.db, request.params.id),
  );
};
