import {
  exerciseHistorySchema,
  idParamsSchema,
  pageQuerySchema,
  sessionPageSchema,
  sessionRequestSchema,
  sessionSchema,
  teamSessionPageSchema,
} from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, badField, notFound } from '../../plugins/errors.js';
import { perAccount } from '../../plugins/rate-limit.js';
import { findOwnWorkout } from '../workouts/repository.js';
import { existingActivityIds, exerciseIdsOf, findSession, insertSession, ownExerciseHistory, pageClientSessions, pageOwnSessions } from './repository.js';

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
      const clientId = request.user.user_id;
      const workoutId = request.params.id;
      const body = request.body;
      if (!(await findOwnWorkout(app.db, workoutId, clientId))) throw notFound('Treino não encontrado.');

      /** A session sent again (a retry after a lost answer, a queue replayed) is answered with the stored one. */
      const stored = async () => {
        const existing = await findSession(app.db, body.id);
        if (!existing) return undefined;
        if (existing.clientId !== clientId || existing.workoutId !== workoutId) {
          throw new ApiError(409, 'id: já existe uma sessão com este id em outro treino.', undefined, 'id');
        }
        return reply.code(200).send(existing.session);
      };
      const replayed = await stored();
      if (replayed) return replayed;

      const exerciseIds = await exerciseIdsOf(app.db, workoutId);
      const stranger = body.series.findIndex((set) => !exerciseIds.has(set.exercicio_id));
      if (stranger >= 0) throw badField(`series.${stranger}.exercicio_id`, 'o exercício não é deste treino.');
      const strangeSwap = body.trocas.findIndex((swap) => !exerciseIds.has(swap.exercicio_id));
      if (strangeSwap >= 0) throw badField(`trocas.${strangeSwap}.exercicio_id`, 'o exercício não é deste treino.');
      const activityIds = await existingActivityIds(app.db, body.trocas.flatMap((swap) => (swap.atividade_id === undefined ? [] : [swap.atividade_id])));
      const unknownActivity = body.trocas.findIndex((swap) => swap.atividade_id !== undefined && !activityIds.has(swap.atividade_id));
      if (unknownActivity >= 0) throw badField(`trocas.${unknownActivity}.atividade_id`, 'a atividade não existe.');

      if (!(await insertSession(app.db, clientId, workoutId, body, new Date()))) return (await stored())!;
      return reply.code(201).send((await findSession(app.db, body.id))!.session);
    },
  );

  app.get(
    '/v1/treinos/:id/sessoes',
    { schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: sessionPageSchema } } },
    async (request) => {
      const page = await pageOwnSessions(app.db, request.params.id, request.user.user_id, request.query);
      if (!page) throw notFound('Treino não encontrado.');
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
      if (!history) throw notFound('Exercício não encontrado.');
      return history;
    },
  );
};
