import { EXPIRED_JWT_CODE, type AccessClaims } from '@acompanha/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { importJwtKey, verifyAccessToken, type AccessTokenCheck } from '../modules/auth/tokens.js';
import { unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid access token is required; its claims land on request.user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AccessClaims;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** How many verified tokens are remembered, the oldest forgotten first. */
const VERIFIED_TOKENS = 1000;

export const auth = fp(async (app: FastifyInstance, { secret }: { secret: Uint8Array }) => {
  app.decorateRequest('user', null as unknown as AccessClaims);
  const key = await importJwtKey(secret);

  // A client sends the same token with every call for its lifetime: checking its signature once
  // spares the others an HMAC. Kept by the whole token, signature included, and only until it expires.
  const verified = new Map<string, AccessClaims>();
  async function check(token: string): Promise<AccessTokenCheck> {
    const known = verified.get(token);
    if (known && known.exp * 1000 > Date.now()) return { ok: true, claims: known };
    verified.delete(token);
    const result = await verifyAccessToken(key, token);
    if (result.ok) {
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, result.claims);
    }
    return result;
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Autenticação necessária.');
    const result = await check(token);
    if (!result.ok) {
      throw result.expired ? unauthorized('Token expirado.', EXPIRED_JWT_CODE) : unauthorized('Token inválido.');
    }
    request.user = result.claims;
  });
});
