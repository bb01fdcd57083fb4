import { conversationPageSchema, idParamsSchema, pageQuerySchema, professionalsSchema, responsiblesRequestSchema, rosterEntrySchema, rosterPageSchema, rosterQuerySchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignResponsibles, conversations, professionals, roster } from './service.js';

/** The team's list of clients, its inbox and who looks after whom (DECISIONS.md §6). */
export const rosterRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.staffOnly: request.user is a signed-in team member.
  app.get('/v1/equipe/clientes', { schema: { querystring: rosterQuerySchema, response: { 200: rosterPageSchema } } }, async (request) =>
    roster(app.db, request.query, { staffId: request.user.user_id, now: new Date() }),
  );

  app.get('/v1/equipe/conversas', { schema: { querystring: pageQuerySchema, response: { 200: conversationPageSchema } } }, async (request) =>
    conversations(app.db, request.query, new Date()),
  );

  app.get('/v1/equipe/profissionais', { schema: { response: { 200: professionalsSchema } } }, async () => professionals(app.db));

  app.put(
    '/v1/equipe/clientes/:id/responsaveis',
    { schema: { params: idParamsSchema, body: responsiblesRequestSchema, response: { 200: rosterEntrySchema } } },
    async (request) => assignResponsibles(app.db, request.params.id, request.body),
  );
};
