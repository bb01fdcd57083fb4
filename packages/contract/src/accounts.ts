import { z } from 'zod/mini';
import { emailSchema, REQUIRED_MESSAGE, roleSchema } from './auth.js';
import { isoDateSchema, resultsSchema } from './common.js';
import { MESSAGE_AUTHOR_ROLES } from './messages.js';

/**
 * Accounts the team opens in the console (decision 040): clients, who get the first-access e-mail
 * `client:create` sends, and, for administrators only, staff accounts and their disabling.
 */

const nameSchema = z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE), z.maxLength(120));

/** `POST /api/v1/equipe/clientes`: answers 201 with the new client's header (`clientHeaderSchema`). */
export const newClientRequestSchema = z.strictObject({
  nome: nameSchema,
  email: emailSchema,
  /** A past day, `YYYY-MM-DD`. */
  data_nascimento: isoDateSchema,
  /** Who looks after the client (DECISIONS.md §6), as `PUT .../responsaveis` sets it; none when left out. */
  personal_id: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
  nutricionista_id: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
});
export type NewClientRequest = z.infer<typeof newClientRequestSchema>;

/** The roles a staff account may hold: the professional ones and the administrator. */
export const staffRoleSchema = z.enum(MESSAGE_AUTHOR_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** The most characters of a professional registration. */
export const STAFF_REGISTRATION_MAX = 30;

/**
 * A member's professional registration ('CREF 012345-G/SP', 'CRN-3 54321'), which signs the
 * evaluations they publish: trimmed, and blank is none (null).
 */
export const staffRegistrationSchema = z.nullable(
  z.pipe(
    z.string().check(z.trim(), z.maxLength(STAFF_REGISTRATION_MAX, `Use no máximo ${STAFF_REGISTRATION_MAX} caracteres.`)),
    z.transform((registro) => registro || null),
  ),
);

/** `POST /api/v1/equipe/membros` (ROLE_ADMIN only): the account gets a first-access link by e-mail. */
export const newStaffRequestSchema = z.strictObject({
  nome: nameSchema,
  email: emailSchema,
  papel: staffRoleSchema,
  registro: z.optional(staffRegistrationSchema),
});
export type NewStaffRequest = z.infer<typeof newStaffRequestSchema>;

/** `PATCH /api/v1/equipe/membros/{id}` (ROLE_ADMIN only): a member's registration, null to clear it. */
export const staffUpdateRequestSchema = z.strictObject({
  registro: staffRegistrationSchema,
});
export type StaffUpdateRequest = z.infer<typeof staffUpdateRequestSchema>;

export const staffMemberSchema = z.object({
  id: z.number().check(z.int()),
  /** null for an account made before names (its messages sign 'Equipe'). */
  nome: z.nullable(z.string()),
  email: z.string(),
  papeis: z.array(roleSchema),
  /** No password set yet: the first-access link was not used. */
  convite_pendente: z.boolean(),
  /** When an administrator disabled it (ISO date-time): it cannot sign in; null while active. */
  desativado_em: z.nullable(z.string()),
  /** Professional registration (CREF, CRN); null when none. */
  registro: z.nullable(z.string()),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** `GET /api/v1/equipe/membros`: every staff account by name, disabled ones too. */
export const staffListSchema = resultsSchema(staffMemberSchema);
export type StaffList = z.infer<typeof staffListSchema>;
