import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { createMemoryCounterStore, type CounterStore } from '../counters/counter-store.js';
import { createRedisCounterStore } from '../counters/redis-counter-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where rate limits and the sign-in throttle count: Redis when REDIS_URL is set, else memory. */
    counters: CounterStore;
  }
}

/** How long a request may wait on Redis before counting in memory instead. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

export const counters = fp(async (app: FastifyInstance, { redisUrl }: { redisUrl?: string }) => {
  if (!redisUrl) {
    app.decorate('counters', createMemoryCounterStore());
    return;
  }
  // Fail fast while disconnected (no queue, one try, a timeout) so that a Redis outage costs a
  // request milliseconds, not a hang; ioredis keeps reconnecting in the background.
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  // The store warns once per outage; each reconnection attempt is only worth a debug line.
  redis.on('error', (error) => app.log.debug({ err: error }, 'Redis connection error'));
  app.decorate('counters', createRedisCounterStore(redis, { log: app.log }));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
});
