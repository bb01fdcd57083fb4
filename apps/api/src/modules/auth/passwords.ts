import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

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
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_RUNNING) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  // Node refuses scrypt above 32 MiB unless told; this is the exact amount OpenSSL allocates.
  const maxmem = 128 * r * (N + p + 2);
  return inTurn(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash`, base64url parts, a fresh 16-byte salt per password. */
export async function hashPassword(password: string, cost = DEFAULT_SCRYPT_COST): Promise<string> {
  const params = paramsOf(cost);
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [scheme, N, r, p, salt, hash, ...rest] = stored.split('$');
  const params = { N: Number(N), r: Number(r), p: Number(p) };
  const wellFormed =
    scheme === 'scrypt' && salt && hash && rest.length === 0 && Object.values(params).every((n) => Number.isSafeInteger(n) && n > 0);
  return wellFormed ? { params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') } : undefined;
}

// Checking a password against one of these when the account does not exist costs the same time as
// a real check, so response times do not tell which e-mails have accounts.
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(cost: number) {
  if (!dummyHashes.has(cost)) dummyHashes.set(cost, hashPassword(randomBytes(16).toString('hex'), cost));
  return dummyHashes.get(cost)!;
}

/** Whether the password matches; `cost` is the strength a missing account's check takes. */
export async function verifyPassword(password: string, stored: string | null, cost = DEFAULT_SCRYPT_COST): Promise<boolean> {
  const parsed = parse(stored ?? (await dummyHash(cost)));
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.params);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash) && stored !== null;
}

/** Whether a hash that just verified was made weaker than `cost` asks for, and so wants replacing. */
export function needsRehash(stored: string, cost = DEFAULT_SCRYPT_COST): boolean {
  const parsed = parse(stored);
  const wanted = paramsOf(cost);
  return !parsed || parsed.params.N < wanted.N || parsed.params.r < wanted.r || parsed.params.p < wanted.p;
}
