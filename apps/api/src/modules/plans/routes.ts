import {
  clientEvaluationParamsSchema,
  idParamsSchema,
  pageQuerySchema,
  planDraftAnswerSchema,
  planDraftRequestSchema,
  planFileSchema,
  planHistorySchema,
  planSummarySchema,
  publishPlanEnvelopeSchema,
} from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../plugins/rate-limit.js';
import { planHistory, publishedPlan, publishPlan, readDraft, removeDraft, writeDraft } from './service.js';

/** A whole plan with many workouts and diets is tens of kilobytes, past the app's default 64 KB at the edge. */
const PLAN_BODY_LIMIT = 256 * 1024;

/** The team's plan editor (decision 040): drafts, publishing, and every published plan of a client. */
export const planEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.staffOnly: request.user is a signed-in team member.
  app.get(
    '/v1/equipe/clientes/:id/planos',
    { schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: planHistorySchema } } },
    async (request) => planHistory(app.db, request.params.id, request.query),
  );

  app.get(
    '/v1/equipe/clientes/:id/planos/:avaliacao_id',
    { schema: { params: clientEvaluationParamsSchema, response: { 200: planFileSchema } } },
    async (request) => publishedPlan(app.db, request.params.id, request.params.avaliacao_id),
  );

  app.post(
    '/v1/equipe/clientes/:id/planos',
    {
      bodyLimit: PLAN_BODY_LIMIT,
      config: { rateLimit: perAccount(120, '10 minutes') },
      schema: { params: idParamsSchema, body: publishPlanEnvelopeSchema, response: { 201: planSummarySchema } },
    },
    async (request, reply) => reply.code(201).send(await publishPlan(app.db, request.params.id, request.body, request.user.user_id)),
  );

  app.get('/v1/equipe/clientes/:id/rascunho', { schema: { params: idParamsSchema, response: { 200: planDraftAnswerSchema } } }, async (request) =>
    readDraft(app.db, request.params.id),
  );

  app.put(
    '/v1/equipe/clientes/:id/rascunho',
    {
      bodyLimit: PLAN_BODY_LIMIT,
      // An editor saving a few seconds after each change, for hours.
      config: { rateLimit: perAccount(1200, '1 hour') },
      schema: { params: idParamsSchema, body: planDraftRequestSchema, response: { 200: planDraftAnswerSchema } },
    },
    async (request) => writeDraft(app.db, request.params.id, request.body, request.user.user_id),
  );

  app.delete('/v1/equipe/clientes/:id/rascunho', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await removeDraft(app.db, request.params.id);
    return reply.code(204).send();
  });
};
