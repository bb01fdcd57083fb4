import { addressKey, addressNetwork } from '../../counters/address-key.js';
import type { CounterStore } from '../../counters/counter-store.js';

/**
 * Guessing is slowed per (account, caller address), so whoever hammers an account from one address
 * waits longer and longer while its owner, elsewhere, signs in as usual. Only distributed guessing,
 * from many addresses at once, meets the account's ceiling, which then stops every device but those
 * that signed in to the account before. An address counts by addressKey (IPv6 by its /64), a
 * network by addressNetwork (IPv4 /24, IPv6 /48).
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
  /**
   * Attempts per network (IPv4 /24, IPv6 /48) and minute from devices not known to their account:
   * whoever holds many addresses of one network spends the line of password checks at the pace of
   * two addresses. A real network sees a sign-in from a new device now and then.
   */
  networkAttempts: 60,
  networkWindowMs: 60 * 1000,
  /**
   * Successful sign-ins of one account per hour, from the first of them: each makes a session and
   * may take the turn of devices that signed in before (028, 054), so one account's owner cannot make either
   * without bound. The demo's end-to-end run signs ana in about ten times.
   */
  successesPerHour: 20,
};

const { freeFailures, firstDelayMs, maxDelayMs, accountCeiling, windowMs, networkAttempts, networkWindowMs, successesPerHour } = LOGIN_THROTTLE;

/** How long a pair waits after its nth failure: 1 s after the fifth, then 2 s, 4 s ... up to the cap. */
const delayAfter = (failures: number) => Math.min(firstDelayMs * 2 ** (failures - freeFailures), maxDelayMs);

export type LoginAttempt =
  | {
      allowed: true;
      /** The device signed in to this account before: it passes the account's ceiling and its check goes first. */
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
     * through. `knownDevice`: the device's cookie names a session of this account (the auth service's
     * isKnownDevice), which only a sign-in with its password could have set.
     */
    async begin(email: string, address: string, knownDevice: boolean): Promise<LoginAttempt> {
      // Spaces appear in neither an e-mail address nor an IP address, so keys cannot collide.
      const account = email.toLowerCase();
      const place = addressKey(address);
      const accountKey = `login:account ${account}`;
      const pairKey = `login:pair ${account} ${place}`;
      const waitKey = `login:wait ${account} ${place}`;
      const networkKey = `login:network ${addressNetwork(address)}`;
      // Only successes count here, so nobody without the password can spend an account's budget.
      const successesKey = `login:successes ${account}`;

      // Checked before any hash. Sign-ins in flight at once may each pass it: the line of password
      // checks (passwords.ts) bounds how many those are.
      const successes = await store.get(successesKey);
      if (successes && successes.count >= successesPerHour) return refused(successes.ttlMs);

      // Refused attempts count nowhere, so hammering a waiting pair cannot push the account to its ceiling.
      const waiting = await store.get(waitKey);
      if (waiting) return refused(waiting.ttlMs);

      // Refused attempts count nowhere here either, so a network at its budget gets it back a minute after its first attempt.
      const countsInNetwork = !knownDevice;
      if (countsInNetwork) {
        const network = await store.increment(networkKey, networkWindowMs);
        if (network.count > networkAttempts) {
          await store.decrement(networkKey);
          return refused(network.ttlMs);
        }
      }
      const takeBack = (...keys: string[]) => Promise.all([...keys, ...(countsInNetwork ? [networkKey] : [])].map((key) => store.decrement(key)));

      const accountFailures = await store.increment(accountKey, windowMs);
      if (accountFailures.count > accountCeiling && !knownDevice) {
        await takeBack(accountKey);
        return refused(accountFailures.ttlMs);
      }
      const pairFailures = await store.increment(pairKey, windowMs);
      const startsWait = pairFailures.count >= freeFailures;
      if (startsWait) {
        // Only the attempt that starts the wait goes ahead; others that passed the check above meanwhile are refused.
        const wait = await store.increment(waitKey, delayAfter(pairFailures.count));
        if (wait.count > 1) {
          await takeBack(accountKey, pairKey);
          return refused(wait.ttlMs);
        }
      }
      return {
        allowed: true,
        knownPlace: knownDevice,
        async succeeded() {
          await Promise.all([store.reset(pairKey), store.reset(waitKey), store.decrement(accountKey), store.increment(successesKey, 60 * 60 * 1000)]);
        },
        async unchecked() {
          await Promise.all([takeBack(accountKey, pairKey), startsWait && store.reset(waitKey)]);
        },
      };
    },
  };
}
