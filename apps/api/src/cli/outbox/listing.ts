import type { Db } from '../../db/database.js';
import { forgetDeadLinks } from '../../modules/auth/repository.js';
import { deliveryState, type OutboxRow } from '../../modules/email/outbox.js';

/**
 * What `npm run outbox` prints: the stored e-mails, newest first, each with where its delivery stands
 * and its password link while that can still be used.
 */
export async function outboxListing(db: Db, limit: number, now: Date): Promise<string[]> {
  await forgetDeadLinks(db, now);
  const emails = await db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
  if (emails.length === 0) return ['The outbox is empty.'];
  return emails.flatMap((email) => entry(email, now));
}

/**
 * Anyone, signed out, can write an e-mail's body (an error report), and operators copy password links
 * from this listing. So every field is printed as text: a control character (a terminal escape, a
 * carriage return, a C1 code) or a character that reorders or breaks lines is shown as its escape, and
 * the body's lines are indented, so no line of a body reads as an entry's heading, link or end.
 */
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const BODY_INDENT = '    ';

const printable = (text: string) =>
  text.replace(UNPRINTABLE, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });

function entry(email: OutboxRow, now: Date): string[] {
  const lines = [`#${email.id}  ${email.created_at}  ${deliveryState(email, now)}`, `To:      ${email.recipient}`, `Subject: ${email.subject}`];
  if (email.link) lines.push(`Link:    ${email.link}`);
  else if (email.link_token_hash) lines.push('Link:    (no longer kept: relayed, used or expired)');
  const body = email.body.split(/\r?\n/).map((line) => (line === '' ? '' : BODY_INDENT + line));
  return [...lines.map(printable), '', ...body.map(printable), '-'.repeat(72)];
}
