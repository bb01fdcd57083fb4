import { randomUUID } from 'node:crypto';
import { EXPIRED_JWT_CODE, type LinkOrigin, type LinkReason, type TokenPair } from '@acompanha/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { unauthorized } from '../../plugins/errors.js';
import type { Mailer } from '../email/mailer.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repository.js';
import { hashToken, randomToken, signAccessToken } from './tokens.js';

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

const WRONG_CREDENTIALS = 'Usuário ou senha incorretos.';

export interface AuthDeps {
  db: Db;
  config: Config;
  secret: Uint8Array;
  mailer: Mailer;
}

export function createAuthService({ db, config, secret, mailer }: AuthDeps) {
  async function issueTokens(user: { id: number; email: string }, familyId: string): Promise<TokenPair> {
    const refresh = randomToken();
    await repo.insertRefreshToken(db, {
      hash: hashToken(refresh),
      familyId,
      userId: user.id,
      expiresAt: new Date(Date.now() + config.REFRESH_TOKEN_TTL * 1000),
    });
    return { token: await signAccessToken(secret, user, config.ACCESS_TOKEN_TTL), refresh_token: refresh };
  }

  return {
    async login(email: string, password: string): Promise<TokenPair> {
      const user = await repo.findUserByEmail(db, email);
      const valid = await verifyPassword(password, user?.password_hash ?? null);
      if (!user || !valid) throw unauthorized(WRONG_CREDENTIALS);
      return issueTokens(user, randomUUID());
    },

    /** Rotates a refresh token; presenting a spent one revokes its whole family. */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const now = new Date();
      const hash = hashToken(refreshToken);
      const spent = await repo.spendRefreshToken(db, hash, now);
      if (!spent) {
        const known = await repo.findRefreshToken(db, hash);
        if (known?.spent_at) await repo.revokeRefreshFamily(db, known.family_id, now);
        throw unauthorized('Sessão inválida ou expirada. Entre novamente.');
      }
      const user = await repo.findUserById(db, spent.user_id);
      if (!user) throw unauthorized('Sessão inválida ou expirada. Entre novamente.');
      return issueTokens(user, spent.family_id);
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
