import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './errors.js';

/** Limits are set per route (`config.rateLimit`, or `app.rateLimit()` hooks for other keys). */
export const rateLimits = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(
        new ApiError(429, `Muitas tentativas. Tente novamente em ${Math.ceil(context.ttl / 1000)} segundos.`, 'TooManyRequests'),
        { statusCode: 429 },
      ),
  });
});
