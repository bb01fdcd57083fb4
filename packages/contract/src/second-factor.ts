import { z } from 'zod/mini';
import type { Role } from './auth.js';

/**
 * The staff's second factor (decision 056): a TOTP code (RFC 6238: 6 digits, 30 s) from an
 * authenticator app, or one of the single-use recovery codes. Required for ROLE_ADMIN, offered to
 * the rest of the team; clients have none.
 */

/** `POST /v1/auth/login` without `codigo` for an account with a second factor: the console asks for the code. */
export const SECOND_FACTOR_REQUIRED_CODE = 'SecondFactorRequired';
/** A wrong, expired or already used code, at sign-in. */
export const SECOND_FACTOR_INVALID_CODE = 'SecondFactorInvalid';
/** An administrator without a second factor: every team route answers 403 with this code until they enrol. */
export const SECOND_FACTOR_ENROLMENT_CODE = 'SecondFactorEnrolmentRequired';

/** Administrators must have a second factor; the rest of the team may. */
export const requiresSecondFactor = (roles: readonly Role[]) => roles.includes('ROLE_ADMIN');

/** How many recovery codes an enrolment gives; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A code as typed: the app's 6 digits or a recovery code (`abcde-12345`). Spaces are dropped (apps
 * show `123 456`), and a recovery code is read in any case.
 */
export const secondFactorCodeSchema = z.pipe(
  z.string().check(z.maxLength(32, 'Digite o código de 6 dígitos ou um código de recuperação.')),
  z.transform((code) => code.replace(/\s+/g, '').toLowerCase()),
);

export const secondFactorCodeRequestSchema = z.strictObject({
  codigo: z.pipe(secondFactorCodeSchema, z.string().check(z.minLength(1, 'Digite o código de verificação.'))),
});
export type SecondFactorCodeRequest = z.infer<typeof secondFactorCodeRequestSchema>;

/** `GET /api/v1/equipe/verificacao`: the signed-in member's second factor. */
export const secondFactorStatusSchema = z.object({
  /** Sign-in asks for a code. */
  ativa: z.boolean(),
  /** An administrator must have one before using the console. */
  obrigatoria: z.boolean(),
  /** Recovery codes not used yet. */
  codigos_restantes: z.number().check(z.int()),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/**
 * `POST /api/v1/equipe/verificacao`: a new secret, shown this once and confirmed by a first code.
 * `uri` is the otpauth:// address a QR code holds; `segredo` the same secret to type (base32).
 */
export const secondFactorEnrolmentSchema = z.object({
  segredo: z.string(),
  uri: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

/** The recovery codes, answered once (on confirming, or asking for new ones): only their digests are kept. */
export const recoveryCodesSchema = z.object({ codigos_recuperacao: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
