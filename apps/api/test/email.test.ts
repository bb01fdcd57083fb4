import { EMAIL_TEMPLATES, NAME_CHARS_MESSAGE, NAME_EMPTY_MESSAGE } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { call, expectBadField, expectError, freshAddress, outbox, useTestApp } from './helper.js';

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

  const send = (payload: object, remoteAddress = freshAddress()) =>
    call(ctx.app, 'POST', '/api/v1.0/email/send', { payload, remoteAddress });

  /** What one request left in the outbox. */
  async function sentBy(payload: object) {
    const before = (await outbox(ctx.db)).length;
    const response = await send(payload);
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

  it('allows 10 messages per address in 15 minutes, then 429 and nothing more is stored', async () => {
    for (let i = 0; i < 10; i += 1) expect((await send(emailJs(EMAIL_TEMPLATES.contact), '10.8.0.1')).statusCode).toBe(200);

    const before = (await outbox(ctx.db)).length;
    expectError(await send(emailJs(EMAIL_TEMPLATES.contact), '10.8.0.1'), 429);
    expect(await outbox(ctx.db)).toHaveLength(before);
    expect((await send(emailJs(EMAIL_TEMPLATES.contact), '10.8.0.2')).statusCode).toBe(200);
  });
});
