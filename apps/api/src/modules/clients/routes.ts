import { clientSchema, userIdParamsSchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientNotFound } from '../../errors.js';
import { findClient } from './repository.js';

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get(
    '/v2/clientes/:user_id',
    { schema: { params: userIdParamsSchema, response: { 200: clientSchema } } },
    async (request) => {
      // Another client's id answers exactly like a missing one.
      const client = request.params.user_id === request.user.user_id ? await findClient(app.db, request.user.user_id) : undefined;
      if (!client) throw clientNotFound();
      return client;
    },
  );
};
