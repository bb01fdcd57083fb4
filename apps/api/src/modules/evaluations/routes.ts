import { evaluationListSchema, userIdCamelParamsSchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientNotFound } from '../../errors.js';
import { listEvaluations } from './repository.js';

export const evaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get(
    '/v1/clientes/:userId/avaliacoes',
    { schema: { params: userIdCamelParamsSchema, response: { 200: evaluationListSchema } } },
    async (request) => {
      if (request.params.userId !== request.user.user_id) throw clientNotFound();
      return { results: await listEvaluations(app.db, request.user.user_id) };
    },
  );
};
