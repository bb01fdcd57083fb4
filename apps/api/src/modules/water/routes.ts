import { waterDayParamsSchema, waterDayRequestSchema, waterDaySchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../plugins/rate-limit.js';
import { findWaterDay } from './repository.js';
import { saveWaterDay } from './service.js';

/** The client's water log of a local date (decision 041). */
export const waterRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get('/v1/agua/:data', { schema: { params: waterDayParamsSchema, response: { 200: waterDaySchema } } }, async (request) =>
    findWaterDay(app.db, request.user.user_id, request.params.data),
  );

  app.put(
    '/v1/agua/:data',
    {
      // A glass is a save: a whole day's worth and a phone's offline queue replayed fit well within it.
      config: { rateLimit: perAccount(300, '1 hour') },
      schema: { params: waterDayParamsSchema, body: waterDayRequestSchema, response: { 200: waterDaySchema } },
    },
    async (request) => saveWaterDay(app.db, request.user.user_id, request.params.data, request.body),
  );
};
