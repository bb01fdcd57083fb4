import {
  changePasswordRequestSchema,
  linkQuerySchema,
  loginRequestSchema,
  meSchema,
  refreshRequestSchema,
  resetEmailQuerySchema,
  resetEmailResponseSchema,
  tokenPairSchema,
} from '@acompanha/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../plugins/auth.js';
import { notFound } from '../../plugins/errors.js';
import { tooManyRequests } from '../../plugins/rate-limit.js';
import { findUserById, parseRoles } from './repository.js';
import { createAuthService } from './service.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService({ db: app.db, config: app.config, secret: app.jwtSecret, mailer: app.mailer });

  const accountLimit = app.createRateLimit({
    max: 10,
    timeWindow: '5 minutes',
    keyGenerator: (request) => `login:${String((request.body as { email?: unknown }).email).toLowerCase()}`,
  });
  const perAccount = async (request: FastifyRequest) => {
    const limit = await accountLimit(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(limit.ttl);
  };

  app.post(
    '/v1/auth/login',
    {
      schema: { body: loginRequestSchema, response: { 200: tokenPairSchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      preHandler: perAccount,
    },
    (request) => auth.login(request.body.email, request.body.password),
  );

  app.post(
    '/v1/auth/refresh',
    {
      schema: { body: refreshRequestSchema, response: { 200: tokenPairSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    (request) => auth.refresh(request.body.refresh_token),
  );

  app.get(
    '/v1/users/me',
    { schema: { response: { 200: meSchema } }, preHandler: app.authenticate },
    async (request) => {
      const user = await findUserById(app.db, request.user.user_id);
      if (!user) throw notFound('Usuário não encontrado.');
      return { id: user.id, email: user.email, roles: parseRoles(user.roles) };
    },
  );

  app.patch(
    '/v1/users/change-password',
    {
      schema: { body: changePasswordRequestSchema },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await auth.changePassword(bearerToken(request), request.body.password);
      return reply.status(204).send();
    },
  );

  app.post(
    '/token/generate/reset-password',
    {
      schema: { querystring: resetEmailQuerySchema, response: { 200: resetEmailResponseSchema } },
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request) => {
      // The same answer for every well-formed address: nobody can probe which have accounts.
      await auth.requestPasswordReset(request.query.email);
      return { message: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.' };
    },
  );

  app.get('/v1/auth/link', { schema: { querystring: linkQuerySchema } }, async (request, reply) => {
    const { origin, reason } = await auth.checkLink(request.query.token);
    const params = new URLSearchParams({
      token: request.query.token,
      reason,
      origin,
      status: reason === 'ok' ? 'success' : 'error',
    });
    return reply.redirect(`/reset-password-fallback?${params}`, 302);
  });
};
