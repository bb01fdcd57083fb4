import type { ClientHeader, NewClientRequest, NewStaffRequest, StaffList, StaffMember, StaffUpdateRequest } from '@acompanha/contract';
import { isUniqueViolation, type Db } from '../../db/database.js';
import { daysFromToday } from '../../dates.js';
import { badField, clientNotFound, conflict, fieldConflict, notFound, unauthorized } from '../../errors.js';
import { recordStaffChange } from '../audit/repository.js';
import { findUserByEmail, findUserById, lockUser, parseRoles, revokeUserRefreshTokens, spendOpenLinks } from '../auth/repository.js';
import type { AuthService } from '../auth/service.js';
import { findClient } from '../clients/repository.js';
import { findClientHeader } from '../roster/repository.js';
import { assignResponsibles, checkResponsibles } from '../roster/service.js';
import { findSecondFactor } from '../second-factor/repository.js';
import { removeSecondFactor } from '../second-factor/service.js';
import { createUser, findStaff, listStaff, type UserInput, markStaffDisabled, markStaffEnabled, updateStaffRegistration } from './repository.js';

/**
 * Opening accounts (decision 040): the console's new client and `client:create` are one path, as
 * are the console's new team member and `user:create-staff`. An account is made without a password
 * and e-mailed a first-access link, with which its owner sets one.
 */

type LinkSender = Pick<AuthService, 'sendLink'>;

const MEMBER_NOT_FOUND = 'Membro da equipe não encontrado.';
/** The answer to an administrator disabled while their request waited: as to any ended session. */
const ENDED_SESSION = 'Sessão encerrada. Entre novamente.';
const lastAdmin = () => conflict('A equipe precisa de ao menos um administrador ativo.');

const emailTaken = () => fieldConflict('email', 'já existe uma conta com este e-mail.');

/** The insert two requests for one address raced to: the loser's answer is the same 409. */
async function createAccount(db: Db, input: UserInput) {
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  try {
    return await db.transaction().execute((trx) => createUser(trx, input));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** A client account with their profile, and its first-access link e-mailed; answers the link too, for operators. */
export async function createClientAccount(db: Db, links: LinkSender, client: NewClientRequest | (Omit<NewClientRequest, 'data_nascimento'> & { data_nascimento?: string }), today = daysFromToday(0)) {
  if (client.data_nascimento !== undefined && client.data_nascimento >= today) throw badField('data_nascimento', `deve ser um dia antes de hoje (${today}).`);
  const user = await createAccount(db, { email: client.email, client: { nome: client.nome, data_nascimento: client.data_nascimento } });
  return { user, link: await links.sendLink(user, 'FIRST_ACCESS') };
}

/** The console's new client: the account, who looks after them, the e-mail, and the client's header for their page. */
export async function addClient(db: Db, links: LinkSender, client: NewClientRequest): Promise<ClientHeader> {
  const responsibles = { personal_id: client.personal_id ?? null, nutricionista_id: client.nutricionista_id ?? null };
  await checkResponsibles(db, responsibles);
  const { user } = await createClientAccount(db, links, client);
  if (responsibles.personal_id !== null || responsibles.nutricionista_id !== null) await assignResponsibles(db, user.id, responsibles);
  return (await findClientHeader(db, user.id))!;
}

/** 'Reenviar convite': a new first-access link to a client who has not set a password; earlier links keep working until they expire. */
export async function inviteClient(db: Db, links: LinkSender, clientId: number): Promise<void> {
  const user = (await findClient(db, clientId)) && (await findUserById(db, clientId));
  if (!user) throw clientNotFound();
  if (user.password_hash) throw conflict('Este cliente já criou a senha. Se a esqueceu, ele pode usar "Esqueci minha senha".');
  await links.sendLink(user, 'FIRST_ACCESS');
}

/** A staff account with its name, roles and registration, and its first-access link e-mailed; answers the link too, for operators. */
export async function createStaffAccount(db: Db, links: LinkSender, member: { nome?: string | null; email: string; roles: UserInput['roles']; registro?: string | null }) {
  const user = await createAccount(db, { email: member.email, roles: member.roles, nome: member.nome ?? null, registro: member.registro ?? null });
  return { user, link: await links.sendLink(user, 'FIRST_ACCESS') };
}

export async function listMembers(db: Db): Promise<StaffList> {
  return { results: await listStaff(db) };
}

export async function addMember(db: Db, links: LinkSender, member: NewStaffRequest): Promise<StaffMember> {
  const { user } = await createStaffAccount(db, links, { nome: member.nome, email: member.email, roles: [member.papel], registro: member.registro });
  return (await findStaff(db, user.id))!;
}

/**
 * An administrator sets a member's registration (their own too), recorded when it changed. It signs
 * the evaluations they publish from now on: those published keep the one they were signed with (decision 055).
 */
export async function updateMember(db: Db, adminId: number, memberId: number, update: StaffUpdateRequest): Promise<StaffMember> {
  const registro = update.registro ?? null;
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, memberId);
    const before = await findStaff(trx, memberId);
    if (!before || !(await updateStaffRegistration(trx, memberId, registro))) throw notFound(MEMBER_NOT_FOUND);
    if (before.registro !== registro) {
      await recordStaffChange(trx, { tipo: 'REGISTRO_ALTERADO', actorId: adminId, targetId: memberId, antes: { registro: before.registro }, depois: { registro } });
    }
  });
  return (await findStaff(db, memberId))!;
}

/**
 * Disables a staff account: it can no longer sign in, and its sessions end at once (its refresh
 * tokens revoked, so its access tokens are refused on the next request), as do its unused links.
 * An administrator cannot disable their own account, nor the last active administrator's, so the
 * team always keeps one.
 */
export async function disableMember(db: Db, adminId: number, memberId: number): Promise<StaffMember> {
  if (memberId === adminId) throw badField('id', 'você não pode desativar a sua própria conta.');
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    // The administrator's row is held too, and the lower id first: two administrators disabling
    // each other at once then run one after the other instead of deadlocking, and the second finds
    // itself disabled.
    for (const id of [adminId, memberId].sort((a, b) => a - b)) await lockUser(trx, id);
    const admin = await findUserById(trx, adminId);
    if (!admin || admin.disabled_at || !parseRoles(admin.roles).includes('ROLE_ADMIN')) throw unauthorized(ENDED_SESSION);
    const member = await findStaff(trx, memberId);
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    if (await markStaffDisabled(trx, memberId, now)) await recordStaffChange(trx, { tipo: 'CONTA_DESATIVADA', actorId: adminId, targetId: memberId }, now);
    else if (!member.desativado_em) throw lastAdmin();
    await revokeUserRefreshTokens(trx, memberId, now);
    await spendOpenLinks(trx, memberId, now);
  });
  return (await findStaff(db, memberId))!;
}

/**
 * Lets a disabled staff account sign in again with its password; its ended sessions stay ended. One
 * that never set a password is e-mailed a new first-access link, since disabling spent its links:
 * answered too, for operators. Recorded as CONTA_REATIVADA, with the administrator who did it (null
 * for an operator's command), when this call re-enabled it (decision 055).
 */
export async function enableMember(db: Db, links: LinkSender, actorId: number | null, memberId: number): Promise<{ member: StaffMember; link: string | null }> {
  const now = new Date();
  const { member, enabled } = await db.transaction().execute(async (trx) => {
    await lockUser(trx, memberId);
    const found = await findStaff(trx, memberId);
    if (!found) throw notFound(MEMBER_NOT_FOUND);
    // Only the call that re-enables it records it and sends the link, however many ask at once.
    const done = found.desativado_em !== null && (await markStaffEnabled(trx, memberId));
    if (done) await recordStaffChange(trx, { tipo: 'CONTA_REATIVADA', actorId, targetId: memberId }, now);
    return { member: found, enabled: done };
  });
  const link = enabled && member.convite_pendente ? await links.sendLink(member, 'FIRST_ACCESS') : null;
  return { member: (await findStaff(db, memberId))!, link };
}

/**
 * Removes a member's second factor and recovery codes, for one who lost both (an operator's ask):
 * their sessions end, they sign in with the password alone, and an administrator enrols again
 * before using the console. False when there was none.
 */
export async function resetMemberSecondFactor(db: Db, memberId: number): Promise<boolean> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, memberId);
    if (!(await findSecondFactor(trx, memberId))) return false;
    await removeSecondFactor(trx, memberId);
    await revokeUserRefreshTokens(trx, memberId, now);
    return true;
  });
}
