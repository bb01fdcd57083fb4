import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT, requiresSecondFactor, type RecoveryCodes, type Role, type SecondFactorEnrolment, type SecondFactorStatus } from '@acompanha/contract';
import * as OTPAuth from 'otpauth';
import type { Db } from '../../db/database.js';
import { badField, conflict, tooManyRequests } from '../../errors.js';
import { hashToken } from '../auth/tokens.js';
import * as repo from './repository.js';

/**
 * The staff's second factor (decision 056): TOTP as RFC 6238 has it (SHA-1, 6 digits, 30 s, what
 * every authenticator app reads), with single-use recovery codes. Codes are few (WRONG_CODES_ALLOWED
 * per window and account, wherever they are tried) and single-use (a time step once accepted is
 * never accepted again, a recovery code is spent).
 */

export const TOTP = { issuer: 'Acompanha', algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Wrong codes an account may send in WRONG_CODES_WINDOW_MS, sign-in and signed-in asks together. */
export const WRONG_CODES_ALLOWED = 5;
export const WRONG_CODES_WINDOW_MS = 15 * 60 * 1000;

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `abcde-23456`: 50 random bits, read aloud or typed without confusing 0/o or 1/l. */
function newRecoveryCode() {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Typed without the dash, or with spaces: the digest is of the code's characters alone. */
const recoveryDigest = (code: string) => hashToken(code.replace(/[^a-z0-9]/g, ''));

/**
 * Secrets are kept encrypted (AES-256-GCM) under a sub-key of the JWT secret: a copy of the
 * database alone gives no code. Rotating JWT_SECRET therefore ends every enrolment (decision 056).
 */
function secretBox(jwtSecret: Uint8Array) {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'acompanha second-factor secret', 32));
  return {
    seal(base32: string) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
    },
    /** undefined for a secret sealed under another key: the account uses a recovery code, or is reset. */
    open(stored: string) {
      const [version, iv, sealed] = stored.split('.');
      if (version !== 'v1' || !iv || !sealed) return undefined;
      try {
        const bytes = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(bytes.subarray(-16));
        return Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

const totpOf = (base32: string, label: string) => new OTPAuth.TOTP({ ...TOTP, label, secret: OTPAuth.Secret.fromBase32(base32) });

const wrongCode = () => badField('codigo', 'código incorreto ou já usado.');

export function createSecondFactorService({ db, secret }: { db: Db; secret: Uint8Array }) {
  const box = secretBox(secret);

  /** The time step a TOTP code is valid for, one step either side of now for a clock a little off; undefined for none. */
  function totpStep(sealedSecret: string, code: string, now: Date) {
    const base32 = box.open(sealedSecret);
    if (!base32 || !/^\d{6}$/.test(code)) return undefined;
    const delta = totpOf(base32, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
    return delta === null ? undefined : OTPAuth.TOTP.counter({ period: TOTP.period, timestamp: now.getTime() }) + delta;
  }

  /**
   * Whether `code` is the account's: a TOTP code of a step later than the last accepted, or an
   * unused recovery code (spent here). Counted before it is checked, so a burst cannot pass the
   * limit; past it, a 429 however right the code.
   */
  async function check(userId: number, sealedSecret: string, code: string, { recovery }: { recovery: boolean }) {
    const now = new Date();
    const attempts = await repo.countAttempt(db, userId, now, new Date(now.getTime() - WRONG_CODES_WINDOW_MS));
    if (attempts && attempts.failures > WRONG_CODES_ALLOWED) {
      throw tooManyRequests(attempts.since.getTime() + WRONG_CODES_WINDOW_MS - now.getTime());
    }
    const step = totpStep(sealedSecret, code, now);
    const right =
      step !== undefined ? await repo.spendStep(db, userId, step) : recovery && (await repo.spendRecoveryCode(db, userId, recoveryDigest(code), now));
    if (right) await repo.clearAttempts(db, userId);
    return right;
  }

  async function issueRecoveryCodes(userId: number): Promise<RecoveryCodes> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(db, userId, codes.map(recoveryDigest));
    return { codigos_recuperacao: codes };
  }

  /** The account's confirmed factor, or a 409 for a signed-in ask that needs one. */
  async function confirmed(userId: number) {
    const factor = await repo.findSecondFactor(db, userId);
    if (!factor?.confirmed_at) throw conflict('A verificação em duas etapas não está ativa nesta conta.');
    return factor;
  }

  /** A signed-in ask that changes the factor proves it is the holder's with a current code. */
  async function requireCode(userId: number, code: string) {
    const factor = await confirmed(userId);
    if (!(await check(userId, factor.secret, code, { recovery: true }))) throw wrongCode();
  }

  return {
    async status(user: { user_id: number; roles: Role[] }): Promise<SecondFactorStatus> {
      const factor = await repo.findSecondFactor(db, user.user_id);
      const ativa = Boolean(factor?.confirmed_at);
      return { ativa, obrigatoria: requiresSecondFactor(user.roles), codigos_restantes: ativa ? await repo.countUnusedRecoveryCodes(db, user.user_id) : 0 };
    },

    /** A new secret to scan or type; the factor is on only once a first code confirms it. */
    async beginEnrolment(user: { id: number; email: string }): Promise<SecondFactorEnrolment> {
      const base32 = new OTPAuth.Secret({ size: 20 }).base32;
      if (!(await repo.storePendingSecret(db, user.id, box.seal(base32), new Date()))) {
        throw conflict('A verificação em duas etapas já está ativa. Para trocar de aparelho, desative-a e ative de novo.');
      }
      return { segredo: base32, uri: totpOf(base32, user.email).toString() };
    },

    /** The first code from the app turns the factor on; answers the recovery codes, this once. */
    async confirmEnrolment(userId: number, code: string): Promise<RecoveryCodes> {
      const factor = await repo.findSecondFactor(db, userId);
      if (!factor) throw conflict('Comece a ativação da verificação em duas etapas.');
      if (factor.confirmed_at) throw conflict('A verificação em duas etapas já está ativa.');
      if (!(await check(userId, factor.secret, code, { recovery: false }))) throw wrongCode();
      // A second enrolment begun meanwhile replaced the secret: this code confirmed the old one.
      if (!(await repo.confirmSecondFactor(db, userId, factor.secret, new Date()))) throw conflict('Comece a ativação da verificação em duas etapas de novo.');
      return issueRecoveryCodes(userId);
    },

    /** New recovery codes, the earlier ones no longer valid. */
    async renewRecoveryCodes(userId: number, code: string): Promise<RecoveryCodes> {
      await requireCode(userId, code);
      return issueRecoveryCodes(userId);
    },

    /** Turns the factor off (a new phone is enrolled afresh); an administrator must then enrol again before using the console. */
    async disable(userId: number, code: string): Promise<void> {
      await requireCode(userId, code);
      await repo.deleteSecondFactor(db, userId);
    },

    /** A confirmed factor with a secret chosen beforehand: the demo administrator's, which the README publishes. */
    async enrolWithSecret(userId: number, base32: string) {
      const now = new Date();
      await repo.storePendingSecret(db, userId, box.seal(base32), now);
      await repo.confirmSecondFactor(db, userId, (await repo.findSecondFactor(db, userId))!.secret, now);
    },

    /** Whether sign-in must ask this account for a code. */
    async isConfirmed(userId: number) {
      return Boolean((await repo.findSecondFactor(db, userId))?.confirmed_at);
    },

    /** Sign-in's second step: a TOTP or recovery code of an account with a confirmed factor. */
    async checkSignInCode(userId: number, code: string) {
      const factor = await confirmed(userId);
      return check(userId, factor.secret, code, { recovery: true });
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;

/** Removes an account's second factor and recovery codes, for a member who lost both (an administrator's or an operator's ask). */
export const removeSecondFactor = (db: Db, userId: number) => repo.deleteSecondFactor(db, userId);
