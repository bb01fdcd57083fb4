import type { ConversationPage, PageQuery, Professionals, ResponsiblesRequest, RosterEntry, RosterPage, RosterQuery, Role } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { badField, clientNotFound } from '../../errors.js';
import { findUserById, parseRoles } from '../auth/repository.js';
import { listProfessionals, pageConversations, pageRoster, rosterEntries, setResponsibles, type Reader } from './repository.js';

/**
 * The team's list of clients and its inbox, at a business's size (DECISIONS.md §6, decision 068),
 * and who looks after whom. Every staff member sees and answers every client: a responsible is who
 * 'Meus clientes' and an unread message's e-mail go to first.
 */

export const roster = (db: Db, query: RosterQuery, reader: Reader): Promise<RosterPage> => pageRoster(db, query, reader);

export const professionals = async (db: Db): Promise<Professionals> => ({
  personal: await listProfessionals(db, 'ROLE_PERSONAL'),
  nutricionista: await listProfessionals(db, 'ROLE_NUTRICIONISTA'),
});

export const conversations = (db: Db, page: PageQuery, now: Date): Promise<ConversationPage> => pageConversations(db, page, now);

/** The role each responsible's field takes. */
const RESPONSIBLE_ROLES = { personal_id: 'ROLE_PERSONAL', nutricionista_id: 'ROLE_NUTRICIONISTA' } as const satisfies Record<keyof ResponsiblesRequest, Role>;
const ROLE_NAMES = { ROLE_PERSONAL: 'personal trainer', ROLE_NUTRICIONISTA: 'nutricionista' } as const;

/** A responsible's id must be an enabled staff account of the field's role. */
async function checkResponsible(db: Db, field: keyof ResponsiblesRequest, id: number | null) {
  if (id === null) return;
  const role = RESPONSIBLE_ROLES[field];
  const user = await findUserById(db, id);
  if (!user || !parseRoles(user.roles).includes(role)) throw badField(field, `deve ser um membro da equipe com o papel de ${ROLE_NAMES[role]}.`);
  if (user.disabled_at !== null) throw badField(field, 'este membro da equipe está desativado.');
}

/** 400 naming the field unless each id is an enabled staff account of its role (or null). */
export async function checkResponsibles(db: Db, request: ResponsiblesRequest) {
  await checkResponsible(db, 'personal_id', request.personal_id);
  await checkResponsible(db, 'nutricionista_id', request.nutricionista_id);
}

/** Sets the client's responsible trainer and nutritionist (null for none); answers their roster entry. */
export async function assignResponsibles(db: Db, clientId: number, request: ResponsiblesRequest): Promise<RosterEntry> {
  await checkResponsibles(db, request);
  if (!(await setResponsibles(db, clientId, { personalId: request.personal_id, nutricionistaId: request.nutricionista_id }))) throw clientNotFound();
  const [entry] = await rosterEntries(db, [clientId]);
  return entry!;
}
