import { randomUUID } from 'node:crypto';
import { EXPIRED_JWT_CODE, SECOND_FACTOR_INVALID_CODE, SECOND_FACTOR_REQUIRED_CODE, type LinkOrigin, type LinkReason, type Me, type TokenPair } from '@acompanha/contract';
import { decodeJwt } from 'jose';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { unauthorized, userNotFound } from '../../errors.js';
import type { Mailer } from '../email/mailer.js';
import { createSecondFactorService } from '../second-factor/service.js';
import { hashPassword, needsRehash, verifyPassword, type Turn } from './passwords.js';
import * as repo from './repository.js';
import { deviceCookie, deviceFamily } from './device-cookie.js';
import { deviceKey, hashToken, randomToken, signAccessToken, successorKey, successorToken } from './tokens.js';

export const LINK_TTL_SECONDS: Record<LinkOrigin, number> = {
  FORGOT_PASSWORD: 60 * 60,
  FIRST_ACCESS: 7 * 24 * 60 * 60,
};

/** Reset e-mails an account gets in an hour at most: enough when one goes astray, too few to flood an inbox. */
export const RESET_EMAILS_PER_HOUR = 3;

const LINK_EMAIL: Record<LinkOrigin, { subject: string; intro: string; validity: string }> = {
  FIRST_ACCESS: {
    subject: 'Acompanha: crie sua senha de acesso',
    intro: 'Bem-vindo(a) ao Acompanha! Para criar sua senha e entrar no app, abra o link abaixo:',
    validity: 'O link vale por 7 dias e pode ser usado uma vez.',
  },
  FORGOT_PASSWORD: {
    subject: 'Acompanha: redefinição de senha',
    intro: 'Recebemos um pedido para redefinir sua senha. Para criar uma nova senha, abra o link abaixo:',
    validity: 'O link vale por 1 hora e pode ser usado uma vez. Se você não fez este pedido, ignore este e-mail.',
  },
};

/**
 * How long after a refresh token is rotated presenting it again still answers its successor: long
 * enough for two tabs refreshing at once or a retry after a lost reply, short enough that a stolen
 * token replayed later is still caught as reuse.
 */
export const REFRESH_REUSE_INTERVAL_SECONDS = 30;

/** DECISIONS.md §2: a session lives at most 90 days from its sign-in, however often it is refreshed. */
export const REFRESH_FAMILY_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

const WRONG_CREDENTIALS = 'Usuário ou senha incorretos.';
/** Told only to whoever knows the password, so it reveals nothing an attacker could not learn anyway. */
const DISABLED_ACCOUNT = 'Esta conta foi desativada. Fale com o administrador da equipe.';
const INVALID_SESSION = 'Sessão inválida ou expirada. Entre novamente.';
const CODE_NEEDED = 'Digite o código de verificação do seu aplicativo autenticador.';
const WRONG_CODE = 'Código de verificação incorreto ou já usado.';

/** The answer to a link that cannot set a password. */
function linkRefused(reason: LinkReason) {
  if (reason === 'expired-token') return unauthorized('O link de redefinição de senha expirou.', EXPIRED_JWT_CODE);
  if (reason === 'used-token') return unauthorized('Link já utilizado, você precisa solicitar outro.');
  return unauthorized('Link inválido.');
}

export interface AuthDeps {
  db: Db;
  config: Config;
  secret: Uint8Array;
  mailer: Mailer;
}

export function createAuthService({ db, config, secret, mailer }: AuthDeps) {
  const successors = successorKey(secret);
  const secondFactor = createSecondFactorService({ db, secret });
  const devices = deviceKey(secret);
  /** A token lives REFRESH_TOKEN_TTL, but never past its family's end. */
  const refreshExpiry = (familyExpiresAt: Date) =>
    new Date(Math.min(Date.now() + config.REFRESH_TOKEN_TTL * 1000, familyExpiresAt.getTime()));

  /** The access token names the refresh token's family: it lives only as long as that session (decision 029). */
  async function tokenPair(user: { id: number; email: string }, familyId: string, refreshToken: string): Promise<TokenPair> {
    return { token: await signAccessToken(secret, user, familyId, config.ACCESS_TOKEN_TTL), refresh_token: refreshToken };
  }

  /**
   * Spends the token and stores its successor in one transaction, so a request that loses the race
   * to spend it finds the successor already there. Returns the spent row when this call spent it.
   */
  function rotate(hash: string, successorHash: string, now: Date) {
    return db.transaction().execute(async (trx) => {
      const spent = await repo.spendRefreshToken(trx, hash, now);
      if (spent) {
        const familyExpiresAt = new Date(spent.family_expires_at);
        await repo.insertRefreshToken(trx, {
          hash: successorHash,
          familyId: spent.family_id,
          userId: spent.user_id,
          expiresAt: refreshExpiry(familyExpiresAt),
          familyExpiresAt,
        });
      }
      return spent;
    });
  }

  /**
   * A token that could not be spent: its row when it was rotated within the reuse interval and
   * its successor is still live; otherwise any spent token counts as stolen and its family is
   * revoked.
   */
  async function replayedToken(hash: string, successorHash: string, now: Date) {
    const known = await repo.findRefreshToken(db, hash);
    if (!known?.spent_at) return undefined;
    const withinInterval = now.getTime() - Date.parse(known.spent_at) < REFRESH_REUSE_INTERVAL_SECONDS * 1000;
    if (!known.revoked_at && withinInterval && (await repo.findLiveRefreshToken(db, successorHash, now))) {
      return known;
    }
    await repo.revokeRefreshFamily(db, known.family_id, now);
    return undefined;
  }

  /** A new link token and the row that stores it; only its hash is kept. */
  function newLink(userId: number, origin: LinkOrigin) {
    const token = randomToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + LINK_TTL_SECONDS[origin] * 1000);
    return { token, row: { hash: hashToken(token), userId, origin, now, expiresAt } };
  }

  /** E-mails a stored link; returns it for operator tools. */
  async function mailLink(email: string, origin: LinkOrigin, token: string) {
    // Every link sent erases the outbox's dead ones, so an expired link's text outlives it only until the next.
    await repo.forgetDeadLinks(db, new Date());
    const link = `${config.APP_URL}/api/v1/auth/link?token=${token}`;
    const text = LINK_EMAIL[origin];
    await mailer.send({
      to: email,
      subject: text.subject,
      text: `Olá!\n\n${text.intro}\n\n${link}\n\n${text.validity}\n\nEquipe Acompanha`,
      link: { url: link, tokenHash: hashToken(token) },
    });
    return link;
  }

  return {
    /**
     * `turn`: 'first' for a device that signed in to this account before (isKnownDevice).
     * `code`: the second factor's, for an account that has one (decision 056); asked for only once
     * the password is right, and a refusal counts as a failed sign-in like a wrong password.
     */
    async login(email: string, password: string, turn?: Turn, code?: string): Promise<TokenPair> {
      const user = await repo.findUserByEmail(db, email);
      const valid = await verifyPassword(password, user?.password_hash ?? null, config.SCRYPT_COST, turn);
      if (!user?.password_hash || !valid) throw unauthorized(WRONG_CREDENTIALS);
      if (user.disabled_at) throw unauthorized(DISABLED_ACCOUNT);
      if (await secondFactor.isConfirmed(user.id)) {
        if (!code) throw unauthorized(CODE_NEEDED, SECOND_FACTOR_REQUIRED_CODE);
        if (!(await secondFactor.checkSignInCode(user.id, code))) throw unauthorized(WRONG_CODE, SECOND_FACTOR_INVALID_CODE);
      }
      // Only a sign-in holds the password in clear, so older, weaker hashes are upgraded here.
      if (needsRehash(user.password_hash, config.SCRYPT_COST)) {
        await repo.replacePasswordHash(db, user.id, user.password_hash, await hashPassword(password, config.SCRYPT_COST));
      }
      const refresh = randomToken();
      const familyId = randomUUID();
      const familyExpiresAt = new Date(Date.now() + REFRESH_FAMILY_MAX_AGE_SECONDS * 1000);
      await repo.insertRefreshToken(db, {
        hash: hashToken(refresh),
        familyId,
        userId: user.id,
        expiresAt: refreshExpiry(familyExpiresAt),
        familyExpiresAt,
      });
      return tokenPair(user, familyId, refresh);
    },

    /**
     * Whether the device that sends this Cookie header signed in to this account before: its device
     * cookie names one of the account's sessions, live or ended. Only the password made one, so
     * guessing from anywhere can lock out no device that has one. Its address plays no part: a
     * phone's changes every day, and strangers share one behind a carrier's or a gym's.
     */
    /** `GET /v1/users/me`: the signed-in account's id, e-mail and roles. */
    async me(userId: number): Promise<Me> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw userNotFound();
      return { id: user.id, email: user.email, roles: repo.parseRoles(user.roles) };
    },

    async isKnownDevice(email: string, cookieHeader: string | undefined): Promise<boolean> {
      const familyId = deviceFamily(devices, cookieHeader);
      return familyId !== undefined && (await repo.isFamilyOfAccount(db, familyId, email));
    },

    /** The device cookie for the session of a sign-in's tokens: a later sign-in from this device is known (isKnownDevice). */
    deviceCookie(tokens: TokenPair): string {
      return deviceCookie(devices, String(decodeJwt(tokens.token).sid), config.APP_URL.startsWith('https:'));
    },

    /**
     * Rotates a refresh token. Presenting it again within REFRESH_REUSE_INTERVAL_SECONDS answers
     * the same successor; any other reuse of a spent token revokes its whole family.
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const now = new Date();
      const hash = hashToken(refreshToken);
      const successor = successorToken(successors, refreshToken);
      const successorHash = hashToken(successor);
      const rotated = (await rotate(hash, successorHash, now)) ?? (await replayedToken(hash, successorHash, now));
      const user = rotated && (await repo.findUserById(db, rotated.user_id));
      if (!rotated || !user || user.disabled_at) throw unauthorized(INVALID_SESSION);
      return tokenPair(user, rotated.family_id, successor);
    },

    /**
     * Ends the session of this refresh token on every device that holds its family ('Sair'): its
     * refresh tokens and, at the next request on any instance, its access tokens.
     */
    async logout(refreshToken: string): Promise<void> {
      const known = await repo.findRefreshToken(db, hashToken(refreshToken));
      if (known) await repo.revokeRefreshFamily(db, known.family_id, new Date());
    },

    /** Creates a one-time link and e-mails it; returns the link for operator tools. */
    async sendLink(user: { id: number; email: string }, origin: LinkOrigin): Promise<string> {
      const { token, row } = newLink(user.id, origin);
      await repo.insertLinkToken(db, row);
      return mailLink(user.email, origin, token);
    },

    /** E-mails a reset link, unless the account had RESET_EMAILS_PER_HOUR in the last hour: then nothing. */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await repo.findUserByEmail(db, email);
      if (!user || user.disabled_at) return;
      const { token, row } = newLink(user.id, 'FORGOT_PASSWORD');
      const hourAgo = new Date(row.now.getTime() - 60 * 60 * 1000);
      // Counted from the stored links, which every instance shares; the lock keeps requests made at
      // the same moment from each taking the last one.
      const stored = await db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, user.id);
        if ((await repo.countLinksSince(trx, user.id, 'FORGOT_PASSWORD', hourAgo)) >= RESET_EMAILS_PER_HOUR) return false;
        await repo.insertLinkToken(trx, row);
        return true;
      });
      if (stored) await mailLink(user.email, 'FORGOT_PASSWORD', token);
    },

    /** Where an e-mailed link leads: its origin and whether it can still set a password. */
    async checkLink(token: string): Promise<{ origin: LinkOrigin; reason: LinkReason }> {
      const link = token ? await repo.findLinkToken(db, hashToken(token)) : undefined;
      if (!link) return { origin: 'FORGOT_PASSWORD', reason: 'token-not-found' };
      const origin = link.origin as LinkOrigin;
      if (link.used_at) return { origin, reason: 'used-token' };
      if (link.expires_at <= new Date().toISOString()) return { origin, reason: 'expired-token' };
      return { origin, reason: 'ok' };
    },

    /**
     * Sets a password with a link token (never a session token); spends it and every other open link
     * of the account, and ends its sessions, access tokens included.
     */
    async changePassword(token: string | undefined, password: string): Promise<void> {
      // Checked before hashing, so a bad link costs no scrypt run; checked again when used.
      const { reason } = await this.checkLink(token ?? '');
      if (reason !== 'ok' || !token) throw linkRefused(reason);
      const hash = hashToken(token);
      const passwordHash = await hashPassword(password, config.SCRYPT_COST);
      const now = new Date();
      const used = await db.transaction().execute(async (trx) => {
        const link = await repo.findLinkToken(trx, hash);
        if (!link) return false;
        // Two links of one account used at once: the second waits here (the two never deadlock on
        // each other's links), then finds its own spent.
        await repo.lockUser(trx, link.user_id);
        if (!(await repo.useLinkToken(trx, hash, now))) return false;
        await repo.spendOpenLinks(trx, link.user_id, now);
        await repo.setPasswordHash(trx, link.user_id, passwordHash);
        await repo.revokeUserRefreshTokens(trx, link.user_id, now);
        await repo.forgetDeadLinks(trx, now);
        return true;
      });
      if (!used) throw linkRefused((await this.checkLink(token)).reason);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
