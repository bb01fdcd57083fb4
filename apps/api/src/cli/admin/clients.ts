import { isoDateSchema, type Role } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { daysFromToday } from '../../dates.js';
import { createClientAccount } from '../../modules/accounts/service.js';
import { findLatestLinkToken, findUserByEmail, parseRoles } from '../../modules/auth/repository.js';
import { listClientSummaries } from '../../modules/clients/repository.js';
import { listPlanSummaries } from '../../modules/plans/repository.js';
import { rosterEntries } from '../../modules/roster/repository.js';
import { assignResponsibles } from '../../modules/roster/service.js';
import { emailOption, printFirstAccess, refuseTakenEmail, requireClient, sendFirstAccess } from './accounts.js';
import { CliError, defineCommand, table } from './command.js';

const email = { type: 'string', value: 'email', required: true, description: "the client's e-mail address" } as const;

/** `2026-11-23T10:30:00.000Z` as `2026-11-23 10:30 UTC`. */
const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

const until = (vencimento: string | null) => {
  if (!vencimento) return '-';
  return vencimento < daysFromToday(0) ? `${vencimento} (expired)` : vencimento;
};

const clientCreate = defineCommand({
  name: 'client:create',
  summary: 'create a client account and e-mail its first-access link',
  description:
    'Creates a client account without a password and e-mails a first-access link (valid 7 days) with which the ' +
    'client sets a password and signs in. Prints the link too, to hand over another way.',
  options: {
    name: { type: 'string', value: 'full name', required: true, description: "as the app greets the client: 'Ana Paula Souza'" },
    email,
    birth: { type: 'string', value: 'YYYY-MM-DD', description: 'date of birth' },
  },
  async run(ctx, values) {
    const nome = values.name.trim();
    if (!nome) throw new CliError('--name: expected the full name of the client.');
    const address = emailOption(values.email);
    const birth = values.birth;
    if (birth !== undefined && (!isoDateSchema.safeParse(birth).success || birth >= daysFromToday(0))) {
      throw new CliError(`--birth: expected a past date as YYYY-MM-DD, got '${birth}'.`);
    }
    await refuseTakenEmail(ctx.db, address);
    // The console's 'Novo cliente' makes the account and sends the e-mail through the same service.
    const { user, link } = await createClientAccount(ctx.db, ctx.auth, { nome, email: address, data_nascimento: birth });
    ctx.io.out(`Created client #${user.id}: ${nome} <${user.email}>${birth ? `, born ${birth}` : ''}.`);
    printFirstAccess(ctx, user.email, link);
    ctx.io.out(`Next, publish their plan: npm run admin -- plan:import --email ${user.email} --file plan.json`);
  },
});

const clientInvite = defineCommand({
  name: 'client:invite',
  summary: 'e-mail a fresh first-access link',
  description:
    'E-mails a new first-access link (valid 7 days) to an existing account, for a client whose link expired or got ' +
    'lost. Earlier links keep working until they expire or one of them is used. Prints the link.',
  options: { email },
  async run(ctx, values) {
    const address = emailOption(values.email);
    const user = await findUserByEmail(ctx.db, address);
    if (!user) throw new CliError(`No account has the e-mail ${address}. Create one with client:create.`);
    await sendFirstAccess(ctx, user);
  },
});

const clientList = defineCommand({
  name: 'client:list',
  summary: 'list the clients with their account and plan status',
  description: 'Lists every client by name: whether they have set a password, and the plan and last day of their latest evaluation.',
  options: {},
  async run({ db, io }) {
    const clients = await listClientSummaries(db);
    if (clients.length === 0) {
      io.out('No clients yet. Create one with client:create.');
      return;
    }
    const rows = clients.map((client) => [
      String(client.id),
      client.nome,
      client.email,
      client.has_password ? 'password set' : 'awaiting first access',
      client.plano ?? '-',
      until(client.vencimento),
    ]);
    for (const line of table([['id', 'name', 'e-mail', 'account', 'plan', 'until'], ...rows])) io.out(line);
    io.out(`${clients.length} client${clients.length === 1 ? '' : 's'}`);
  },
});

const clientShow = defineCommand({
  name: 'client:show',
  summary: "show a client's account and evaluations",
  description: "Shows a client's profile, whether their account has a password or a pending first-access link, and their evaluations, latest (the current plan) first.",
  options: { email },
  async run({ db, io }, values) {
    const client = await requireClient(db, emailOption(values.email));
    const user = (await findUserByEmail(db, client.email))!;
    io.out(`${client.nome} <${client.email}>, client #${client.id}`);
    io.out(`Born:     ${client.data_nascimento ?? '-'}`);
    io.out(`Account:  ${await accountStatus(db, user)}`);
    const evaluations = await listPlanSummaries(db, client.id);
    if (evaluations.length === 0) {
      io.out(`Plan:     none yet; publish one with plan:import --email ${client.email} --file plan.json`);
      return;
    }
    io.out('Evaluations, latest (the current plan) first:');
    const rows = evaluations.map((evaluation) => [
      `#${evaluation.id}`,
      evaluation.data_consulta,
      evaluation.plano,
      until(evaluation.vencimento),
      String(evaluation.diets),
      String(evaluation.workouts),
    ]);
    for (const line of table([['id', 'consultation', 'plan', 'until', 'diets', 'workouts'], ...rows])) io.out(`  ${line}`);
  },
});

/** A responsible given by e-mail: 'none' clears it, leaving it out keeps it. */
async function responsibleOption(db: Db, flag: string, value: string | undefined, current: number | null, role: Role): Promise<number | null> {
  if (value === undefined) return current;
  if (value.trim().toLowerCase() === 'none') return null;
  const user = await findUserByEmail(db, emailOption(value));
  if (!user || !parseRoles(user.roles).includes(role)) throw new CliError(`${flag}: ${value} is not a staff account with ${role}.`);
  if (user.disabled_at !== null) throw new CliError(`${flag}: ${value} is disabled; enable it first with user:enable.`);
  return user.id;
}

const clientAssign = defineCommand({
  name: 'client:assign',
  summary: "set a client's responsible trainer and nutritionist",
  description:
    "Sets who looks after a client, as the console's client page does: a trainer (ROLE_PERSONAL) and a nutritionist " +
    "(ROLE_NUTRICIONISTA), each by e-mail, or 'none' to clear it; one left out stays as it is. They see the client " +
    "under 'Meus clientes' and get the e-mail about the client's unread messages; everyone on the team still sees and answers every client.",
  options: {
    email,
    personal: { type: 'string', value: 'email|none', description: "the trainer's staff e-mail, or 'none'" },
    nutritionist: { type: 'string', value: 'email|none', description: "the nutritionist's staff e-mail, or 'none'" },
  },
  async run({ db, io }, values) {
    if (values.personal === undefined && values.nutritionist === undefined) throw new CliError('Give --personal, --nutritionist or both.');
    const client = await requireClient(db, emailOption(values.email));
    const [current] = await rosterEntries(db, [client.id]);
    const entry = await assignResponsibles(db, client.id, {
      personal_id: await responsibleOption(db, '--personal', values.personal, current!.responsaveis.personal?.id ?? null, 'ROLE_PERSONAL'),
      nutricionista_id: await responsibleOption(db, '--nutritionist', values.nutritionist, current!.responsaveis.nutricionista?.id ?? null, 'ROLE_NUTRICIONISTA'),
    });
    const named = (ref: { nome: string } | null) => ref?.nome ?? 'none';
    io.out(`${client.nome} <${client.email}>: trainer ${named(entry.responsaveis.personal)}, nutritionist ${named(entry.responsaveis.nutricionista)}.`);
  },
});

async function accountStatus(db: Db, user: { id: number; password_hash: string | null }) {
  if (user.password_hash) return 'password set';
  const link = await findLatestLinkToken(db, user.id);
  if (!link) return 'no password and no link sent; send one with client:invite';
  if (link.expires_at <= new Date().toISOString()) return `no password; the link sent ${minute(link.created_at)} has expired; send a new one with client:invite`;
  return `awaiting first access; link sent ${minute(link.created_at)}, valid until ${minute(link.expires_at)}`;
}

export const clientCommands = [clientCreate, clientInvite, clientList, clientShow, clientAssign];
