import {
  clientMessageRequestSchema,
  idParamsSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageSchema,
  teamMessageRequestSchema,
} from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../plugins/rate-limit.js';
import { clientConversation, readByClient, readByTeam, sendClientMessage, sendTeamMessage, teamConversation } from './service.js';

/** The client's side of the chat (DECISIONS.md §5). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get(
    '/v1/mensagens',
    { schema: { querystring: messagePageQuerySchema, response: { 200: messagePageSchema } } },
    async (request) => clientConversation(app.db, request.user.user_id, request.query),
  );

  app.post(
    '/v1/mensagens',
    {
      // One message every 10 seconds for 10 minutes is more than anyone types; a phone's queue replays within it.
      config: { rateLimit: perAccount(60, '10 minutes') },
      schema: { body: clientMessageRequestSchema, response: { 200: messageSchema, 201: messageSchema } },
    },
    async (request, reply) => {
      const { created, message } = await sendClientMessage(app.db, request.user.user_id, request.body);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.post('/v1/mensagens/lidas', async (request, reply) => {
    await readByClient(app.db, request.user.user_id);
    return reply.code(204).send();
  });
};

/** The team's side of each client's conversation. */
export const teamMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.staffOnly: request.user is a signed-in team member.
  app.get(
    '/v1/equipe/clientes/:id/mensagens',
    { schema: { params: idParamsSchema, querystring: messagePageQuerySchema, response: { 200: messagePageSchema } } },
    async (request) => teamConversation(app.db, request.params.id, request.query),
  );

  app.post(
    '/v1/equipe/clientes/:id/mensagens',
    {
      // A team member answers many clients, so more than a client sends; still a bound on a stolen token.
      config: { rateLimit: perAccount(300, '10 minutes') },
      schema: { params: idParamsSchema, body: teamMessageRequestSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => reply.code(201).send(await sendTeamMessage(app.db, request.params.id, request.user.user_id, request.body.texto)),
  );

  app.post('/v1/equipe/clientes/:id/mensagens/lidas', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await readByTeam(app.db, request.params.id);
    return reply.code(204).send();
  });
};
