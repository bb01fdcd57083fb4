import './invocation-dir.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open.js';
import { createAuthService } from '../modules/auth/service.js';
import { loadJwtSecret } from '../modules/auth/tokens.js';
import { createMailer } from '../modules/email/mailer.js';
import type { Output } from './admin/command.js';
import { runAdmin } from './admin/run-admin.js';

const io: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

let close = async () => {};
process.exitCode = await runAdmin(process.argv.slice(2), io, async () => {
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  const mailer = createMailer(db, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log: { warn: ({ err, outboxId }, message) => io.err(`Warning: e-mail${outboxId ? ` #${outboxId}` : ''}: ${message}: ${String(err)}`) },
  });
  // The relay to SMTP runs after the command's own work; the process waits for its first attempt
  // before leaving (a running server's delivery retries it if it failed).
  close = async () => {
    await mailer.close();
    await db.destroy();
  };
  return { db, auth: createAuthService({ db, config, secret: loadJwtSecret(config.JWT_SECRET, config.DATA_DIR), mailer }) };
});
await close();
