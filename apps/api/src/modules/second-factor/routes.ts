import { recoveryCodesSchema, secondFactorCodeRequestSchema, secondFactorEnrolmentSchema, secondFactorStatusSchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userNotFound } from '../../errors.js';
import { perAccount } from '../../plugins/rate-limit.js';
import { findUserById } from '../auth/repository.js';
import { createSecondFactorService } from './service.js';

/** The signed-in member's own second factor (decision 056): enrolment, recovery codes, turning it off. */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  // app.ts registers these routes under app.staffEnrolling: request.user is a team member, maybe an
  // administrator who has yet to enrol. Wrong codes are limited by the service, per account.
  const secondFactor = createSecondFactorService({ db: app.db, secret: app.jwtSecret });
  const PATH = '/v1/equipe/verificacao';

  app.get(PATH, { schema: { response: { 200: secondFactorStatusSchema } } }, (request) => secondFactor.status(request.user));

  app.post(
    PATH,
    // Each one draws a secret; a few cover a mistyped first code.
    { config: { rateLimit: perAccount(10, '15 minutes') }, schema: { response: { 201: secondFactorEnrolmentSchema } } },
    async (request, reply) => {
      const user = await findUserById(app.db, request.user.user_id);
      if (!user) throw userNotFound();
      return reply.code(201).send(await secondFactor.beginEnrolment(user));
    },
  );

  app.post(`${PATH}/confirmar`, { schema: { body: secondFactorCodeRequestSchema, response: { 200: recoveryCodesSchema } } }, (request) =>
    secondFactor.confirmEnrolment(request.user.user_id, request.body.codigo),
  );

  app.post(`${PATH}/codigos-recuperacao`, { schema: { body: secondFactorCodeRequestSchema, response: { 200: recoveryCodesSchema } } }, (request) =>
    secondFactor.renewRecoveryCodes(request.user.user_id, request.body.codigo),
  );

  app.post(`${PATH}/desativar`, { schema: { body: secondFactorCodeRequestSchema } }, async (request, reply) => {
    await secondFactor.disable(request.user.user_id, request.body.codigo);
    return reply.code(204).send();
  });
};
