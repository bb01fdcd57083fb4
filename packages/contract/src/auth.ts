import { z } from 'zod/mini';
import { secondFactorCodeSchema } from './second-factor.js';

export const EMAIL_MESSAGE = 'Insira um endereço de e-mail válido.';
export const PASSWORD_RULE_MESSAGE =
  'A senha deve conter de 8 a 16 caracteres no máximo, uma letra maiúscula, minúscula e um número.';
export const REQUIRED_MESSAGE = 'Este campo é obrigatório';
export const PASSWORDS_MATCH_MESSAGE = 'As senhas devem ser iguais.';

export const emailSchema = z.email({ message: EMAIL_MESSAGE }).check(z.maxLength(254, EMAIL_MESSAGE));

/** SPEC.md §5: 8 to 16 characters with a digit, a lowercase and an uppercase letter. */
export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(8, PASSWORD_RULE_MESSAGE),
    z.maxLength(16, PASSWORD_RULE_MESSAGE),
    z.regex(/\d/, PASSWORD_RULE_MESSAGE),
    z.regex(/\p{Ll}/u, PASSWORD_RULE_MESSAGE),
    z.regex(/\p{Lu}/u, PASSWORD_RULE_MESSAGE),
  );

export const ROLES = ['ROLE_CLIENTE', 'ROLE_NUTRICIONISTA', 'ROLE_ADMIN', 'ROLE_PERSONAL'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
/** Accounts with these roles may not use the client app (SPEC.md §6). */
export const STAFF_ROLES: readonly Role[] = ['ROLE_NUTRICIONISTA', 'ROLE_ADMIN', 'ROLE_PERSONAL'];

export const loginRequestSchema = z.object({
  email: emailSchema,
  // SPEC.md §5: "password a string, no other rule"; the bound only caps hashing work.
  password: z.string().check(z.maxLength(1024)),
  /** The second factor's code, for a staff account that has one (decision 056); clients send none. */
  codigo: z.optional(secondFactorCodeSchema),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({ token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshRequestSchema = z.object({ refresh_token: z.string().check(z.minLength(1), z.maxLength(512)) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const meSchema = z.object({
  id: z.number().check(z.int()),
  email: z.string(),
  roles: z.array(roleSchema),
});
export type Me = z.infer<typeof meSchema>;

/**
 * Claims of the signed access token (DECISIONS.md §2), and `sid`: the session (refresh-token
 * family) it was issued for, so that ending the session ends the token at once (decision 029).
 */
export const accessClaimsSchema = z.object({
  sub: z.string(),
  user_id: z.number().check(z.int()),
  exp: z.number().check(z.int()),
  sid: z.string(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

export const changePasswordRequestSchema = z.object({ password: newPasswordSchema });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The first-access and reset-password forms. */
export const passwordFormSchema = z
  .object({
    password: newPasswordSchema,
    password_confirmation: z.string().check(z.minLength(1, REQUIRED_MESSAGE)),
  })
  .check(
    z.refine((form) => form.password === form.password_confirmation, {
      message: PASSWORDS_MATCH_MESSAGE,
      path: ['password_confirmation'],
    }),
  );
export type PasswordForm = z.infer<typeof passwordFormSchema>;

export const resetEmailQuerySchema = z.object({ email: emailSchema });
export type ResetEmailQuery = z.infer<typeof resetEmailQuerySchema>;
export const resetEmailFormSchema = resetEmailQuerySchema;

export const resetEmailResponseSchema = z.object({ message: z.string() });
export type ResetEmailResponse = z.infer<typeof resetEmailResponseSchema>;

export const LINK_ORIGINS = ['FIRST_ACCESS', 'FORGOT_PASSWORD'] as const;
export const linkOriginSchema = z.enum(LINK_ORIGINS);
export type LinkOrigin = z.infer<typeof linkOriginSchema>;

export const LINK_REASONS = ['ok', 'expired-token', 'token-not-found', 'used-token'] as const;
export type LinkReason = (typeof LINK_REASONS)[number];

export const linkQuerySchema = z.object({ token: z._default(z.string().check(z.maxLength(512)), '') });
