import { HOME_PAGE, homeSchema, userIdCamelParamsSchema, WEEK_SESSIONS_PAGE } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/errors.js';
import { findClient } from '../clients/repository.js';
import { pageOwnDiets } from '../diets/repository.js';
import { listEvaluations } from '../evaluations/repository.js';
import { pageOwnSessions } from '../sessions/repository.js';
import { pageOwnExercises, pageOwnWorkouts } from '../workouts/repository.js';

/**
 * Home's first reads in one (decision 050): a thin join of the client's own reads, with their
 * queries and their ownership checks, so that a phone on a weak signal waits one round trip for
 * Home rather than three in a row (the evaluations, then the lists, then each workout's exercises).
 */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get(
    '/v1/clientes/:userId/inicio',
    { config: { etag: true }, schema: { params: userIdCamelParamsSchema, response: { 200: homeSchema } } },
    async (request) => {
      const userId = request.user.user_id;
      // Another client's id answers exactly like a missing one.
      if (request.params.userId !== userId) throw notFound('Cliente não encontrado.');
      const [cliente, evaluations] = await Promise.all([findClient(app.db, userId), listEvaluations(app.db, userId)]);
      if (!cliente) throw notFound('Cliente não encontrado.');
      const latest = evaluations[0];
      const [treinos, dietas] = latest
        ? await Promise.all([pageOwnWorkouts(app.db, latest.id, userId, HOME_PAGE), pageOwnDiets(app.db, latest.id, userId, HOME_PAGE)])
        : [undefined, undefined];
      const workouts = treinos?.results ?? [];
      const [exercises, sessions] = await Promise.all([
        Promise.all(workouts.map((workout) => pageOwnExercises(app.db, workout.id, userId, HOME_PAGE))),
        Promise.all(workouts.map((workout) => pageOwnSessions(app.db, workout.id, userId, WEEK_SESSIONS_PAGE))),
      ]);
      // By workout id; every workout of the list is the client's, so each has its pages.
      const byWorkout = <T>(pages: (T | undefined)[]) => Object.fromEntries(workouts.map((workout, index) => [String(workout.id), pages[index]!]));
      return {
        cliente,
        avaliacoes: { results: evaluations },
        treinos: treinos ?? null,
        dietas: dietas ?? null,
        exercicios: byWorkout(exercises),
        sessoes: byWorkout(sessions),
      };
    },
  );
};
