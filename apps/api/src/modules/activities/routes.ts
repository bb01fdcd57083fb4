import { activityListSchema, activityQuerySchema, activityRequestSchema, idParamsSchema, libraryActivitySchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../plugins/rate-limit.js';
import { addActivity, editActivity, searchLibrary } from './service.js';

/** The library as train mode reads it, to swap an exercise for another activity. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get('/v1/atividades', { schema: { querystring: activityQuerySchema, response: { 200: activityListSchema } } }, async (request) =>
    searchLibrary(app.db, request.query),
  );
};

/** The library as the team's plan editor reads and writes it (decision 040). */
export const teamActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.staffOnly: request.user is a signed-in team member.
  app.get('/v1/equipe/atividades', { schema: { querystring: activityQuerySchema, response: { 200: activityListSchema } } }, async (request) =>
    searchLibrary(app.db, request.query),
  );

  app.post(
    '/v1/equipe/atividades',
    { config: { rateLimit: perAccount(300, '10 minutes') }, schema: { body: activityRequestSchema, response: { 201: libraryActivitySchema } } },
    async (request, reply) => reply.code(201).send(await addActivity(app.db, request.body, request.user.user_id)),
  );

  app.put(
    '/v1/equipe/atividades/:id',
    { config: { rateLimit: perAccount(300, '10 minutes') }, schema: { params: idParamsSchema, body: activityRequestSchema, response: { 200: libraryActivitySchema } } },
    async (request) => editActivity(app.db, request.params.id, request.body, request.user.user_id),
  );
};
