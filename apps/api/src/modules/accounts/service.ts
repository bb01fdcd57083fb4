import type { ClientHeader, NewClientRequest, NewStaffRequest, StaffList, StaffMember, StaffUpdateRequest } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { createUser, daysFromToday, type UserInput } from '../../db/factories.js';
import { ApiError, badField, notFound } from '../../plugins/errors.js';
import { recordStaffChange } from '../audit/repository.js';
import { findUserByEmail, findUserById, lockUser, revokeUserRefreshTokens, spendOpenLinks } from '../auth/repository.js';
import type { AuthService } from '../auth/service.js';
import { findClient, findClientHeader } from '../clients/repository.js';
import { findStaff, listStaff, markStaffDisabled, updateStaffRegistration } from './repository.js';

/**
 * Opening accounts (decision 040): the console's new client and `client:create` are one path, as
 * are the console's new team member and `user:create-staff`. An account is made without a password
 * and e-mailed a first-access link, with which its owner sets one.
 */

type LinkSender = Pick<AuthService, 'sendLink'>;

const emailTaken = () => new ApiError(409, 'email: já existe uma conta com este e-mail.', undefined, 'email');

/** The insert two requests for one address raced to: the loser's answer is the same 409. */
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

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

/** The console's new client: the account, the e-mail, and the client's header for their page. */
export async function addClient(db: Db, links: LinkSender, client: NewClientRequest): Promise<ClientHeader> {
  const { user } = await createClientAccount(db, links, client);
  return (await findClientHeader(db, user.id))!;
}

/** 'Reenviar convite': a new first-access link to a client who has not set a password; earlier links keep working until they expire. */
export async function inviteClient(db: Db, links: LinkSender, clientId: number): Promise<void> {
  const user = (await findClient(db, clientId)) && (await findUserById(db, clientId));
  if (!user) throw notFound('Cliente não encontrado.');
  if (user.password_hash) throw new ApiError(409, 'Este cliente já criou a senha. Se a esqueceu, ele pode usar "Esqueci minha senha".');
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
    if (!before || !(await updateStaffRegistration(trx, memberId, registro))) throw notFound('Membro da equipe não encontrado.');
    if (before.registro !== registro) {
      await recordStaffChange(trx, { tipo: 'REGISTRO_ALTERADO', actorId: adminId, targetId: memberId, antes: { registro: before.registro }, depois: { registro } });
    }
  });
  return (await findStaff(db, memberId))!;
}

/**
 * Disables a staff account: it can no longer sign in, and its sessions end at once (its refresh
 * tokens revoked, so its access tokens are refused on the next request), as do its unused links.
 * An administrator cannot disable their own account, so the team always keeps one.
 */
export async function disableMember(db: Db, adminId: number, memberId: number): Promise<StaffMember> {
  if (memberId === adminId) throw badField('id', 'você não pode desativar a sua própria conta.');
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, memberId);
    if (!(await findStaff(trx, memberId))) throw notFound('Membro da equipe não encontrado.');
    if (await markStaffDisabled(trx, memberId, now)) await recordStaffChange(trx, { tipo: 'CONTA_DESATIVADA', actorId: adminId, targetId: memberId }, now);
    await revokeUserRefreshTokens(trx, memberId, now);
    await spendOpenLinks(trx, memberId, now);
  });
  return (await findStaff(db, memberId))!;
}
