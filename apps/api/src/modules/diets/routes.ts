import { dietPageSchema, dietSchema, idParamsSchema, mealListSchema, pageQuerySchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dietNotFound, evaluationNotFound } from '../../errors.js';
import { findOwnDiet, listOwnMeals, pageOwnDiets } from './repository.js';

export const dietRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get(
    '/v1/avaliacoes/:id/dietas',
    { config: { etag: true }, schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: dietPageSchema } } },
    async (request) => {
      const page = await pageOwnDiets(app.db, request.params.id, request.user.user_id, request.query);
      if (!page) throw evaluationNotFound();
      return page;
    },
  );

  app.get(
    '/v1/dietas/:id',
    { config: { etag: true }, schema: { params: idParamsSchema, response: { 200: dietSchema } } },
    async (request) => {
      const diet = await findOwnDiet(app.db, request.params.id, request.user.user_id);
      if (!diet) throw dietNotFound();
      return diet;
    },
  );

  app.get(
    '/v1/dietas/:id/refeicoes',
    { config: { etag: true }, schema: { params: idParamsSchema, response: { 200: mealListSchema } } },
    async (request) => {
      const meals = await listOwnMeals(app.db, request.params.id, request.user.user_id);
      if (!meals) throw dietNotFound();
      return meals;
    },
  );
};
