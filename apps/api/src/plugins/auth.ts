import { EXPIRED_JWT_CODE, requiresSecondFactor, SECOND_FACTOR_ENROLMENT_CODE, STAFF_ROLES, type AccessClaims, type Role } from '@acompanha/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findOpenSession } from '../modules/auth/repository.js';
import { importJwtKey, verifyAccessToken, type AccessTokenCheck } from '../modules/auth/tokens.js';
import { ApiError, forbidden, unauthorized } from './errors.js';

/** Who made the request: the access token's claims, the account's roles as stored now and whether it has a second factor. */
export type SignedInUser = AccessClaims & { roles: Role[]; secondFactor: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid access token of an open session is required; request.user says whose. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler of the client's data routes: authenticates, and answers 403 to a staff account. */
    clientOnly: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler of the team routes (/api/v1/equipe/...): authenticates, and answers 403 to a client
     * and to an administrator without a second factor (decision 056).
     */
    staffOnly: (request: FastifyRequest) => Promise<void>;
    /** preHandler of the second factor's own routes: staffOnly, but open to an administrator who has yet to enrol. */
    staffEnrolling: (request: FastifyRequest) => Promise<void>;
    /** preHandler of the staff accounts' routes: authenticates, and answers 403 to all but ROLE_ADMIN. */
    adminOnly: (request: FastifyRequest) => Promise<void>;
    /** Whether the session of a request authenticated earlier is still open, with the same kind of roles (a long answer asks again). */
    sessionOpen: (user: SignedInUser) => Promise<boolean>;
  }
  interface FastifyRequest {
    user: SignedInUser;
  }
}

const isStaff = (roles: readonly Role[]) => roles.some((role) => STAFF_ROLES.includes(role));

export function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** How many verified tokens are remembered, the oldest forgotten first. */
const VERIFIED_TOKENS = 1000;

export const auth = fp(async (app: FastifyInstance, { secret }: { secret: Uint8Array }) => {
  app.decorateRequest('user', null as unknown as SignedInUser);
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

  async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Autenticação necessária.');
    const result = await check(token);
    if (!result.ok) {
      throw result.expired ? unauthorized('Token expirado.', EXPIRED_JWT_CODE) : unauthorized('Token inválido.');
    }
    // Asked on every request, past the remembered signature: 'Sair' or a password reset on any
    // instance ends the session's access tokens at once, and the roles are the account's as it is now.
    const session = await findOpenSession(app.db, result.claims.user_id, result.claims.sid);
    if (!session) throw unauthorized('Sessão encerrada. Entre novamente.');
    request.user = { ...result.claims, ...session };
  }

  async function staffEnrolling(request: FastifyRequest) {
    await authenticate(request);
    if (!isStaff(request.user.roles)) throw forbidden('Esta área é exclusiva da equipe.');
  }

  async function staffOnly(request: FastifyRequest) {
    await staffEnrolling(request);
    // Without one, the password alone would open every client's health data.
    if (requiresSecondFactor(request.user.roles) && !request.user.secondFactor) {
      throw new ApiError(403, 'Ative a verificação em duas etapas para usar o console.', SECOND_FACTOR_ENROLMENT_CODE);
    }
  }

  app.decorate('authenticate', authenticate);
  app.decorate('sessionOpen', async (user: SignedInUser) => {
    const session = await findOpenSession(app.db, user.user_id, user.sid);
    // A staff account made a client (or the reverse) leaves the streams its old roles opened.
    return session !== undefined && isStaff(session.roles) === isStaff(user.roles);
  });
  app.decorate('clientOnly', async (request: FastifyRequest) => {
    await authenticate(request);
    if (isStaff(request.user.roles)) throw forbidden('Esta área é exclusiva dos clientes.');
  });
  app.decorate('staffOnly', staffOnly);
  app.decorate('staffEnrolling', staffEnrolling);
  app.decorate('adminOnly', async (request: FastifyRequest) => {
    await staffOnly(request);
    if (!request.user.roles.includes('ROLE_ADMIN')) throw forbidden('Esta área é exclusiva dos administradores.');
  });
});
