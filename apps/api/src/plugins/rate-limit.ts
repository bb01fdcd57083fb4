import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './errors.js';

export const tooManyRequests = (ttlMs: number) =>
  Object.assign(new ApiError(429, `Muitas tentativas. Tente novamente em ${Math.ceil(ttlMs / 1000)} segundos.`, 'TooManyRequests'), {
    statusCode: 429,
  });

/**
 * Limits are set per route (`config.rateLimit`); a second limit on other keys needs
 * `app.createRateLimit()`, since a route's own limit marks the request and an `app.rateLimit()`
 * hook then skips it.
 */
export const rateLimits = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
});
