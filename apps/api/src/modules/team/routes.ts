import { rosterSchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoster } from '../clients/repository.js';

/** The team console's list of clients (DECISIONS.md §5). */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.staffOnly: request.user is a signed-in team member.
  app.get('/v1/equipe/clientes', { schema: { response: { 200: rosterSchema } } }, async () => ({ results: await listRoster(app.db) }));
};
