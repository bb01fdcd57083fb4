import { randomUUID } from 'node:crypto';
import { EXPIRED_JWT_CODE, type LinkOrigin, type LinkReason, type TokenPair } from '@acompanha/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { unauthorized } from '../../plugins/errors.js';
import type { Mailer } from '../email/mailer.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repository.js';
import { hashToken, randomToken, signAccessToken, successorKey, successorToken } from './tokens.js';

export const LINK_TTL_SECONDS: Record<LinkOrigin, number> = {
  FORGOT_PASSWORD: 60 * 60,
  FIRST_ACCESS: 7 * 24 * 60 * 60,
};

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

const WRONG_CREDENTIALS = 'Usuário ou senha incorretos.';
const INVALID_SESSION = 'Sessão inválida ou expirada. Entre novamente.';

export interface AuthDeps {
  db: Db;
  config: Config;
  secret: Uint8Array;
  mailer: Mailer;
}

export function createAuthService({ db, config, secret, mailer }: AuthDeps) {
  const successors = successorKey(secret);
  const refreshExpiry = () => new Date(Date.now() + config.REFRESH_TOKEN_TTL * 1000);

  async function tokenPair(user: { id: number; email: string }, refreshToken: string): Promise<TokenPair> {
    return { token: await signAccessToken(secret, user, config.ACCESS_TOKEN_TTL), refresh_token: refreshToken };
  }

  /**
   * Spends the token and stores its successor in one transaction, so a request that loses the race
   * to spend it finds the successor already there. Returns the spent row when this call spent it.
   */
  function rotate(hash: string, successorHash: string, now: Date) {
    return db.transaction().execute(async (trx) => {
      const spent = await repo.spendRefreshToken(trx, hash, now);
      if (spent) {
        await repo.insertRefreshToken(trx, {
          hash: successorHash,
          familyId: spent.family_id,
          userId: spent.user_id,
          expiresAt: refreshExpiry(),
        });
      }
      return spent;
    });
  }

  /**
   * A token that could not be spent: its user when it was rotated within the reuse interval and
   * its successor is still live; otherwise any spent token counts as stolen and its family is
   * revoked.
   */
  async function replayedTokenUser(hash: string, successorHash: string, now: Date) {
    const known = await repo.findRefreshToken(db, hash);
    if (!known?.spent_at) return undefined;
    const withinInterval = now.getTime() - Date.parse(known.spent_at) < REFRESH_REUSE_INTERVAL_SECONDS * 1000;
    if (!known.revoked_at && withinInterval && (await repo.findLiveRefreshToken(db, successorHash, now))) {
      return known.user_id;
    }
    await repo.revokeRefreshFamily(db, known.family_id, now);
    return undefined;
  }

  return {
    async login(email: string, password: string): Promise<TokenPair> {
      const user = await repo.findUserByEmail(db, email);
      const valid = await verifyPassword(password, user?.password_hash ?? null);
      if (!user || !valid) throw unauthorized(WRONG_CREDENTIALS);
      const refresh = randomToken();
      await repo.insertRefreshToken(db, { hash: hashToken(refresh), familyId: randomUUID(), userId: user.id, expiresAt: refreshExpiry() });
      return tokenPair(user, refresh);
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
      const spent = await rotate(hash, successorHash, now);
      const userId = spent ? spent.user_id : await replayedTokenUser(hash, successorHash, now);
      const user = userId === undefined ? undefined : await repo.findUserById(db, userId);
      if (!user) throw unauthorized(INVALID_SESSION);
      return tokenPair(user, successor);
    },

    /** Creates a one-time link and e-mails it; returns the link for operator tools. */
    async sendLink(user: { id: number; email: string }, origin: LinkOrigin): Promise<string> {
      const token = randomToken();
      const now = new Date();
      await repo.insertLinkToken(db, {
        hash: hashToken(token),
        userId: user.id,
        origin,
        now,
        expiresAt: new Date(now.getTime() + LINK_TTL_SECONDS[origin] * 1000),
      });
      const link = `${config.APP_URL}/api/v1/auth/link?token=${token}`;
      const text = LINK_EMAIL[origin];
      await mailer.send({
        to: user.email,
        subject: text.subject,
        text: `Olá!\n\n${text.intro}\n\n${link}\n\n${text.validity}\n\nEquipe Acompanha`,
      });
      return link;
    },

    async requestPasswordReset(email: string): Promise<void> {
      const user = await repo.findUserByEmail(db, email);
      if (user) await this.sendLink(user, 'FORGOT_PASSWORD');
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

    /** Sets a password with a link token (never a session token), spends the link, ends sessions. */
    async changePassword(token: string | undefined, password: string): Promise<void> {
      const { reason } = await this.checkLink(token ?? '');
      if (reason === 'expired-token') throw unauthorized('O link de redefinição de senha expirou.', EXPIRED_JWT_CODE);
      if (reason === 'used-token') throw unauthorized('Link já utilizado, você precisa solicitar outro.');
      if (reason !== 'ok' || !token) throw unauthorized('Link inválido.');
      const hash = hashToken(token);
      const passwordHash = await hashPassword(password);
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        if (!(await repo.useLinkToken(trx, hash, now))) throw unauthorized('Link já utilizado, você precisa solicitar outro.');
        const link = await repo.findLinkToken(trx, hash);
        await repo.setPasswordHash(trx, link!.user_id, passwordHash);
        await repo.revokeUserRefreshTokens(trx, link!.user_id, now);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
