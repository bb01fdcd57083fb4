import {
  exerciseHistorySchema,
  idParamsSchema,
  pageQuerySchema,
  sessionFeedbackSchema,
  sessionPageSchema,
  sessionRequestSchema,
  sessionSchema,
  teamSessionPageSchema,
} from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { exerciseNotFound, workoutNotFound } from '../../errors.js';
import { perAccount } from '../../plugins/rate-limit.js';
import { ownExerciseHistory, pageClientSessions, pageOwnSessions } from './repository.js';
import { recordFeedback, recordSession } from './service.js';

const sessionParamsSchema = z.object({ id: z.uuid() });

/** Train mode's calls (DECISIONS.md, beyond SPEC.md): sessions of a workout, all of them, and an exercise's history. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.post(
    '/v1/treinos/:id/sessoes',
    {
      // A client trains once or twice a day; a phone offline for weeks replays its sessions within this.
      config: { rateLimit: perAccount(30, '1 hour') },
      schema: { params: idParamsSchema, body: sessionRequestSchema, response: { 200: sessionSchema, 201: sessionSchema } },
    },
    async (request, reply) => {
      const { created, session } = await recordSession(app.db, request.user.user_id, request.params.id, request.body, new Date());
      return reply.code(created ? 201 : 200).send(session);
    },
  );

  // 'Como foi?' answered after the session went (DECISIONS.md §6).
  app.patch(
    '/v1/sessoes/:id',
    {
      config: { rateLimit: perAccount(60, '1 hour') },
      schema: { params: sessionParamsSchema, body: sessionFeedbackSchema, response: { 200: sessionSchema } },
    },
    (request) => recordFeedback(app.db, request.user.user_id, request.params.id, request.body),
  );

  app.get(
    '/v1/treinos/:id/sessoes',
    { schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: sessionPageSchema } } },
    async (request) => {
      const page = await pageOwnSessions(app.db, request.params.id, request.user.user_id, request.query);
      if (!page) throw workoutNotFound();
      return page;
    },
  );

  // The history screen: every session of the client, of all their plans, as the team reads them
  // (the workout's title, each set named by its activity), from the same statements.
  app.get(
    '/v1/sessoes',
    { schema: { querystring: pageQuerySchema, response: { 200: teamSessionPageSchema } } },
    async (request) => {
      const { page, size } = request.query;
      // An account without a client record (no profile yet) has trained nothing.
      return (await pageClientSessions(app.db, request.user.user_id, request.query)) ?? { results: [], page, size, total: 0 };
    },
  );

  app.get(
    '/v1/exercicios/:id/historico',
    { schema: { params: idParamsSchema, response: { 200: exerciseHistorySchema } } },
    async (request) => {
      const history = await ownExerciseHistory(app.db, request.params.id, request.user.user_id);
      if (!history) throw exerciseNotFound();
      return history;
    },
  );
};
