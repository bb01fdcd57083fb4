import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { hashPassword, MAX_CHECK_WAIT_MS, PasswordChecksBusy, verifyPassword } from '../src/modules/auth/passwords.js';
import { PASSWORD } from './helper.js';

/** How a check ended and when: true/false, 'busy' (PasswordChecksBusy), or 'hung' past `limitMs`. */
async function settle(check: Promise<boolean>, limitMs: number) {
  const started = performance.now();
  const outcome = await Promise.race([
    check.catch((error: unknown) => {
      if (error instanceof PasswordChecksBusy) return 'busy' as const;
      throw error;
    }),
    sleep(limitMs).then(() => 'hung' as const),
  ]);
  return { outcome, ms: performance.now() - started };
}

async function timedHash(cost: number) {
  const started = performance.now();
  const stored = await hashPassword(PASSWORD, cost);
  return { stored, ms: performance.now() - started };
}

// Real scrypt runs, one file of their own: the line and its moving average belong to the module.
describe('the line of password checks (028)', () => {
  it('bounds the real wait, not only its estimate: a check not started within its bound gives up with PasswordChecksBusy', { timeout: 60_000 }, async () => {
    const slow = await timedHash(16);
    // Fast hashes teach the line that a hash takes a few milliseconds...
    const fast = await hashPassword(PASSWORD, 10);
    for (let i = 0; i < 30; i += 1) await verifyPassword(PASSWORD, fast, 10);
    // ... so it admits all of these at once, though together they take many seconds.
    const limit = 2 * MAX_CHECK_WAIT_MS + 2 * slow.ms + 1000;
    const results = await Promise.all(Array.from({ length: 60 }, () => settle(verifyPassword(PASSWORD, slow.stored, 16), limit + 60 * slow.ms)));

    for (const { ms } of results) expect(ms).toBeLessThan(limit);
    expect(results.some(({ outcome }) => outcome === 'busy')).toBe(true);
    expect(results.every(({ outcome }) => outcome === true || outcome === 'busy')).toBe(true);
    // Those that gave up left the line: the next check starts at once.
    const next = await settle(verifyPassword(PASSWORD, fast, 10), limit);
    expect(next.outcome).toBe(true);
    expect(next.ms).toBeLessThan(slow.ms + 500);
  });

  it("runs no hash for a missing account once one of its strength was timed: it takes no place in the line, only a hash's time", { timeout: 60_000 }, async () => {
    const real = await timedHash(16);
    expect(await verifyPassword(PASSWORD, real.stored, 16)).toBe(true);
    // Ten at once: were they hashed, one at a time in their turn, most would be refused and the rest take seconds.
    const missing = await Promise.all(Array.from({ length: 10 }, () => settle(verifyPassword(PASSWORD, null, 16), 60 * real.ms)));
    expect(missing.map(({ outcome }) => outcome)).toEqual(missing.map(() => false));
    for (const { ms } of missing) {
      expect(ms).toBeGreaterThanOrEqual(real.ms / 3);
      expect(ms).toBeLessThan(2 * MAX_CHECK_WAIT_MS + 3 * real.ms);
    }
  });

  it("starts a new place's check within its bound while places that signed in before keep the line full", { timeout: 60_000 }, async () => {
    const known = await timedHash(16);
    let stop = false;
    // Three clients signing in again and again from places known to their accounts, as in the review's repro.
    const loop = async () => {
      while (!stop) {
        try {
          await verifyPassword(PASSWORD, known.stored, 16, 'first');
        } catch (error) {
          if (!(error instanceof PasswordChecksBusy)) throw error;
          await sleep(5);
        }
      }
    };
    const loops = [loop(), loop(), loop()];
    try {
      await sleep(3 * known.ms);
      // Two hashes at a time on two cores, under a CI run: a hash may take twice as long as alone.
      const limit = 2 * MAX_CHECK_WAIT_MS + 3 * known.ms + 1000;
      for (let i = 0; i < 3; i += 1) {
        const queued = await settle(verifyPassword(PASSWORD, known.stored, 16, 'queued'), limit);
        expect(queued.outcome).not.toBe('hung');
        expect(queued.ms).toBeLessThan(limit);
      }
    } finally {
      stop = true;
      await Promise.all(loops);
    }
  });
});
