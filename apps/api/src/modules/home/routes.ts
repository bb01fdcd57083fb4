import { homeSchema, userIdCamelParamsSchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientNotFound } from '../../errors.js';
import { readHome } from './service.js';

/** Home's first reads in one answer (decision 050; service.ts). */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get(
    '/v1/clientes/:userId/inicio',
    { config: { etag: true }, schema: { params: userIdCamelParamsSchema, response: { 200: homeSchema } } },
    async (request) => {
      // Another client's id answers exactly like a missing one.
      if (request.params.userId !== request.user.user_id) throw clientNotFound();
      return readHome(app.db, request.user.user_id);
    },
  );
};
