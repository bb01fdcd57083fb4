import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * log2 of scrypt's N: 17 with r=8, p=1 is OWASP's minimum for scrypt (Password Storage Cheat
 * Sheet). Hashes stored with less are re-hashed at the next sign-in.
 */
export const DEFAULT_SCRYPT_COST = 17;

const KEY_LENGTH = 32;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const paramsOf = (cost: number): ScryptParams => ({ N: 2 ** cost, r: 8, p: 1 });

// A running hash holds 128 MiB (at N=2^17) outside the V8 heap, and libuv would run four at once:
// two bound a burst of sign-ins to about 350 MB of memory and still keep two cores busy.
const MAX_RUNNING = 2;
/**
 * The global budget of sign-ins from devices never seen signing in to their account: one hash at a
 * time per instance, so the other slot is always free for the devices that signed in before and for
 * setting a password. An e-mail without an account takes no slot (waitLikeACheck).
 */
const MAX_RUNNING_QUEUED = 1;
/**
 * The longest a sign-in may expect to wait for its turn: a check that would wait longer is refused
 * at once, so a burst costs its excess a fast 503 instead of everyone a stall.
 */
export const MAX_CHECK_WAIT_MS = 1000;
/**
 * The longest an admitted sign-in really waits: when hashes turn slower than the moving average
 * said, a check not started by then leaves the line with PasswordChecksBusy rather than hang.
 */
const MAX_REAL_WAIT_MS = 2 * MAX_CHECK_WAIT_MS;
/** What a hash is assumed to take until one has been timed: production strength on a slow host. */
const UNTIMED_HASH_MS = 500;

/** 'first': a device that signed in to the account before, or a password being set; 'queued': any other sign-in. */
export type Turn = 'first' | 'queued';

/** A sign-in whose password check would wait longer than MAX_CHECK_WAIT_MS; worth retrying after `retryAfterMs`. */
export class PasswordChecksBusy extends Error {
  constructor(readonly retryAfterMs: number) {
    super('password checks are busy');
  }
}

const running: Record<Turn, number> = { first: 0, queued: 0 };
/** Each waiting check's start, called by the check that hands it a slot. */
const waiting: Record<Turn, (() => void)[]> = { first: [], queued: [] };
/** Recent hashes' time, a moving average: it follows the host's load and the strengths hashed. */
let hashMs: number | undefined;
/** The same per strength (scrypt's N): what a missing account's check waits for instead of hashing. */
const hashMsByN = new Map<number, number>();

const movingAverage = (average: number | undefined, took: number) => (average === undefined ? took : 0.8 * average + 0.2 * took);

const hasSlot = (turn: Turn) =>
  running.first + running.queued < MAX_RUNNING && (turn === 'first' || running.queued < MAX_RUNNING_QUEUED);

/** How long a check waits behind `ahead` others of its turn, `slots` at a time, once the running ones end. */
const expectedWaitMs = (ahead: number, slots: number) => (Math.floor(ahead / slots) + 1) * (hashMs ?? UNTIMED_HASH_MS);

/**
 * The slots a turn can count on while it waits: 'queued' its one; 'first' both, but only one while
 * 'queued' runs or waits, since a freed slot goes to 'queued' first (neither turn starves the other).
 */
const slotsFor = (turn: Turn) =>
  turn === 'queued' ? MAX_RUNNING_QUEUED : running.queued + waiting.queued.length > 0 ? MAX_RUNNING - MAX_RUNNING_QUEUED : MAX_RUNNING;

/** Waits for a slot handed over by a check that ends; a bounded wait gives up after MAX_REAL_WAIT_MS. */
function waitForSlot(turn: Turn, bounded: boolean, expectedMs: number) {
  return new Promise<void>((resolve, reject) => {
    const line = waiting[turn];
    const start = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = bounded
      ? setTimeout(() => {
          line.splice(line.indexOf(start), 1);
          reject(new PasswordChecksBusy(expectedMs));
        }, MAX_REAL_WAIT_MS)
      : undefined;
    line.push(start);
  });
}

/** How long a check of `turn` would wait for its slot if it joined the line now: 0 when one is free; PasswordChecksBusy when too long. */
function waitToJoin(turn: Turn, bounded: boolean) {
  if (hasSlot(turn) && waiting[turn].length === 0) return 0;
  const wait = expectedWaitMs(waiting[turn].length, slotsFor(turn));
  if (bounded && wait > MAX_CHECK_WAIT_MS) throw new PasswordChecksBusy(wait);
  return wait;
}

async function inTurn<T>(work: () => Promise<T>, turn: Turn, bounded: boolean, N: number): Promise<T> {
  const wait = waitToJoin(turn, bounded);
  if (wait === 0) running[turn] += 1;
  // Counted as running by the check that hands over its slot, so that no newcomer takes it meanwhile.
  else await waitForSlot(turn, bounded, wait);
  const started = performance.now();
  try {
    return await work();
  } finally {
    const took = performance.now() - started;
    hashMs = movingAverage(hashMs, took);
    hashMsByN.set(N, movingAverage(hashMsByN.get(N), took));
    running[turn] -= 1;
    // 'queued' first: it holds one slot at most, so 'first' always keeps the other, and neither waits
    // more than its estimate however busy the other turn is.
    const next = (['queued', 'first'] as const).find((candidate) => waiting[candidate].length > 0 && hasSlot(candidate));
    if (next) {
      running[next] += 1;
      waiting[next].shift()!();
    }
  }
}

/** `bounded`: refused with PasswordChecksBusy rather than waiting longer than MAX_CHECK_WAIT_MS. */
function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams, turn: Turn, bounded: boolean): Promise<Buffer> {
  // Node refuses scrypt above 32 MiB unless told; this is the exact amount OpenSSL allocates.
  const maxmem = 128 * r * (N + p + 2);
  return inTurn(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
    turn,
    bounded,
    N,
  );
}

/**
 * `scrypt$N$r$p$salt$hash`, base64url parts, a fresh 16-byte salt per password. It goes first and is
 * never refused: a password is only set with a valid link or after a sign-in that just succeeded.
 */
export async function hashPassword(password: string, cost = DEFAULT_SCRYPT_COST): Promise<string> {
  const params = paramsOf(cost);
  const salt = randomBytes(16);
  const key = await derive(password, salt, params, 'first', false);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [scheme, N, r, p, salt, hash, ...rest] = stored.split('$');
  const params = { N: Number(N), r: Number(r), p: Number(p) };
  const wellFormed =
    scheme === 'scrypt' && salt && hash && rest.length === 0 && Object.values(params).every((n) => Number.isSafeInteger(n) && n > 0);
  return wellFormed ? { params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') } : undefined;
}

// Checked against when the account does not exist and no hash of its strength has been timed yet, so
// that the first such check takes a hash's time too. Its hash part is random bytes rather than a hash:
// nothing can match it, and making it costs no scrypt run.
const dummyHash = (cost: number) => {
  const { N, r, p } = paramsOf(cost);
  return ['scrypt', N, r, p, randomBytes(16).toString('base64url'), randomBytes(KEY_LENGTH).toString('base64url')].join('$');
};

/**
 * A missing account's check: no hash and no place in the line, so that e-mails without an account
 * cannot fill it (issue 37); only the wait a real check of this strength would have now (its turn
 * as estimated, then a hash's time), or the same refusal, so that timing does not tell them apart.
 */
async function waitLikeACheck(hashTook: number, turn: Turn) {
  await sleep(waitToJoin(turn, true) + hashTook);
  return false;
}

/**
 * Whether the password matches; `cost` is the strength a missing account's check takes. Throws
 * PasswordChecksBusy when its turn would come too late. Only `turn` orders checks, never whether
 * the account exists, so that a missing account's check waits like a real one.
 */
export async function verifyPassword(password: string, stored: string | null, cost = DEFAULT_SCRYPT_COST, turn: Turn = 'queued'): Promise<boolean> {
  const hashTook = stored === null ? hashMsByN.get(paramsOf(cost).N) : undefined;
  if (hashTook !== undefined) return waitLikeACheck(hashTook, turn);
  const parsed = parse(stored ?? dummyHash(cost));
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.params, turn, true);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash) && stored !== null;
}

/** Whether a hash that just verified was made weaker than `cost` asks for, and so wants replacing. */
export function needsRehash(stored: string, cost = DEFAULT_SCRYPT_COST): boolean {
  const parsed = parse(stored);
  const wanted = paramsOf(cost);
  return !parsed || parsed.params.N < wanted.N || parsed.params.r < wanted.r || parsed.params.p < wanted.p;
}
