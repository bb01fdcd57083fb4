import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { operatorCli } from './operator-cli';

const readOutbox = () => operatorCli('outbox');

/** Every e-mail in the e2e server's outbox (`npm run outbox`), newest first, as printed. */
export function outboxEmails(): { to: string; subject: string; text: string }[] {
  return readOutbox()
    .split(/^-{72}$/m)
    .filter((block) => /^To:/m.test(block))
    .map((text) => ({
      to: text.match(/^To:\s+(\S+)$/m)?.[1] ?? '',
      subject: text.match(/^Subject:\s+(.*)$/m)?.[1] ?? '',
      text,
    }));
}

/** The newest link e-mailed to `recipient`, read with `npm run outbox` from the e2e server's database. */
export function latestLinkFor(recipient: string): string {
  const outbox = readOutbox();
  // Newest first: the first e-mail to the recipient is the latest.
  const email = outbox.split(/^-{72}$/m).find((block) => new RegExp(`^To:\\s+${recipient}$`, 'm').test(block));
  const link = email?.match(/^Link:\s+(\S+)$/m)?.[1];
  if (!link) throw new Error(`No e-mail with a link to ${recipient} in the outbox:\n${outbox}`);
  return link;
}

const emailsTo = (recipient: string) => outboxEmails().filter((email) => email.to === recipient).length;

/**
 * The link of the next e-mail to `recipient`: `send` asks for it, then this waits until the outbox
 * holds one more e-mail to them, since the server writes a password e-mail after its answer (the
 * same time for every address) and an older link to them may be there already.
 */
export async function nextLinkFor(recipient: string, send: () => Promise<unknown>): Promise<string> {
  const before = emailsTo(recipient);
  await send();
  await expect.poll(() => emailsTo(recipient)).toBeGreaterThan(before);
  return latestLinkFor(recipient);
}

/**
 * A genuine e-mailed link's path, good for its landing: the first-access link of a client made for it by
 * `client:create` (stored before the command ends). Each call makes a new client, so repeated runs
 * never meet the limit of password e-mails an account may ask for in an hour.
 */
export function firstAccessLinkOfANewClient(): string {
  const email = `convite.${randomUUID()}@demo.fit`;
  operatorCli('admin', 'client:create', '--name', 'Lia Porto', '--email', email, '--birth', '1991-05-05');
  // The command writes links to the default APP_URL: only the path and its token are this server's.
  const { pathname, search } = new URL(latestLinkFor(email));
  return `${pathname}${search}`;
}
