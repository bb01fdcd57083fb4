import './invocation-dir.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open.js';
import { forgetDeadLinks } from '../modules/auth/repository.js';
import { deliveryState } from '../modules/email/outbox.js';

/**
 * Prints the stored e-mails, newest first, each with where its delivery stands and its password link
 * while that can still be used.
 */
// `npm run outbox | head` closes the pipe early: that ends the listing, it is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});
const limit = Number(process.argv[2] ?? 20);
const config = loadConfig();
const db = await openConfiguredDatabase(config);
try {
  await forgetDeadLinks(db, new Date());
  const emails = await db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
  if (emails.length === 0) console.log('The outbox is empty.');
  const now = new Date();
  for (const email of emails) {
    console.log(`#${email.id}  ${email.created_at}  ${deliveryState(email, now)}`);
    console.log(`To:      ${email.recipient}`);
    console.log(`Subject: ${email.subject}`);
    if (email.link) console.log(`Link:    ${email.link}`);
    else if (email.link_token_hash) console.log('Link:    (no longer kept: relayed, used or expired)');
    console.log(`\n${email.body}\n${'-'.repeat(72)}`);
  }
} finally {
  await db.destroy();
}
