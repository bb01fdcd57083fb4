import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from '../src/counters/counter-store.js';
import { createRedisCounterStore } from '../src/counters/redis-counter-store.js';

describe('memory counter store', () => {
  it('counts within a window that starts at the first increment, and forgets the key when it ends', async () => {
    let now = 0;
    const store = createMemoryCounterStore(() => now);

    expect(await store.increment('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    now = 400;
    expect(await store.increment('k', 1000)).toEqual({ count: 2, ttlMs: 600 });
    await store.decrement('k');
    expect(await store.get('k')).toEqual({ count: 1, ttlMs: 600 });

    now = 1000;
    expect(await store.get('k')).toBeUndefined();
    expect(await store.increment('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    await store.reset('k');
    expect(await store.get('k')).toBeUndefined();
  });

  it('evicts no live counter however many other keys arrive, and sweeps the expired ones', async () => {
    let now = 0;
    const store = createMemoryCounterStore(() => now);
    await store.increment('victim', 10 * 60_000);
    for (let i = 0; i < 50_000; i += 1) await store.increment(`other ${i}`, 1000);
    expect(await store.get('victim')).toEqual({ count: 1, ttlMs: 10 * 60_000 });

    now = 2 * 60_000;
    await store.increment('newcomer', 1000);
    expect(store.size).toBe(2);
    expect(await store.get('victim')).toEqual({ count: 1, ttlMs: 8 * 60_000 });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('Redis counter store', () => {
  const redis = new Redis(redisUrl!, { enableOfflineQueue: true });
  const warnings: string[] = [];
  const store = createRedisCounterStore(redis, {
    log: { warn: (_details, message) => warnings.push(message) },
    prefix: `test:${randomUUID()}:`,
  });
  afterAll(() => redis.quit());

  it('counts, takes back, expires and resets like the memory store, in Redis', async () => {
    const first = await store.increment('k', 60_000);
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(59_000);
    expect((await store.increment('k', 60_000)).count).toBe(2);
    await store.decrement('k');
    expect((await store.get('k'))?.count).toBe(1);
    await store.decrement('k');
    expect(await store.get('k')).toBeUndefined();

    await store.increment('short', 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.get('short')).toBeUndefined();
    expect((await store.increment('short', 50)).count).toBe(1);
    await store.reset('short');
    expect(await store.get('short')).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('is shared: two stores on one Redis see the same counts', async () => {
    const prefix = `test:${randomUUID()}:`;
    const log = { warn: () => {} };
    const [a, b] = [createRedisCounterStore(redis, { log, prefix }), createRedisCounterStore(redis, { log, prefix })];
    await a.increment('shared', 60_000);
    await b.increment('shared', 60_000);
    expect((await a.get('shared'))?.count).toBe(2);
  });
});

describe('Redis counter store without Redis', () => {
  it('counts in memory with one warning, and never fails a call', async () => {
    // Nothing listens on port 1: every command fails at once, as in an outage.
    const redis = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: true });
    redis.on('error', () => {});
    const warnings: string[] = [];
    const store = createRedisCounterStore(redis, { log: { warn: (_details, message) => warnings.push(message) } });

    expect((await store.increment('k', 60_000)).count).toBe(1);
    expect((await store.increment('k', 60_000)).count).toBe(2);
    await store.decrement('k');
    expect((await store.get('k'))?.count).toBe(1);
    await store.reset('k');
    expect(await store.get('k')).toBeUndefined();
    expect(warnings).toEqual(['Redis unreachable: rate limits count per instance until it returns']);
    redis.disconnect();
  });
});
