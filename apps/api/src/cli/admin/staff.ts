import { STAFF_REGISTRATION_MAX, STAFF_ROLES, staffRegistrationSchema, type Role } from '@acompanha/contract';
import { z } from 'zod/mini';
import { findStaff } from '../../modules/accounts/repository.js';
import { createStaffAccount, enableMember, resetMemberSecondFactor } from '../../modules/accounts/service.js';
import { findUserByEmail } from '../../modules/auth/repository.js';
import { emailOption, printFirstAccess, refuseTakenEmail } from './accounts.js';
import { CliError, defineCommand, type AdminContext } from './command.js';

const isStaffRole = (role: string): role is Role => (STAFF_ROLES as readonly string[]).includes(role);

const createStaff = defineCommand({
  name: 'user:create-staff',
  summary: 'create a staff account and e-mail its first-access link',
  description:
    'Creates a staff account (nutritionist, admin or personal trainer) without a password and e-mails a first-access ' +
    'link (valid 7 days). Staff accounts are for the team\'s tools: the client app refuses them. Prints the link.',
  options: {
    email: { type: 'string', value: 'email', required: true, description: 'the e-mail address of the team member' },
    role: { type: 'string', value: 'role', required: true, multiple: true, description: STAFF_ROLES.join(', ') },
    name: { type: 'string', value: 'full name', description: "signs their messages to clients: 'Rafael Costa' ('Equipe' without one)" },
    registration: {
      type: 'string',
      value: 'registration',
      description: "professional registration signing the evaluations they publish: 'CREF 012345-G/SP', 'CRN-3 54321'",
    },
  },
  async run(ctx, values) {
    const nome = values.name?.trim();
    if (nome === '') throw new CliError('--name: expected the full name of the team member.');
    const registro = z.optional(staffRegistrationSchema).safeParse(values.registration);
    if (!registro.success) throw new CliError(`--registration: expected at most ${STAFF_REGISTRATION_MAX} characters.`);
    const address = emailOption(values.email);
    const wrong = values.role.filter((role) => !isStaffRole(role));
    if (wrong.length) throw new CliError(`--role: expected ${STAFF_ROLES.join(', ')}; got ${wrong.join(', ')}.`);
    const roles = [...new Set(values.role.filter(isStaffRole))];
    await refuseTakenEmail(ctx.db, address);
    // The console's new team member is made through the same service.
    const { user, link } = await createStaffAccount(ctx.db, ctx.auth, { email: address, roles, nome, registro: registro.data });
    ctx.io.out(`Created staff account #${user.id}: ${nome ? `${nome} <${user.email}>` : user.email} (${roles.join(', ')}).`);
    printFirstAccess(ctx, user.email, link);
  },
});

/** The staff account of an --email value. */
async function requireStaff(ctx: AdminContext, email: string) {
  const address = emailOption(email);
  const user = await findUserByEmail(ctx.db, address);
  if (!user) throw new CliError(`No account has the e-mail ${address}.`);
  const staff = await findStaff(ctx.db, user.id);
  if (!staff) throw new CliError(`${address} is a client, not a staff account.`);
  return staff;
}

const enableStaff = defineCommand({
  name: 'user:enable',
  summary: 'let a disabled staff account sign in again',
  description:
    'Re-enables a staff account an administrator disabled: it signs in again with its password (its ended sessions stay ended). ' +
    'An account that never set a password is e-mailed a new first-access link, which is printed. The console\'s Equipe screen does the same.',
  options: {
    email: { type: 'string', value: 'email', required: true, description: 'the e-mail address of the team member' },
  },
  async run(ctx, values) {
    const staff = await requireStaff(ctx, values.email);
    if (!staff.desativado_em) {
      ctx.io.out(`Staff account #${staff.id} (${staff.email}) is not disabled; nothing changed.`);
      return;
    }
    const { link } = await enableMember(ctx.db, ctx.auth, null, staff.id);
    ctx.io.out(`Re-enabled staff account #${staff.id}: ${staff.email}. It can sign in again${link ? ' once it sets a password' : ' with its password'}.`);
    if (link) printFirstAccess(ctx, staff.email, link);
  },
});

const resetSecondFactor = defineCommand({
  name: 'user:reset-second-factor',
  summary: "remove a staff account's second factor (a lost phone)",
  description:
    'Removes the second factor (authenticator app) and recovery codes of a staff account that lost both, and ends its sessions. ' +
    'It then signs in with its password alone; an administrator is asked to enrol a new phone before using the console. ' +
    'Check who is asking first: this is what stands between a stolen password and the clients\' health data.',
  options: {
    email: { type: 'string', value: 'email', required: true, description: 'the e-mail address of the team member' },
  },
  async run(ctx, values) {
    const staff = await requireStaff(ctx, values.email);
    if (!(await resetMemberSecondFactor(ctx.db, staff.id))) {
      ctx.io.out(`Staff account #${staff.id} (${staff.email}) has no second factor; nothing changed.`);
      return;
    }
    ctx.io.out(`Removed the second factor of staff account #${staff.id} (${staff.email}) and ended its sessions.`);
  },
});

export const staffCommands = [createStaff, enableStaff, resetSecondFactor];
