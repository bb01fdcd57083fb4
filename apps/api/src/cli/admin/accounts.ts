import { emailSchema, type Client } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { findUserByEmail } from '../../modules/auth/repository.js';
import { LINK_TTL_SECONDS } from '../../modules/auth/service.js';
import { findClientByEmail } from '../../modules/clients/repository.js';
import { CliError, type AdminContext } from './command.js';

/** An --email value as accounts store it; the address rule is the app's own. */
export function emailOption(value: string): string {
  if (!emailSchema.safeParse(value).success) throw new CliError(`--email: expected an e-mail address, got '${value}'.`);
  return value.toLowerCase();
}

/** Refuses an address that already has an account: a second account would never be able to sign in. */
export async function refuseTakenEmail(db: Db, email: string) {
  const existing = await findUserByEmail(db, email);
  if (!existing) return;
  throw new CliError(`An account with the e-mail ${email} already exists (#${existing.id}, ${existing.roles}); nothing was created.`, [
    `To send it a new first-access link: npm run admin -- client:invite --email ${email}`,
  ]);
}

export async function requireClient(db: Db, email: string): Promise<Client> {
  const client = await findClientByEmail(db, email);
  if (client) return client;
  const user = await findUserByEmail(db, email);
  throw new CliError(
    user
      ? `${email} is a staff account (${user.roles}), not a client.`
      : `No client has the e-mail ${email}. Create one with: npm run admin -- client:create --name ... --email ${email}`,
  );
}

const FIRST_ACCESS_DAYS = LINK_TTL_SECONDS.FIRST_ACCESS / (24 * 60 * 60);

/** Prints the first-access link an account was e-mailed, for the operator to hand over another way. */
export function printFirstAccess({ io }: AdminContext, email: string, link: string) {
  io.out(`First-access link, valid ${FIRST_ACCESS_DAYS} days and usable once, e-mailed to ${email}:`);
  io.out(link);
}

/** E-mails a first-access link through the app's own link service and prints it for the operator. */
export async function sendFirstAccess(ctx: AdminContext, user: { id: number; email: string }) {
  printFirstAccess(ctx, user.email, await ctx.auth.sendLink(user, 'FIRST_ACCESS'));
}
