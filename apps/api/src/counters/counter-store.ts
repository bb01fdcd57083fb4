/** A count and how long until it is forgotten. */
export interface Counter {
  count: number;
  ttlMs: number;
}

/**
 * Counters that expire by time, the shape of Redis INCR/DECR/DEL with a PEXPIRE set on the first
 * increment: in this process's memory, or in Redis where several API processes share them.
 */
export interface CounterStore {
  /** The live counter of a key, if any. */
  get(key: string): Promise<Counter | undefined>;
  /** Adds one; a key counted for the first time (or again after expiring) lives ttlMs from now. */
  increment(key: string, ttlMs: number): Promise<Counter>;
  /** Takes back one increment; the key keeps its expiry. */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Counters of one process. Nothing is evicted before it expires, however many keys arrive, so a
 * flood of other keys cannot wipe a live counter; memory stays bounded because callers only create
 * keys at the pace their own per-address limits allow, and expired keys are swept as new ones come.
 * @param now read at each call rather than captured, so that a clock faked after start-up is seen
 */
export function createMemoryCounterStore(now = () => Date.now()) {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  let lastSweep = now();

  const live = (key: string, at: number) => {
    const entry = counters.get(key);
    if (entry && entry.expiresAt <= at) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };

  function sweep(at: number) {
    if (at - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = at;
    for (const [key, entry] of counters) if (entry.expiresAt <= at) counters.delete(key);
  }

  return {
    /** How many counters are held, expired ones not yet swept included. */
    get size() {
      return counters.size;
    },

    async get(key: string): Promise<Counter | undefined> {
      const at = now();
      const entry = live(key, at);
      return entry && { count: entry.count, ttlMs: entry.expiresAt - at };
    },

    async increment(key: string, ttlMs: number): Promise<Counter> {
      const at = now();
      sweep(at);
      const entry = live(key, at) ?? { count: 0, expiresAt: at + ttlMs };
      entry.count += 1;
      counters.set(key, entry);
      return { count: entry.count, ttlMs: entry.expiresAt - at };
    },

    async decrement(key: string): Promise<void> {
      const entry = live(key, now());
      if (!entry) return;
      entry.count -= 1;
      if (entry.count <= 0) counters.delete(key);
    },

    async reset(key: string): Promise<void> {
      counters.delete(key);
    },
  } satisfies CounterStore & { size: number };
}
