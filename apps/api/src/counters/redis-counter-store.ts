import type { Redis } from 'ioredis';
import { createMemoryCounterStore, type Counter, type CounterStore } from './counter-store.js';

// Each operation is one script, so that instances counting the same key at once never interleave.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;
const GET = `
local count = redis.call('GET', KEYS[1])
if not count then return false end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;
const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count <= 1 then redis.call('DEL', KEYS[1]) else redis.call('DECR', KEYS[1]) end
return 0`;

export interface RedisCounterLog {
  warn(details: { err?: unknown }, message: string): void;
}

/**
 * Counters in Redis, shared by every instance. When Redis cannot be reached, each call counts in
 * this process's memory instead (limits become per instance, with a warning in the log) rather than
 * failing the request; the next call that reaches Redis counts there again.
 * The client must fail fast while disconnected (`enableOfflineQueue: false`, a `commandTimeout`).
 */
export function createRedisCounterStore(
  redis: Redis,
  { log, prefix = 'acompanha:' }: { log: RedisCounterLog; prefix?: string },
): CounterStore {
  const fallback = createMemoryCounterStore();
  let shared = true;

  async function either<T>(inRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    try {
      const result = await inRedis();
      if (!shared) log.warn({}, 'Redis is reachable again: rate limits are shared by every instance');
      shared = true;
      return result;
    } catch (error) {
      if (shared) log.warn({ err: error }, 'Redis unreachable: rate limits count per instance until it returns');
      shared = false;
      return inMemory();
    }
  }

  const run = (script: string, key: string, ...args: (string | number)[]) => redis.eval(script, 1, prefix + key, ...args);

  return {
    get: (key) =>
      either(async () => {
        const reply = (await run(GET, key)) as [number, number] | null;
        return reply ? { count: reply[0], ttlMs: Math.max(reply[1], 0) } : undefined;
      }, () => fallback.get(key)),
    increment: (key, ttlMs) =>
      either(async (): Promise<Counter> => {
        const [count, ttl] = (await run(INCREMENT, key, ttlMs)) as [number, number];
        return { count, ttlMs: ttl };
      }, () => fallback.increment(key, ttlMs)),
    decrement: (key) =>
      either(async () => {
        await run(DECREMENT, key);
      }, () => fallback.decrement(key)),
    reset: (key) =>
      either(async () => {
        await redis.del(prefix + key);
      }, () => fallback.reset(key)),
  };
}
