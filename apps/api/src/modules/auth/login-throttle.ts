import { addressKey } from '../../counters/address-key.js';
import type { CounterStore } from '../../counters/counter-store.js';

/**
 * Guessing is slowed per (account, caller address), so whoever hammers an account from one address
 * waits longer and longer while its owner, elsewhere, signs in as usual. Only distributed guessing,
 * from many addresses at once, meets the account's ceiling, which then stops every address but the
 * places that signed in to the account before. An address counts by addressKey (IPv6 by its /64).
 */
export const LOGIN_THROTTLE = {
  /** Failures of one (account, address) pair before its attempts are spaced out. */
  freeFailures: 5,
  /** The wait after the last free failure; it doubles with each further one. */
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  /** Failures of one account from all addresses together, per window. */
  accountCeiling: 100,
  /** How long failures are remembered, from the first one of the window. */
  windowMs: 60 * 60 * 1000,
  /** How long a place that signed in to an account stays known to it after its last success. */
  knownPlaceMs: 30 * 24 * 60 * 60 * 1000,
  /**
   * Successful sign-ins of one account per hour, from the first of them: each makes a session and
   * may take the turn of places that signed in before (028), so one account's owner cannot make either
   * without bound. The demo's end-to-end run signs ana in about ten times.
   */
  successesPerHour: 20,
};

const { freeFailures, firstDelayMs, maxDelayMs, accountCeiling, windowMs, knownPlaceMs, successesPerHour } = LOGIN_THROTTLE;

/** How long a pair waits after its nth failure: 1 s after the fifth, then 2 s, 4 s ... up to the cap. */
const delayAfter = (failures: number) => Math.min(firstDelayMs * 2 ** (failures - freeFailures), maxDelayMs);

export type LoginAttempt =
  | {
      allowed: true;
      /** The place signed in to this account before: it passes the account's ceiling and its check goes first. */
      knownPlace: boolean;
      succeeded: () => Promise<void>;
      /** The password was never checked (the database was unreachable): the attempt counts nowhere. */
      unchecked: () => Promise<void>;
    }
  | { allowed: false; retryAfterMs: number };

const refused = (retryAfterMs: number): LoginAttempt => ({ allowed: false, retryAfterMs });

export function createLoginThrottle(store: CounterStore) {
  return {
    /**
     * Admits a sign-in attempt or tells how long to wait. An admitted attempt counts as a failure
     * unless `succeeded()` or `unchecked()` is called: counting it up front lets attempts made at the same moment see
     * each other, where checking first and counting after the password check would let a burst
     * through.
     */
    async begin(email: string, address: string): Promise<LoginAttempt> {
      // Spaces appear in neither an e-mail address nor an IP address, so keys cannot collide.
      const account = email.toLowerCase();
      const place = addressKey(address);
      const accountKey = `login:account ${account}`;
      const pairKey = `login:pair ${account} ${place}`;
      const waitKey = `login:wait ${account} ${place}`;
      // Only the password opens this key, so guessing from elsewhere can lock out no place in it.
      const knownKey = `login:known ${account} ${place}`;
      // Only successes count here, so nobody without the password can spend an account's budget.
      const successesKey = `login:successes ${account}`;

      // Checked before any hash. Sign-ins in flight at once may each pass it: the line of password
      // checks (passwords.ts) bounds how many those are.
      const successes = await store.get(successesKey);
      if (successes && successes.count >= successesPerHour) return refused(successes.ttlMs);

      // Refused attempts count nowhere, so hammering a waiting pair cannot push the account to its ceiling.
      const waiting = await store.get(waitKey);
      if (waiting) return refused(waiting.ttlMs);

      const knownPlace = (await store.get(knownKey)) !== undefined;
      const accountFailures = await store.increment(accountKey, windowMs);
      if (accountFailures.count > accountCeiling && !knownPlace) {
        await store.decrement(accountKey);
        return refused(accountFailures.ttlMs);
      }
      const pairFailures = await store.increment(pairKey, windowMs);
      const startsWait = pairFailures.count >= freeFailures;
      if (startsWait) {
        // Only the attempt that starts the wait goes ahead; others that passed the check above meanwhile are refused.
        const wait = await store.increment(waitKey, delayAfter(pairFailures.count));
        if (wait.count > 1) {
          await Promise.all([store.decrement(accountKey), store.decrement(pairKey)]);
          return refused(wait.ttlMs);
        }
      }
      return {
        allowed: true,
        knownPlace,
        async succeeded() {
          // Reset, then counted again: the place stays known knownPlaceMs after its latest success.
          await store.reset(knownKey);
          await Promise.all([
            store.reset(pairKey),
            store.reset(waitKey),
            store.decrement(accountKey),
            store.increment(knownKey, knownPlaceMs),
            store.increment(successesKey, 60 * 60 * 1000),
          ]);
        },
        async unchecked() {
          await Promise.all([store.decrement(accountKey), store.decrement(pairKey), startsWait && store.reset(waitKey)]);
        },
      };
    },
  };
}
