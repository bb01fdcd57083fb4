import { EXPIRED_JWT_CODE, type AccessClaims } from '@acompanha/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { importJwtKey, verifyAccessToken } from '../modules/auth/tokens.js';
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

export const auth = fp(async (app: FastifyInstance, { secret }: { secret: Uint8Array }) => {
  app.decorateRequest('user', null as unknown as AccessClaims);
  const key = await importJwtKey(secret);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Autenticação necessária.');
    const check = await verifyAccessToken(key, token);
    if (!check.ok) {
      throw check.expired ? unauthorized('Token expirado.', EXPIRED_JWT_CODE) : unauthorized('Token inválido.');
    }
    request.user = check.claims;
  });
});
