import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MARKER } from '../src/modules/email/mailer.js';
import {
  buildTestApp,
  call,
  createClient,
  freshAddress,
  issueLink,
  outbox,
  tokenOfLink,
  useTestApp,
  type TestContext,
} from './helper.js';

/** Just enough of an SMTP server to take nodemailer's messages; keeps each message's raw text. */
async function fakeSmtpServer() {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let pending = '';
    let message: string | undefined;
    socket.setEncoding('utf8');
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      pending += chunk;
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (message !== undefined && line !== '.') message += `${line}\r\n`;
        else if (message !== undefined) {
          messages.push(message);
          message = undefined;
          socket.write('250 queued\r\n');
        } else if (/^DATA/i.test(line)) {
          message = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A message's text as its reader sees it: quoted-printable soft line breaks and escapes undone. */
const decoded = (raw: string) =>
  raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const requestReset = (ctx: TestContext, email: string) =>
  call(ctx.app, 'POST', `/api/token/generate/reset-password?email=${encodeURIComponent(email)}`, { remoteAddress: freshAddress() });

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
  });

  describe('with an SMTP relay', () => {
    let smtp: Awaited<ReturnType<typeof fakeSmtpServer>>;
    let ctx: TestContext;
    beforeAll(async () => {
      smtp = await fakeSmtpServer();
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
  });
});
