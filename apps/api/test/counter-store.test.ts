import { describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from '../src/modules/auth/counter-store.js';

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
