import { clientHeaderSchema, idParamsSchema, newClientRequestSchema, newStaffRequestSchema, staffListSchema, staffMemberSchema, staffUpdateRequestSchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../plugins/rate-limit.js';
import { createAuthService } from '../auth/service.js';
import { addClient, addMember, disableMember, enableMember, inviteClient, listMembers, updateMember } from './service.js';

/** New clients and their invitations, for every team member (decision 040). */
export const teamAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.staffOnly: request.user is a signed-in team member.
  const links = createAuthService({ db: app.db, config: app.config, secret: app.jwtSecret, mailer: app.mailer });

  app.post(
    '/v1/equipe/clientes',
    { config: { rateLimit: perAccount(60, '1 hour') }, schema: { body: newClientRequestSchema, response: { 201: clientHeaderSchema } } },
    async (request, reply) => reply.code(201).send(await addClient(app.db, links, request.body)),
  );

  app.post(
    '/v1/equipe/clientes/:id/convite',
    // Each one is an e-mail to the client: enough to resend, too few to flood an inbox with a stolen token.
    { config: { rateLimit: perAccount(30, '1 hour') }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await inviteClient(app.db, links, request.params.id);
      return reply.code(204).send();
    },
  );
};

/** The team's accounts, for administrators only (decision 040). */
export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.adminOnly: request.user is a signed-in ROLE_ADMIN.
  const links = createAuthService({ db: app.db, config: app.config, secret: app.jwtSecret, mailer: app.mailer });

  app.get('/v1/equipe/membros', { schema: { response: { 200: staffListSchema } } }, async () => listMembers(app.db));

  app.post(
    '/v1/equipe/membros',
    { config: { rateLimit: perAccount(60, '1 hour') }, schema: { body: newStaffRequestSchema, response: { 201: staffMemberSchema } } },
    async (request, reply) => reply.code(201).send(await addMember(app.db, links, request.body)),
  );

  app.patch(
    '/v1/equipe/membros/:id',
    { schema: { params: idParamsSchema, body: staffUpdateRequestSchema, response: { 200: staffMemberSchema } } },
    async (request) => updateMember(app.db, request.user.user_id, request.params.id, request.body),
  );

  app.post('/v1/equipe/membros/:id/desativar', { schema: { params: idParamsSchema, response: { 200: staffMemberSchema } } }, async (request) =>
    disableMember(app.db, request.user.user_id, request.params.id),
  );

  app.post('/v1/equipe/membros/:id/reativar', { schema: { params: idParamsSchema, response: { 200: staffMemberSchema } } }, async (request) =>
    (await enableMember(app.db, links, request.user.user_id, request.params.id)).member,
  );
};
