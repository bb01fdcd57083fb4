import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

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
      await transport.sendMail({ from: options.from, ...email });
      await db.updateTable('outbox').set({ sent_at: new Date().toISOString() }).where('id', '=', id).execute();
    } catch (error) {
      options.log.error({ err: error, outboxId: id }, 'SMTP relay failed; the e-mail stays in the outbox');
      await db.updateTable('outbox').set({ last_error: String(error) }).where('id', '=', id).execute();
    }
  }

  return {
    async send(email) {
      const body = email.replyTo ? `${email.text}\n\nResponder para: ${email.replyTo}` : email.text;
      const { id } = await db
        .insertInto('outbox')
        .values({ recipient: email.to, subject: email.subject, body, created_at: new Date().toISOString() })
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
