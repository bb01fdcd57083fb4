import { createHash, createHmac, hkdfSync, randomBytes, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { accessClaimsSchema, type AccessClaims } from '@acompanha/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import { JWT_SECRET_FILE, writeDataFile } from '../../data-dir.js';

/** An opaque random token (refresh tokens, e-mailed links): 32 random bytes, base64url. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Only this digest is stored, so a leaked table gives no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The key that derives refresh-token successors: a sub-key of the JWT secret, so one configured
 * secret serves both while neither use can produce a value the other accepts.
 */
export const successorKey = (secret: Uint8Array) =>
  Buffer.from(hkdfSync('sha256', secret, '', 'acompanha refresh-token successor', 32));

/**
 * The refresh token that replaces `token` when it is rotated. Derived rather than random, so that
 * within the reuse interval the server can hand out the same successor again while storing only
 * hashes.
 */
export const successorToken = (key: Buffer, token: string) => createHmac('sha256', key).update(token).digest('base64url');

/** The key that signs device cookies (device-cookie.ts): another sub-key of the JWT secret. */
export const deviceKey = (secret: Uint8Array) => Buffer.from(hkdfSync('sha256', secret, '', 'acompanha device', 32));

/** JWT_SECRET, or a secret generated once and kept in DATA_DIR (mode 600). */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, JWT_SECRET_FILE);
  if (!fs.existsSync(file)) writeDataFile(dataDir, JWT_SECRET_FILE, randomBytes(48).toString('base64url'));
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

/** An access token for `user` in the session (refresh-token family) `sessionId`, its `sid`. */
export function signAccessToken(secret: Uint8Array, user: { id: number; email: string }, sessionId: string, ttlSeconds: number) {
  return new SignJWT({ user_id: user.id, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.email)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

export type AccessTokenCheck = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** How many verified tokens are remembered, the oldest forgotten first. */
const VERIFIED_TOKENS = 1000;

/**
 * Checks access tokens' signatures and claims. A client sends the same token with every call for
 * its lifetime: checking its signature once spares the others an HMAC, so a token is remembered by
 * the whole of it, signature included, and only until it expires. The key is imported once, which
 * spares every check the import jose does for raw bytes.
 */
export async function createAccessTokenVerifier(secret: Uint8Array): Promise<(token: string) => Promise<AccessTokenCheck>> {
  const key = await webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const verified = new Map<string, AccessClaims>();
  return async (token) => {
    const known = verified.get(token);
    if (known && known.exp * 1000 > Date.now()) return { ok: true, claims: known };
    verified.delete(token);
    const result = await verifyAccessToken(key, token);
    if (result.ok) {
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, result.claims);
    }
    return result;
  };
}

async function verifyAccessToken(key: webcrypto.CryptoKey, token: string): Promise<AccessTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const claims = accessClaimsSchema.safeParse(payload);
    return claims.success ? { ok: true, claims: claims.data } : { ok: false, expired: false };
  } catch (error) {
    return { ok: false, expired: error instanceof errors.JWTExpired };
  }
}
