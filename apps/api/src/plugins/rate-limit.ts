import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../counters/address-key.js';
import type { CounterStore } from '../counters/counter-store.js';
import { tooManyRequests } from '../errors.js';

/** @fastify/rate-limit's store interface over the app's counters, each route's keys apart. */
function counterRateLimitStore(counters: CounterStore) {
  return class CounterRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** The plugin constructs the first store with its options; routes get theirs from `child`. */
    constructor(_options?: unknown, prefix = 'rate:') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number) {
      counters.increment(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route's merged limit options, the route itself under `routeInfo`
      // (empty for `createRateLimit`), whatever its typings say.
      const { routeInfo } = options as unknown as { routeInfo: { method?: string; url?: string } };
      return new CounterRateLimitStore(undefined, `rate:${routeInfo.method ?? ''}${routeInfo.url ?? ''}:`);
    }
  };
}

/**
 * A route's limit per signed-in account (its `config.rateLimit`): counted once the route's guards have
 * set `request.user`, so one account's writes are bounded wherever it signs in from.
 */
export const perAccount = (max: number, timeWindow: string) => ({
  max: (request: FastifyRequest) => (request.server.config.WRITE_LIMITS === 'on' ? max : Number.MAX_SAFE_INTEGER),
  timeWindow,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `user:${request.user.user_id}`,
});

/**
 * Limits are set per route (`config.rateLimit`); a second limit on other keys needs
 * `app.createRateLimit()`, since a route's own limit marks the request and an `app.rateLimit()`
 * hook then skips it. They count in `app.counters`, so instances sharing Redis share them. A
 * limit with keys of its own builds any address part with `addressKey` too.
 */
export const rateLimits = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    store: counterRateLimitStore(app.counters),
    // Every per-address limit keys an address the one way (IPv6 by its /64), routes' and throttles' alike.
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
});
