import {
  exercisePageSchema,
  exerciseSchema,
  idParamsSchema,
  loadUpdateSchema,
  pageQuerySchema,
  workoutPageSchema,
  workoutSchema,
} from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { evaluationNotFound, exerciseNotFound, workoutNotFound } from '../../errors.js';
import { perAccount } from '../../plugins/rate-limit.js';
import { findOwnWorkout, pageOwnExercises, pageOwnWorkouts, updateOwnExerciseLoad } from './repository.js';

export const workoutRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get(
    '/v1/avaliacoes/:id/treinos',
    { config: { etag: true }, schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: workoutPageSchema } } },
    async (request) => {
      const page = await pageOwnWorkouts(app.db, request.params.id, request.user.user_id, request.query);
      if (!page) throw evaluationNotFound();
      return page;
    },
  );

  app.get(
    '/v1/treinos/:id',
    { config: { etag: true }, schema: { params: idParamsSchema, response: { 200: workoutSchema } } },
    async (request) => {
      const workout = await findOwnWorkout(app.db, request.params.id, request.user.user_id);
      if (!workout) throw workoutNotFound();
      return workout;
    },
  );

  app.get(
    '/v1/treinos/:id/exercicios',
    { config: { etag: true }, schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: exercisePageSchema } } },
    async (request) => {
      const page = await pageOwnExercises(app.db, request.params.id, request.user.user_id, request.query);
      if (!page) throw workoutNotFound();
      return page;
    },
  );

  app.put(
    '/v1/exercicios/:id',
    // Far above a client editing loads through a workout, or a day of edits replayed after a time offline.
    { config: { rateLimit: perAccount(120, '1 hour') }, schema: { params: idParamsSchema, body: loadUpdateSchema, response: { 200: exerciseSchema } } },
    async (request) => {
      const exercise = await updateOwnExerciseLoad(app.db, request.params.id, request.user.user_id, request.body.carga);
      if (!exercise) throw exerciseNotFound();
      return exercise;
    },
  );
};
