import { EXPIRED_JWT_CODE, requiresSecondFactor, SECOND_FACTOR_ENROLMENT_CODE, STAFF_ROLES, type AccessClaims, type Role } from '@acompanha/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors.js';

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
    /** preHandler of the routes both kinds of account use (photos): a client, or a member as staffOnly lets through. */
    anyAccount: (request: FastifyRequest) => Promise<void>;
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

/** Whether the signed-in account is the team's. */
export const isStaffUser = (user: SignedInUser) => isStaff(user.roles);

export function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** What the plugin asks of the sign-in sessions; modules/auth answers it (app.ts). */
export interface AccessChecks {
  /** An access token's signature and claims. */
  verify(token: string): Promise<{ ok: true; claims: AccessClaims } | { ok: false; expired: boolean }>;
  /** The session's account as it is now, while the session is open. */
  openSession(userId: number, sessionId: string): Promise<{ roles: Role[]; secondFactor: boolean } | undefined>;
}

export const auth = fp(async (app: FastifyInstance, { verify, openSession }: AccessChecks) => {
  app.decorateRequest('user', null as unknown as SignedInUser);

  async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Autenticação necessária.');
    const result = await verify(token);
    if (!result.ok) {
      throw result.expired ? unauthorized('Token expirado.', EXPIRED_JWT_CODE) : unauthorized('Token inválido.');
    }
    // Asked on every request, past the remembered signature: 'Sair' or a password reset on any
    // instance ends the session's access tokens at once, and the roles are the account's as it is now.
    const session = await openSession(result.claims.user_id, result.claims.sid);
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
      throw forbidden('Ative a verificação em duas etapas para usar o console.', SECOND_FACTOR_ENROLMENT_CODE);
    }
  }

  app.decorate('authenticate', authenticate);
  app.decorate('sessionOpen', async (user: SignedInUser) => {
    const session = await openSession(user.user_id, user.sid);
    // A staff account made a client (or the reverse) leaves the streams its old roles opened.
    return session !== undefined && isStaff(session.roles) === isStaff(user.roles);
  });
  app.decorate('clientOnly', async (request: FastifyRequest) => {
    await authenticate(request);
    if (isStaff(request.user.roles)) throw forbidden('Esta área é exclusiva dos clientes.');
  });
  app.decorate('staffOnly', staffOnly);
  app.decorate('anyAccount', async (request: FastifyRequest) => {
    await authenticate(request);
    if (isStaff(request.user.roles)) await staffOnly(request);
  });
  app.decorate('staffEnrolling', staffEnrolling);
  app.decorate('adminOnly', async (request: FastifyRequest) => {
    await staffOnly(request);
    if (!request.user.roles.includes('ROLE_ADMIN')) throw forbidden('Esta área é exclusiva dos administradores.');
  });
});
