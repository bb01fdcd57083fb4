import { EMAIL_MESSAGE, EMAIL_TEMPLATES, EXPIRED_JWT_CODE, NAME_CHARS_MESSAGE, NAME_EMPTY_MESSAGE } from '@acompanha/contract';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/modules/auth/tokens.js';
import { call, expectBadField, expectError, freshAddress, outbox, signIn, useTestApp } from './helper.js';

const CONTACT_EMAIL = 'treinadores@academia.test';
const SUPPORT_EMAIL = 'suporte@academia.test';
const ATTACKER = 'alvo@spam.test';

/** The JSON the EmailJS REST API takes. */
function emailJs(templateId: string, params: Partial<Record<'name' | 'message' | 'user_email' | 'destination', string>> = {}) {
  return {
    service_id: 'service_acompanha',
    template_id: templateId,
    user_id: 'public-key',
    template_params: { name: 'Maria José', message: 'Olá, equipe!', user_email: 'maria@teste.fit', destination: ATTACKER, ...params },
  };
}

describe('POST /api/v1.0/email/send', () => {
  const ctx = useTestApp({ CONTACT_EMAIL, SUPPORT_EMAIL });

  const send = (payload: object, remoteAddress = freshAddress(), token?: string) =>
    call(ctx.app, 'POST', '/api/v1.0/email/send', { payload, remoteAddress, token });

  /** What one request left in the outbox. */
  async function sentBy(payload: object, token?: string) {
    const before = (await outbox(ctx.db)).length;
    const response = await send(payload, freshAddress(), token);
    return { response, emails: (await outbox(ctx.db)).slice(before) };
  }

  it.each([
    ['contact', EMAIL_TEMPLATES.contact, CONTACT_EMAIL],
    ['feedback', EMAIL_TEMPLATES.feedback, SUPPORT_EMAIL],
  ])('delivers a %s message to the configured address, never to the destination asked for', async (_kind, template, recipient) => {
    const { response, emails } = await sentBy(emailJs(template, { message: `Mensagem ${template}` }));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('OK');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ recipient });
    expect(emails[0]!.subject).toContain('Maria José');
    expect(emails[0]!.body).toContain(`Mensagem ${template}`);
    expect(emails[0]!.body).toContain('maria@teste.fit');
  });

  it('never sends anything to the destination a request names', async () => {
    await send(emailJs(EMAIL_TEMPLATES.contact, { destination: ATTACKER }));
    await send(emailJs(EMAIL_TEMPLATES.feedback, { destination: ATTACKER }));
    const recipients = (await outbox(ctx.db)).map((email) => email.recipient);
    expect(recipients).not.toContain(ATTACKER);
    expect(new Set(recipients)).toEqual(new Set([CONTACT_EMAIL, SUPPORT_EMAIL]));
  });

  it('answers 400 for an unknown template and sends nothing', async () => {
    const { response, emails } = await sentBy(emailJs('template_qualquer'));
    expect(expectError(response, 400).message).toContain('template_id');
    expect(emails).toEqual([]);
  });

  it.each([
    ['special characters', 'Maria <script>', NAME_CHARS_MESSAGE],
    ['digits', 'Maria 2', NAME_CHARS_MESSAGE],
    ['nothing', '', NAME_EMPTY_MESSAGE],
  ])('answers 400 naming the name when it has %s, and sends nothing', async (_case, name, message) => {
    const { response, emails } = await sentBy(emailJs(EMAIL_TEMPLATES.contact, { name }));
    expect(expectBadField(response, 'template_params.name').message).toContain(message);
    expect(emails).toEqual([]);
  });

  it('accepts accented names', async () => {
    const { response, emails } = await sentBy(emailJs(EMAIL_TEMPLATES.contact, { name: 'João Ângelo Müller' }));
    expect(response.statusCode).toBe(200);
    expect(emails).toHaveLength(1);
  });

  describe('signed in (a bearer token)', () => {
    it("sends as the token's user, whatever user_email the body gives", async () => {
      const client = await signIn(ctx);
      const { response, emails } = await sentBy(emailJs(EMAIL_TEMPLATES.contact, { user_email: ATTACKER }), client.token);
      expect(response.statusCode).toBe(200);
      expect(emails).toHaveLength(1);
      expect(emails[0]!.body).toContain(`E-mail: ${client.email}\n`);
      expect(emails[0]!.body).toContain(`Responder para: ${client.email}`);
      expect(emails[0]!.body).not.toContain(ATTACKER);
    });

    it('needs no user_email in the body', async () => {
      const client = await signIn(ctx);
      const { response, emails } = await sentBy(emailJs(EMAIL_TEMPLATES.feedback, { user_email: '' }), client.token);
      expect(response.statusCode).toBe(200);
      expect(emails[0]!.body).toContain(`Responder para: ${client.email}`);
    });

    it('answers 401 for an expired or forged token and sends nothing, so the web app refreshes and resends', async () => {
      const client = await signIn(ctx);
      const expired = await signAccessToken(ctx.app.jwtSecret, client, decodeJwt(client.token).sid as string, -60);
      const before = (await outbox(ctx.db)).length;

      expect(expectError(await send(emailJs(EMAIL_TEMPLATES.contact), freshAddress(), expired), 401).code).toBe(EXPIRED_JWT_CODE);
      expectError(await send(emailJs(EMAIL_TEMPLATES.contact), freshAddress(), `${client.token}x`), 401);
      expect(await outbox(ctx.db)).toHaveLength(before);
    });

    it('allows 10 messages per account in 15 minutes from any address, and other accounts behind the same address go on', async () => {
      const [client, neighbour] = [await signIn(ctx), await signIn(ctx)];
      const shared = freshAddress();
      for (let i = 0; i < 10; i += 1) expect((await send(emailJs(EMAIL_TEMPLATES.contact), shared, client.token)).statusCode).toBe(200);

      const before = (await outbox(ctx.db)).length;
      expectError(await send(emailJs(EMAIL_TEMPLATES.contact), freshAddress(), client.token), 429);
      expect(await outbox(ctx.db)).toHaveLength(before);
      expect((await send(emailJs(EMAIL_TEMPLATES.contact), shared, neighbour.token)).statusCode).toBe(200);
    });
  });

  describe('signed out (no bearer token)', () => {
    it.each([
      ['empty', ''],
      ['not an address', 'maria'],
      ['an address with a space', 'maria @teste.fit'],
    ])('answers 400 naming user_email when it is %s, and sends nothing', async (_case, userEmail) => {
      const { response, emails } = await sentBy(emailJs(EMAIL_TEMPLATES.feedback, { user_email: userEmail }));
      expect(expectBadField(response, 'template_params.user_email').message).toContain(EMAIL_MESSAGE);
      expect(emails).toEqual([]);
    });

    it('tells the team that the address was not verified', async () => {
      const { emails } = await sentBy(emailJs(EMAIL_TEMPLATES.feedback));
      expect(emails[0]!.body).toContain('E-mail: maria@teste.fit (informado sem login, não verificado)');
      expect(emails[0]!.body).toContain('Responder para: maria@teste.fit');
    });

    it('allows 3 messages per address in 15 minutes, then 429 and nothing more is stored', async () => {
      const address = freshAddress();
      for (let i = 0; i < 3; i += 1) expect((await send(emailJs(EMAIL_TEMPLATES.feedback), address)).statusCode).toBe(200);

      const before = (await outbox(ctx.db)).length;
      expectError(await send(emailJs(EMAIL_TEMPLATES.feedback), address), 429);
      expect(await outbox(ctx.db)).toHaveLength(before);
      expect((await send(emailJs(EMAIL_TEMPLATES.feedback), freshAddress())).statusCode).toBe(200);
    });

    it('counts only well-formed requests toward the limit', async () => {
      const address = freshAddress();
      for (let i = 0; i < 5; i += 1) expectError(await send(emailJs(EMAIL_TEMPLATES.feedback, { user_email: 'x' }), address), 400);
      expect((await send(emailJs(EMAIL_TEMPLATES.feedback), address)).statusCode).toBe(200);
    });
  });
});
