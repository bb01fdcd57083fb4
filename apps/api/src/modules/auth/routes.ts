import { setImmediate } from 'node:timers/promises';
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
import { errorCodes, type FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../plugins/auth.js';
import { createAuthService } from './service.js';
import { createSignIn } from './sign-in.js';

/**
 * JSON only, refused before the body is read: a browser sends JSON to another site only after a
 * CORS preflight, which this server never grants, so no web page can fire the request for its visitors.
 */
async function requireJson(request: FastifyRequest) {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(type ?? '');
}

/** Reset e-mails waiting to be made at most; beyond it a request is answered alike and dropped, with a warning. */
const MAX_PENDING_RESETS = 1000;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService({ db: app.db, config: app.config, secret: app.jwtSecret, mailer: app.mailer });

  const signIn = createSignIn(auth, app.counters);

  app.post(
    '/v1/auth/login',
    {
      schema: { body: loginRequestSchema, response: { 200: tokenPairSchema } },
      // Per caller address, every attempt; failures per account are the throttle's (016).
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { tokens, deviceCookie } = await signIn({ ...request.body, ip: request.ip, cookie: request.headers.cookie });
      reply.header('set-cookie', deviceCookie);
      return tokens;
    },
  );

  app.post(
    '/v1/auth/refresh',
    {
      schema: { body: refreshRequestSchema, response: { 200: tokenPairSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    (request) => auth.refresh(request.body.refresh_token),
  );

  app.post(
    '/v1/auth/logout',
    {
      schema: { body: refreshRequestSchema },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      // 204 for an unknown or spent token too: the caller learns nothing about other sessions.
      await auth.logout(request.body.refresh_token);
      // 'Sair' leaves no answer of the account in the browser's HTTP cache. Only "cache": "storage"
      // would also empty the team console's local storage and the service worker on this shared origin.
      return reply.header('clear-site-data', '"cache"').status(204).send();
    },
  );

  app.get(
    '/v1/users/me',
    { schema: { response: { 200: meSchema } }, preHandler: app.authenticate },
    (request) => auth.me(request.user.user_id),
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

  // Reset e-mails are made after their answer, one at a time, in order; closing the app waits for them.
  let resets = Promise.resolve();
  let pendingResets = 0;
  app.addHook('onClose', () => resets);

  app.post(
    '/token/generate/reset-password',
    {
      schema: { querystring: resetEmailQuerySchema, response: { 200: resetEmailResponseSchema } },
      onRequest: requireJson,
      // Per caller address, loose enough for everyone behind one carrier's (CGNAT) or a gym's address;
      // an inbox is guarded by the per-account limit of the service. Counted after validation, so a
      // malformed request (400) does not count.
      config: { rateLimit: { max: 30, timeWindow: '15 minutes', hook: 'preHandler' } },
      // After the answer has gone: finding the account, storing a link and an e-mail would otherwise
      // make a known address's answer slower than an unknown one's, telling who has an account.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        if (pendingResets >= MAX_PENDING_RESETS) {
          request.log.warn('too many reset e-mails waiting: this request was dropped');
          return;
        }
        pendingResets += 1;
        resets = resets
          // A turn of the event loop first: the answer is on its way before any query runs.
          .then(() => setImmediate())
          .then(() => auth.requestPasswordReset(request.query.email))
          .catch((error: unknown) => request.log.error({ err: error }, 'reset e-mail failed'))
          .finally(() => {
            pendingResets -= 1;
          });
      },
    },
    // The same answer for every well-formed address, at once: nobody can probe which have accounts.
    async () => ({ message: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.' }),
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
