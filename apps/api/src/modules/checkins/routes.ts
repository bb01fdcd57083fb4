import {
  checkinPageSchema,
  checkinRequestSchema,
  checkinReviewRequestSchema,
  checkinSchema,
  checkinSettingsSchema,
  currentCheckinSchema,
  idParamsSchema,
  pageQuerySchema,
  teamCheckinPageSchema,
  teamCheckinQuerySchema,
} from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { clientNotFound } from '../../errors.js';
import { perAccount } from '../../plugins/rate-limit.js';
import { isClient } from '../messages/repository.js';
import { pageClientCheckins, pageTeamCheckins } from './repository.js';
import { clientSettings, currentCheckin, reviewClientCheckin, setClientSettings, submitCheckin } from './service.js';

/** The client's weekly check-in (DECISIONS.md §6, decision 073). */
export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get('/v1/checkins/atual', { schema: { response: { 200: currentCheckinSchema } } }, (request) => currentCheckin(app.db, request.user.user_id));

  app.get('/v1/checkins', { schema: { querystring: z.extend(pageQuerySchema, { size: z._default(pageQuerySchema.shape.size, 20) }), response: { 200: checkinPageSchema } } }, (request) =>
    pageClientCheckins(app.db, request.user.user_id, request.query),
  );

  app.post(
    '/v1/checkins',
    {
      // One a week; a phone's queue replayed fits well within it.
      config: { rateLimit: perAccount(30, '1 hour') },
      schema: { body: checkinRequestSchema, response: { 200: checkinSchema, 201: checkinSchema } },
    },
    async (request, reply) => {
      const { created, checkin } = await submitCheckin(app.db, request.user.user_id, request.body);
      return reply.code(created ? 201 : 200).send(checkin);
    },
  );
};

const checkinParamsSchema = z.object({ id: z.uuid() });

/** The team's side: the queue, a client's check-ins and settings, and the review. */
export const teamCheckinRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.staffOnly: request.user is a signed-in team member.
  app.get('/v1/equipe/checkins', { schema: { querystring: teamCheckinQuerySchema, response: { 200: teamCheckinPageSchema } } }, (request) =>
    pageTeamCheckins(app.db, request.query.estado, request.query),
  );

  app.get(
    '/v1/equipe/clientes/:id/checkins',
    { schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: checkinPageSchema } } },
    async (request) => {
      if (!(await isClient(app.db, request.params.id))) throw clientNotFound();
      return pageClientCheckins(app.db, request.params.id, request.query);
    },
  );

  app.get('/v1/equipe/clientes/:id/checkins/configuracao', { schema: { params: idParamsSchema, response: { 200: checkinSettingsSchema } } }, (request) =>
    clientSettings(app.db, request.params.id),
  );

  app.put(
    '/v1/equipe/clientes/:id/checkins/configuracao',
    { schema: { params: idParamsSchema, body: checkinSettingsSchema, response: { 200: checkinSettingsSchema } } },
    (request) => setClientSettings(app.db, request.params.id, request.body),
  );

  app.post(
    '/v1/equipe/checkins/:id/revisao',
    { schema: { params: checkinParamsSchema, body: checkinReviewRequestSchema, response: { 200: checkinSchema } } },
    (request) => reviewClientCheckin(app, request.user.user_id, request.params.id, request.body.texto),
  );
};
