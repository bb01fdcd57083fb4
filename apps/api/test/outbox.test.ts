import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { EMAIL_TEMPLATES } from '@acompanha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxListing } from '../src/cli/outbox/listing.js';
import { createMailer, LINK_MARKER } from '../src/modules/email/mailer.js';
import { CLAIM_LEASE_MS, claimDueEmails, deliveryState } from '../src/modules/email/outbox.js';
import {
  buildTestApp,
  call,
  createClient,
  freshAddress,
  issueLink,
  outbox,
  requestResetEmail,
  resetEmailsDone,
  tokenOfLink,
  useTestApp,
  type TestContext,
} from './helper.js';

/**
 * A local SMTP server (the `smtp-server` package) that keeps each accepted message's raw text, and
 * refuses messages with a temporary failure while `accepting` is false.
 */
async function smtpRelay() {
  const relay = {
    accepting: true,
    messages: [] as string[],
    url: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        if (!relay.accepting) return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        relay.messages.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return relay;
}

/** A message's text as its reader sees it: quoted-printable soft line breaks and escapes undone. */
const decoded = (raw: string) =>
  raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A reset e-mail asked for, once it is made (the server makes it after answering). */
async function requestReset(ctx: TestContext, email: string) {
  const response = await requestResetEmail(ctx.app, email);
  await resetEmailsDone(ctx);
  return response;
}

const emailsTo = async (ctx: TestContext, recipient: string) => (await outbox(ctx.db)).filter((email) => email.recipient === recipient);

async function linkWorks(ctx: TestContext, token: string) {
  const response = await ctx.app.inject(`/api/v1/auth/link?token=${encodeURIComponent(token)}`);
  return String(response.headers.location).includes('reason=ok');
}

describe('the outbox', () => {
  describe('without an SMTP relay (the embedded default)', () => {
    const ctx = useTestApp();

    it('keeps a live link apart from the body, which never holds its token', async () => {
      const client = await createClient(ctx.db);
      await requestReset(ctx, client.email);

      const [email] = await emailsTo(ctx, client.email);
      const token = tokenOfLink(email!.link!);
      expect(await linkWorks(ctx, token)).toBe(true);
      expect(email!.body).toContain(LINK_MARKER);
      expect(email!.body).not.toContain(token);
    });

    it('erases the links of an account once one of them sets its password', async () => {
      const client = await createClient(ctx.db);
      const firstAccess = await issueLink(ctx, client, 'FIRST_ACCESS');
      await requestReset(ctx, client.email);
      const reset = tokenOfLink((await emailsTo(ctx, client.email)).at(-1)!.link!);

      const changed = await call(ctx.app, 'PATCH', '/api/v1/users/change-password', {
        token: reset,
        payload: { password: 'NovaSenha9' },
        remoteAddress: freshAddress(),
      });
      expect(changed.statusCode).toBe(204);
      const emails = await emailsTo(ctx, client.email);
      expect(emails.map((email) => email.link)).toEqual([null, null]);
      expect(JSON.stringify(emails)).not.toContain(firstAccess);
      expect(JSON.stringify(emails)).not.toContain(reset);
    });

    it('erases an expired link when the next link is sent', async () => {
      const client = await createClient(ctx.db);
      const token = await issueLink(ctx, client, 'FORGOT_PASSWORD');
      await ctx.db.updateTable('link_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', client.id).execute();

      await issueLink(ctx, await createClient(ctx.db), 'FORGOT_PASSWORD');
      const [email] = await emailsTo(ctx, client.email);
      expect(email!.link).toBeNull();
      expect(JSON.stringify(await outbox(ctx.db))).not.toContain(token);
    });

    it('lists what a signed-out sender wrote as text: control characters escaped, the body indented under its entry', async () => {
      const forged = ['Olá\x1b]8;;https://evil.test\x07aqui\x1b]8;;\x07\rLink: falso\x1b[2J', '-'.repeat(72), '#9999  2026-03-01T10:00:00.000Z  stored (no SMTP relay)', 'Link:    https://evil.test/redefinir'];
      const sent = await call(ctx.app, 'POST', '/api/v1.0/email/send', {
        payload: {
          service_id: 'service_acompanha',
          template_id: EMAIL_TEMPLATES.feedback,
          user_id: 'public-key',
          template_params: { name: 'Maria', message: forged.join('\n'), user_email: 'maria@teste.fit', destination: '' },
        },
        remoteAddress: freshAddress(),
      });
      expect(sent.statusCode).toBe(200);

      const listing = await outboxListing(ctx.db, 1, new Date());
      expect(listing.filter((line) => /\p{Cc}/u.test(line))).toEqual([]);
      expect(listing.filter((line) => line.startsWith('#'))).toHaveLength(1);
      expect(listing.filter((line) => line.startsWith('Link:'))).toEqual([]);
      expect(listing.filter((line) => line.startsWith('-'))).toEqual(['-'.repeat(72)]);
      expect(listing).toContain('    Olá\\x1b]8;;https://evil.test\\x07aqui\\x1b]8;;\\x07\\x0dLink: falso\\x1b[2J');
      expect(listing).toContain('    Link:    https://evil.test/redefinir');
    });
  });

  describe('with an SMTP relay', () => {
    let smtp: Awaited<ReturnType<typeof smtpRelay>>;
    let ctx: TestContext;
    beforeAll(async () => {
      smtp = await smtpRelay();
      ctx = await buildTestApp({ SMTP_URL: smtp.url });
    });
    afterAll(async () => {
      await ctx.close();
      await smtp.close();
    });

    it('keeps no link once the e-mail is relayed; the relayed e-mail has it, and it works', async () => {
      const client = await createClient(ctx.db);
      expect((await requestReset(ctx, client.email)).statusCode).toBe(200);
      await ctx.app.mailer.idle();

      const [email] = await emailsTo(ctx, client.email);
      expect(email).toMatchObject({ sent_at: expect.any(String), link: null, body: expect.stringContaining(LINK_MARKER) });
      const relayed = smtp.messages.map(decoded).find((message) => message.includes(`To: ${client.email}`));
      expect(relayed).not.toContain(LINK_MARKER);
      const token = tokenOfLink(relayed!.match(/https?:\/\/\S+/)![0]);
      expect(await linkWorks(ctx, token)).toBe(true);
      expect(JSON.stringify(await outbox(ctx.db))).not.toContain(token);
    });

    /** A mailer on the test's database whose clock the test moves; its warnings are kept. */
    function mailerAt(start: string) {
      const clock = { now: new Date(start), warnings: [] as string[] };
      const mailer = createMailer(ctx.db, {
        smtpUrl: smtp.url,
        from: 'acompanha@example.com',
        log: { warn: (_details, message) => clock.warnings.push(message) },
        now: () => clock.now,
      });
      const advance = async (minutes: number) => {
        clock.now = new Date(clock.now.getTime() + minutes * 60_000);
        await mailer.deliverDue();
      };
      return { mailer, clock, advance };
    }

    const storedEmail = async (subject: string) =>
      (await ctx.db.selectFrom('outbox').selectAll().where('subject', '=', subject).executeTakeFirstOrThrow());
    const relayedCount = (subject: string) => smtp.messages.filter((message) => message.includes(`Subject: ${subject}\r\n`)).length;

    it('retries a refused e-mail after 1, 5 and 30 minutes, then hourly, and delivers it once the relay accepts', async () => {
      const { mailer, clock, advance } = mailerAt('2026-03-02T10:00:00.000Z');
      smtp.accepting = false;
      try {
        await mailer.send({ to: 'ana@example.com', subject: 'Tentativas', text: 'Olá', replyTo: 'bia@example.com' });
        await mailer.idle();
        expect(await storedEmail('Tentativas')).toMatchObject({
          attempts: 1,
          sent_at: null,
          next_attempt_at: '2026-03-02T10:01:00.000Z',
          last_error: expect.stringContaining('Mailbox busy'),
        });
        expect(clock.warnings).toEqual(['SMTP relay failed; next attempt 2026-03-02T10:01:00.000Z']);

        await advance(0.5); // not due yet
        expect((await storedEmail('Tentativas')).attempts).toBe(1);
        await advance(0.5);
        expect(await storedEmail('Tentativas')).toMatchObject({ attempts: 2, next_attempt_at: '2026-03-02T10:06:00.000Z' });
        await advance(5);
        expect(await storedEmail('Tentativas')).toMatchObject({ attempts: 3, next_attempt_at: '2026-03-02T10:36:00.000Z' });
        await advance(30);
        expect(await storedEmail('Tentativas')).toMatchObject({ attempts: 4, next_attempt_at: '2026-03-02T11:36:00.000Z' });
        expect(deliveryState(await storedEmail('Tentativas'), clock.now)).toBe(
          'not sent (4 attempts), next attempt 2026-03-02T11:36:00.000Z; last error: Message failed: 451 Mailbox busy, try again later',
        );
        expect(relayedCount('Tentativas')).toBe(0);

        smtp.accepting = true;
        await advance(60);
        const sent = await storedEmail('Tentativas');
        expect(sent).toMatchObject({ attempts: 5, sent_at: '2026-03-02T11:36:00.000Z', next_attempt_at: null });
        expect(deliveryState(sent, clock.now)).toBe('sent 2026-03-02T11:36:00.000Z (5 attempts)');
        await advance(120);
        expect(relayedCount('Tentativas')).toBe(1);
        expect(smtp.messages.find((message) => message.includes('Subject: Tentativas'))).toContain('Reply-To: bia@example.com');
      } finally {
        smtp.accepting = true;
        await mailer.close();
      }
    });

    it('gives up a day after the e-mail was written, with its last error', async () => {
      const { mailer, clock, advance } = mailerAt('2026-03-03T10:00:00.000Z');
      smtp.accepting = false;
      try {
        await mailer.send({ to: 'ana@example.com', subject: 'Um dia', text: 'Olá' });
        await mailer.idle();
        const attemptTimes = [clock.now.toISOString()];
        for (let due = (await storedEmail('Um dia')).next_attempt_at; due !== null; due = (await storedEmail('Um dia')).next_attempt_at) {
          clock.now = new Date(due);
          attemptTimes.push(due);
          await mailer.deliverDue();
        }
        // 10:00, 10:01, 10:06, 10:36, then 11:36 and every hour until the next day's 09:36.
        expect(attemptTimes.slice(0, 5)).toEqual(['10:00', '10:01', '10:06', '10:36', '11:36'].map((time) => `2026-03-03T${time}:00.000Z`));
        expect(attemptTimes.at(-1)).toBe('2026-03-04T09:36:00.000Z');
        const given = await storedEmail('Um dia');
        expect(given).toMatchObject({ attempts: attemptTimes.length, next_attempt_at: null, sent_at: null });
        expect(deliveryState(given, clock.now)).toBe(`given up after ${attemptTimes.length} attempts: Message failed: 451 Mailbox busy, try again later`);
        expect(clock.warnings.at(-1)).toBe('SMTP relay failed for a day; given up');

        smtp.accepting = true;
        await advance(600);
        expect(relayedCount('Um dia')).toBe(0);
      } finally {
        smtp.accepting = true;
        await mailer.close();
      }
    });

    it('delivers each e-mail once when several workers look for due e-mails at the same time', async () => {
      const now = new Date().toISOString();
      const subjects = Array.from({ length: 40 }, (_, index) => `Lote ${index}`);
      await ctx.db
        .insertInto('outbox')
        .values(subjects.map((subject) => ({ recipient: 'ana@example.com', subject, body: 'Olá', created_at: now, next_attempt_at: now })))
        .execute();
      const workers = [mailerAt(now), mailerAt(now), mailerAt(now)];
      try {
        await Promise.all(workers.flatMap(({ mailer }) => [mailer.deliverDue(), mailer.deliverDue()]));
        expect(subjects.map(relayedCount)).toEqual(subjects.map(() => 1));
        const rows = await ctx.db.selectFrom('outbox').select(['attempts', 'sent_at']).where('subject', 'like', 'Lote %').execute();
        expect(rows.every((row) => row.attempts === 1 && row.sent_at !== null)).toBe(true);
      } finally {
        await Promise.all(workers.map(({ mailer }) => mailer.close()));
      }
    });

    it('takes an e-mail claimed by a worker that died once the claim has run out', async () => {
      const start = new Date('2026-03-05T10:00:00.000Z');
      await ctx.db
        .insertInto('outbox')
        .values({ recipient: 'ana@example.com', subject: 'Abandonado', body: 'Olá', created_at: start.toISOString(), next_attempt_at: start.toISOString() })
        .execute();
      const subjectIs = (rows: { subject: string }[]) => rows.filter((row) => row.subject === 'Abandonado');
      expect(subjectIs(await claimDueEmails(ctx.db, start))).toHaveLength(1);
      expect(subjectIs(await claimDueEmails(ctx.db, new Date(start.getTime() + CLAIM_LEASE_MS - 1)))).toHaveLength(0);
      const [again] = subjectIs(await claimDueEmails(ctx.db, new Date(start.getTime() + CLAIM_LEASE_MS)));
      expect(again).toMatchObject({ attempts: 2 });
    });

    it('does not relay a password e-mail whose link was used before it could go', async () => {
      const client = await createClient(ctx.db);
      smtp.accepting = false;
      try {
        const token = await issueLink(ctx, client, 'FORGOT_PASSWORD');
        await ctx.app.mailer.idle();
        const changed = await call(ctx.app, 'PATCH', '/api/v1/users/change-password', {
          token,
          payload: { password: 'NovaSenha9' },
          remoteAddress: freshAddress(),
        });
        expect(changed.statusCode).toBe(204);
        smtp.accepting = true;
        await ctx.db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).where('recipient', '=', client.email).execute();
        await ctx.app.mailer.deliverDue();

        const [email] = await emailsTo(ctx, client.email);
        expect(email).toMatchObject({ sent_at: null, next_attempt_at: null, link: null });
        expect(email!.last_error).toBe('the password link was used or expired before it could be relayed');
        expect(smtp.messages.some((message) => message.includes(`To: ${client.email}`))).toBe(false);
      } finally {
        smtp.accepting = true;
      }
    });
  });

  it('stores e-mails without an SMTP relay as they are, never as due', async () => {
    const ctx = await buildTestApp();
    try {
      await ctx.app.mailer.send({ to: 'ana@example.com', subject: 'Sem relay', text: 'Olá' });
      const [email] = await outbox(ctx.db);
      expect(email).toMatchObject({ attempts: 0, next_attempt_at: null });
      expect(deliveryState(email!, new Date())).toBe('stored (no SMTP relay)');
    } finally {
      await ctx.close();
    }
  });
});
