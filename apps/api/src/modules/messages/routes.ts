import {
  clientMessageRequestSchema,
  eventStreamHeadersSchema,
  idParamsSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageSchema,
  teamMessageRequestSchema,
} from '@acompanha/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SignedInUser } from '../../plugins/auth.js';
import { perAccount } from '../../plugins/rate-limit.js';
import {
  clientConversation,
  clientEventsAfter,
  readByClient,
  readByTeam,
  sendClientMessage,
  sendTeamMessage,
  teamConversation,
  teamEventsAfter,
} from './service.js';
import type { ConversationEvent } from '../../live/conversation-event.js';

/** An event as Server-Sent Events write it, formatted once for all the streams that carry it. */
function framing(data: (event: ConversationEvent) => object) {
  const frames = new WeakMap<ConversationEvent, string>();
  return (event: ConversationEvent) => {
    let frame = frames.get(event);
    if (frame === undefined) {
      frame = `event: ${event.tipo}\nid: ${event.cursor}\ndata: ${JSON.stringify(data(event))}\n\n`;
      frames.set(event, frame);
    }
    return frame;
  };
}

const eventData = (event: ConversationEvent) => (event.tipo === 'mensagem' ? event.message : event.reading);
/** The client's stream: the message (the contract's messageSchema), or who read and when. */
const clientFrame = framing(eventData);
/** The team's stream covers every conversation, so each event names its client. */
const teamFrame = framing((event) => ({ ...eventData(event), cliente_id: event.clientId }));

/** What every stream of the conversations shares: the fan-out, and the account that opened it (it ends with its token or session, and counts toward its streams). */
const openedBy = (app: FastifyInstance, user: SignedInUser) => ({
  fanOut: app.live,
  expiresAt: user.exp * 1000,
  account: user.user_id,
  sessionOpen: () => app.sessionOpen(user),
});

/** The client's side of the chat (DECISIONS.md §5). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.clientOnly: request.user is a signed-in client.
  app.get(
    '/v1/mensagens',
    { schema: { querystring: messagePageQuerySchema, response: { 200: messagePageSchema } } },
    async (request) => clientConversation(app.db, request.user.user_id, request.query),
  );

  // Compression would hold events back until a buffer fills.
  app.get('/v1/mensagens/eventos', { compress: false, config: { rateLimit: perAccount(30, '1 minute') }, schema: { headers: eventStreamHeadersSchema } }, (request, reply) =>
    app.eventStreams.serve(reply, {
      ...openedBy(app, request.user),
      scope: request.user.user_id,
      after: request.headers['last-event-id'],
      readAfter: clientEventsAfter(app.db, request.user.user_id),
      frame: clientFrame,
    }),
  );

  app.post(
    '/v1/mensagens',
    {
      // One message every 10 seconds for 10 minutes is more than anyone types; a phone's queue replays within it.
      config: { rateLimit: perAccount(60, '10 minutes') },
      schema: { body: clientMessageRequestSchema, response: { 200: messageSchema, 201: messageSchema } },
    },
    async (request, reply) => {
      const { created, message } = await sendClientMessage(app, request.user.user_id, request.body);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.post('/v1/mensagens/lidas', async (request, reply) => {
    await readByClient(app, request.user.user_id);
    return reply.code(204).send();
  });
};

/** The team's side of each client's conversation. */
export const teamMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.staffOnly: request.user is a signed-in team member.
  // Every conversation's events, so that the console's inbox and a client's page are both live.
  app.get('/v1/equipe/eventos', { compress: false, config: { rateLimit: perAccount(30, '1 minute') }, schema: { headers: eventStreamHeadersSchema } }, (request, reply) =>
    app.eventStreams.serve(reply, {
      ...openedBy(app, request.user),
      scope: 'all',
      after: request.headers['last-event-id'],
      readAfter: teamEventsAfter(app.db),
      frame: teamFrame,
    }),
  );

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
      schema: { params: idParamsSchema, body: teamMessageRequestSchema, response: { 200: messageSchema, 201: messageSchema } },
    },
    async (request, reply) => {
      const { created, message } = await sendTeamMessage(app, request.params.id, request.user.user_id, request.body);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.post('/v1/equipe/clientes/:id/mensagens/lidas', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await readByTeam(app, request.params.id);
    return reply.code(204).send();
  });
};
