import {
  pushEndpointRequestSchema,
  pushKeySchema,
  pushPreferencesRequestSchema,
  pushPreferencesSchema,
  pushSubscriptionRequestSchema,
} from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../plugins/rate-limit.js';
import { endpointRulesOf } from './endpoint-rules.js';
import { deviceNotFound, preferencesFor, savePreferencesFor, subscribe, unsubscribe } from './service.js';

/** A device's push subscription and the account's notification settings (DECISIONS.md §5, decision 041). */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get('/v1/push/chave', { schema: { response: { 200: pushKeySchema } } }, async () => ({ chave_publica: app.push.publicKey }));

  app.post(
    '/v1/push/assinaturas',
    {
      // A phone subscribes once, and again after its browser renews the subscription.
      config: { rateLimit: perAccount(30, '1 hour') },
      schema: { body: pushSubscriptionRequestSchema },
    },
    async (request, reply) => {
      const stored = await subscribe(app.db, request.user.user_id, request.body, endpointRulesOf(app.config));
      return reply.code(stored === 'created' ? 201 : 200).send();
    },
  );

  app.delete('/v1/push/assinaturas', { schema: { body: pushEndpointRequestSchema } }, async (request, reply) => {
    await unsubscribe(app.db, request.user.user_id, request.body.endpoint);
    return reply.code(204).send();
  });

  app.get('/v1/push/preferencias', { schema: { response: { 200: pushPreferencesSchema } } }, async (request) => preferencesFor(app.db, request.user.user_id));

  app.put(
    '/v1/push/preferencias',
    {
      config: { rateLimit: perAccount(120, '1 hour') },
      schema: { body: pushPreferencesRequestSchema, response: { 200: pushPreferencesSchema } },
    },
    async (request) => savePreferencesFor(app.db, request.user.user_id, request.body),
  );

  app.post(
    '/v1/push/teste',
    {
      // Each test is a push to a push service: a few a minute is plenty for a person checking their phone.
      config: { rateLimit: perAccount(10, '10 minutes') },
      schema: { body: pushEndpointRequestSchema },
    },
    async (request, reply) => {
      if (!(await app.push.sendTest(request.user.user_id, request.body.endpoint))) throw deviceNotFound();
      return reply.code(202).send();
    },
  );
};
