import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.js';

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
  /** Stores the e-mail in the outbox, then relays it over SMTP when one is configured. */
  send(email: OutgoingEmail): Promise<void>;
  /** Resolves when every relay started so far has finished (for shutdown and tests). */
  idle(): Promise<void>;
}

/** Where a failed relay is reported: the server's logger, or the operator CLI's stderr. */
export interface MailerLog {
  error(details: { err: unknown; outboxId: number }, message: string): void;
}

export function createMailer(db: Db, options: { smtpUrl?: string; from: string; log: MailerLog }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function relay(id: number, email: OutgoingEmail) {
    if (!transport) return;
    try {
      await transport.sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text, replyTo: email.replyTo });
      // Delivered: the link now lives in the recipient's mailbox, and no longer here.
      await db.updateTable('outbox').set({ sent_at: new Date().toISOString(), link: null }).where('id', '=', id).execute();
    } catch (error) {
      options.log.error({ err: error, outboxId: id }, 'SMTP relay failed; the e-mail stays in the outbox');
      await db.updateTable('outbox').set({ last_error: String(error) }).where('id', '=', id).execute();
    }
  }

  return {
    async send(email) {
      const text = email.replyTo ? `${email.text}\n\nResponder para: ${email.replyTo}` : email.text;
      const { id } = await db
        .insertInto('outbox')
        .values({
          recipient: email.to,
          subject: email.subject,
          body: email.link ? text.replaceAll(email.link.url, LINK_MARKER) : text,
          created_at: new Date().toISOString(),
          link: email.link?.url ?? null,
          link_token_hash: email.link?.tokenHash ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The caller's answer does not wait for the SMTP server: a slow relay never slows sign-in.
      const job = relay(id, email).finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
