import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.js';
import { claimDueEmails, markFailed, markSent, retryAt, type OutboxRow } from './outbox.js';
import { createWorker, type Worker } from '../../workers/worker.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** A password link that `text` holds, and the hash of its token. */
  link?: { url: string; tokenHash: string };
}

/**
 * What a stored body holds in place of its password link: a copy of the database must not give
 * working links, so the link is kept apart and only while it is needed (see OutboxTable.link).
 */
export const LINK_MARKER = '[password link]';

export interface Mailer {
  /** Stores the e-mail in the outbox; with an SMTP relay, delivery starts at once, without the caller waiting. */
  send(email: OutgoingEmail): Promise<void>;
  /** Relays every due e-mail, then resolves (a pass already under way is joined, and followed by another). */
  deliverDue(): Promise<void>;
  /** Resolves when the delivery under way, if any, has finished (for the CLI and tests). */
  idle(): Promise<void>;
  /** With an SMTP relay, the worker that looks for due e-mails (retries, e-mails other processes stored) every `pollMs`. */
  workers: Worker[];
  /** Stops the delivery once the pass under way ends, and closes the relay. */
  close(): Promise<void>;
}

/** Where relays that fail are reported: the server's logger, or the operator CLI's stderr. */
export interface MailerLog {
  warn(details: { err: unknown; outboxId?: number; worker?: string }, message: string): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  log: MailerLog;
  /** The clock the retry schedule reads; tests move it. */
  now?: () => Date;
  pollMs?: number;
}

/**
 * The outbox is the record of every e-mail; with SMTP_URL, each is relayed until the relay accepts
 * it or a day has passed (outbox.ts has the schedule). Each process runs this delivery; claims keep
 * any e-mail to one process at a time.
 */
export function createMailer(db: Db, { smtpUrl, from, log, now = () => new Date(), pollMs = 30_000 }: MailerOptions): Mailer {
  // Timeouts well inside the claim's lease, so a relay that hangs ends before another worker may take the e-mail.
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : null;
  async function relay(row: OutboxRow) {
    // A password link used or expired before its e-mail could go: sending the body without it helps no one.
    if (row.link_token_hash && !row.link) {
      await markFailed(db, row.id, 'the password link was used or expired before it could be relayed', null);
      return;
    }
    try {
      await transport!.sendMail({
        from,
        to: row.recipient,
        subject: row.subject,
        text: row.link ? row.body.replaceAll(LINK_MARKER, row.link) : row.body,
        replyTo: row.reply_to ?? undefined,
      });
    } catch (error) {
      const next = retryAt(row, now());
      log.warn({ err: error, outboxId: row.id }, next ? `SMTP relay failed; next attempt ${next}` : 'SMTP relay failed for a day; given up');
      await markFailed(db, row.id, error instanceof Error ? error.message : String(error), next);
      return;
    }
    await markSent(db, row.id, now());
  }

  async function deliverAll() {
    for (let claimed = await claimDueEmails(db, now()); claimed.length > 0; claimed = await claimDueEmails(db, now())) {
      for (const row of claimed) await relay(row);
    }
  }

  const worker = createWorker({
    name: 'outbox',
    intervalMs: pollMs,
    pass: deliverAll,
    log,
    // The database is unreachable: the claimed e-mails come due again after their lease.
    failure: 'E-mail delivery paused: the outbox could not be read or updated',
  });
  const deliverDue = (): Promise<void> => (transport ? worker.run() : Promise.resolve());

  return {
    async send(email) {
      const text = email.replyTo ? `${email.text}\n\nResponder para: ${email.replyTo}` : email.text;
      const createdAt = now().toISOString();
      await db
        .insertInto('outbox')
        .values({
          recipient: email.to,
          subject: email.subject,
          body: email.link ? text.replaceAll(email.link.url, LINK_MARKER) : text,
          created_at: createdAt,
          link: email.link?.url ?? null,
          link_token_hash: email.link?.tokenHash ?? null,
          reply_to: email.replyTo ?? null,
          next_attempt_at: transport ? createdAt : null,
        })
        .execute();
      // The caller's answer does not wait for the SMTP server: a slow relay never slows sign-in.
      void deliverDue();
    },
    deliverDue,
    idle: worker.idle,
    workers: transport ? [worker] : [],
    async close() {
      await worker.stop();
      transport?.close();
    },
  };
}
