import { consentRequestSchema, privacySchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../plugins/rate-limit.js';
import { giveConsent, privacyOf } from './service.js';

/** The client's consents (DECISIONS.md §6, "Privacy"). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get('/v1/privacidade', { schema: { response: { 200: privacySchema } } }, async (request) => privacyOf(app.db, request.user.user_id));

  app.post(
    '/v1/privacidade/consentimentos',
    { config: { rateLimit: perAccount(60, '1 hour') }, schema: { body: consentRequestSchema, response: { 200: privacySchema } } },
    async (request) => giveConsent(app.db, request.user.user_id, request.body),
  );
};
