import { z } from 'zod/mini';
import { pagedSchema } from './common.js';
import { staffRefSchema } from './plan-editor.js';

/**
 * What the team changed that reaches beyond one client (decision 055): the activity library, a
 * member's registration, and whether an account may sign in. Published plans keep their own copies,
 * so these change only what is published from then on; each is recorded with who and when.
 */
export const STAFF_CHANGE_TYPES = ['ATIVIDADE_CRIADA', 'ATIVIDADE_EDITADA', 'REGISTRO_ALTERADO', 'CONTA_DESATIVADA', 'CONTA_REATIVADA'] as const;
export const staffChangeTypeSchema = z.enum(STAFF_CHANGE_TYPES);
export type StaffChangeType = z.infer<typeof staffChangeTypeSchema>;

/** The fields a change touched, as they read: an activity's titulo, grupo_muscular and video, or a member's registro. */
const changedFieldsSchema = z.nullable(z.record(z.string(), z.nullable(z.string())));

export const staffChangeSchema = z.object({
  id: z.number().check(z.int()),
  tipo: staffChangeTypeSchema,
  /** Who made it; null for an operator's command. */
  feito_por: z.nullable(staffRefSchema),
  /** ISO date-time. */
  feito_em: z.string(),
  /** The activity's id for ATIVIDADE_*, the staff account's for the others. */
  alvo_id: z.number().check(z.int()),
  /** The fields before the change; null for a creation and for disabling and re-enabling, which `tipo` says whole. */
  antes: changedFieldsSchema,
  depois: changedFieldsSchema,
});
export type StaffChange = z.infer<typeof staffChangeSchema>;

/** `GET /api/v1/equipe/auditoria?page=&size=` (ROLE_ADMIN only): every staff change, newest first. */
export const staffChangePageSchema = pagedSchema(staffChangeSchema);
export type StaffChangePage = z.infer<typeof staffChangePageSchema>;
