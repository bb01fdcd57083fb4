import { randomUUID } from 'node:crypto';
import { MESSAGE_TEXT_MAX, type Message, type MessagePage } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { call, expectBadField, expectError, signIn, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';
import { eventually } from './eventually';

const storedMessages = (ctx: TestContext) => ctx.db.selectFrom('messages').selectAll().execute();

/** Waits for the next millisecond, so that the next message is sent after the last one, not at its instant. */
const nextInstant = async () => {
  const now = Date.now();
  await eventually(() => expect(Date.now()).toBeGreaterThan(now), 1);
};

describe("the client's messages", () => {
  const ctx = useTestApp();
  const send = (token: string, payload: object) => call(ctx.app, 'POST', '/api/v1/mensagens', { token, payload });
  const list = async (token: string, query = '') => {
    const response = await call(ctx.app, 'GET', `/api/v1/mensagens${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MessagePage;
  };
  const reply = (token: string, clientId: number, texto: string) =>
    call(ctx.app, 'POST', `/api/v1/equipe/clientes/${clientId}/mensagens`, { token, payload: { texto } });

  it('stores a message, trimmed and signed with the client’s name, and answers 201 with it', async () => {
    const ana = await signIn(ctx, { nome: 'Ana Paula Souza' });
    const id = randomUUID();
    const before = Date.now();
    const response = await send(ana.token, { id, texto: '  O leg press estava ocupado.\n' });
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json() as Message;
    expect(message).toEqual({
      id,
      autor: 'CLIENTE',
      autor_nome: 'Ana Paula Souza',
      autor_papel: null,
      texto: 'O leg press estava ocupado.',
      midias: [],
      enviada_em: expect.any(String),
      lida_em: null,
    });
    expect(Date.parse(message.enviada_em)).toBeGreaterThanOrEqual(before - 1000);
    expect((await list(ana.token)).results).toEqual([message]);
  });

  it('answers the same id again from the same client with the stored message (200), never a second', async () => {
    const ana = await signIn(ctx);
    const id = randomUUID();
    const first = await send(ana.token, { id, texto: 'Primeira versão' });
    expect(first.statusCode).toBe(201);
    const before = (await storedMessages(ctx)).length;

    const again = await send(ana.token, { id, texto: 'Primeira versão' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The id names the message: the first text sent stands, and the id's case does not make another.
    const changed = await send(ana.token, { id: id.toUpperCase(), texto: 'Outro texto' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual(first.json());
    expect(await storedMessages(ctx)).toHaveLength(before);
    expect((await list(ana.token)).results).toHaveLength(1);
  });

  it('stores one message when the same one arrives twice at once', async () => {
    const ana = await signIn(ctx);
    const payload = { id: randomUUID(), texto: 'Enviada duas vezes' };
    const answers = await Promise.all([send(ana.token, payload), send(ana.token, payload)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
    expect((await storedMessages(ctx)).filter((row) => row.id === payload.id)).toHaveLength(1);
  });

  it("answers 409 naming the id when another client's message or a team message holds it, and stores nothing", async () => {
    const ana = await signIn(ctx);
    const bia = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const id = randomUUID();
    expect((await send(ana.token, { id, texto: 'Da Ana' })).statusCode).toBe(201);
    await nextInstant();
    expect(expectError(await send(bia.token, { id, texto: 'Da Bia' }), 409).field).toBe('id');
    expect((await list(bia.token)).results).toEqual([]);

    // A team message's id, in the client's own conversation, is not the client's to send either.
    const teamMessage = (await reply(staff.token, ana.id, 'Da equipe')).json() as Message;
    expect(expectError(await send(ana.token, { id: teamMessage.id, texto: 'Com o id da equipe' }), 409).field).toBe('id');
    expect((await list(ana.token)).results.map((message) => message.texto)).toEqual(['Da equipe', 'Da Ana']);
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const ana = await signIn(ctx);
    const id = randomUUID();
    expectBadField(await send(ana.token, { id, texto: '' }), 'texto');
    expectBadField(await send(ana.token, { id, texto: ' \n\t ' }), 'texto');
    expectBadField(await send(ana.token, { id, texto: 'x'.repeat(MESSAGE_TEXT_MAX + 1) }), 'texto');
    expectBadField(await send(ana.token, { id }), 'texto');
    expectBadField(await send(ana.token, { id, texto: 42 }), 'texto');
    expectBadField(await send(ana.token, { id: 'não-é-uuid', texto: 'Oi' }), 'id');
    expectBadField(await send(ana.token, { texto: 'Oi' }), 'id');
    expectBadField(await send(ana.token, { id, texto: 'Oi', autor: 'EQUIPE' }), 'autor');
    expectBadField(await send(ana.token, { id, texto: 'Oi', enviada_em: '2020-01-01T00:00:00Z', lida_em: null }), 'enviada_em');
    expect(await storedMessages(ctx).then((rows) => rows.filter((row) => row.id === id))).toEqual([]);

    // 2,000 characters after trimming is the most, whatever surrounds them.
    const longest = await send(ana.token, { id, texto: ` ${'x'.repeat(MESSAGE_TEXT_MAX)}\n` });
    expect(longest.statusCode).toBe(201);
    expect((longest.json() as Message).texto).toHaveLength(MESSAGE_TEXT_MAX);
  });

  it('lists the conversation newest first, pages back with antes, and counts the team messages unread', async () => {
    const ana = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const sent: string[] = [];
    for (let index = 1; index <= 5; index += 1) {
      const id = randomUUID();
      expect((await send(ana.token, { id, texto: `Mensagem ${index}` })).statusCode).toBe(201);
      sent.push(`Mensagem ${index}`);
      await nextInstant();
    }
    for (const texto of ['Resposta 1', 'Resposta 2']) {
      expect((await reply(staff.token, ana.id, texto)).statusCode).toBe(201);
      await nextInstant();
    }
    const newestFirst = ['Resposta 2', 'Resposta 1', ...sent.reverse()];

    const whole = await list(ana.token);
    expect(whole.results.map((message) => message.texto)).toEqual(newestFirst);
    expect(whole.nao_lidas).toBe(2);
    const sentAt = whole.results.map((message) => message.enviada_em);
    expect(sentAt).toEqual([...sentAt].sort().reverse());

    const first = await list(ana.token, '?size=3');
    expect(first.results.map((message) => message.texto)).toEqual(newestFirst.slice(0, 3));
    expect(first.nao_lidas).toBe(2);
    const second = await list(ana.token, `?size=3&antes=${first.results.at(-1)!.id}`);
    expect(second.results.map((message) => message.texto)).toEqual(newestFirst.slice(3, 6));
    const third = await list(ana.token, `?size=3&antes=${second.results.at(-1)!.id.toUpperCase()}`);
    expect(third.results.map((message) => message.texto)).toEqual(newestFirst.slice(6));
    const end = await list(ana.token, `?size=3&antes=${third.results.at(-1)!.id}`);
    expect(end).toEqual({ results: [], nao_lidas: 2 });

    expectBadField(await call(ctx.app, 'GET', '/api/v1/mensagens?antes=123', { token: ana.token }), 'antes');
    expectBadField(await call(ctx.app, 'GET', '/api/v1/mensagens?size=0', { token: ana.token }), 'size');
    expectBadField(await call(ctx.app, 'GET', '/api/v1/mensagens?size=101', { token: ana.token }), 'size');
  });

  it("never shows another client's conversation, not even through antes", async () => {
    const ana = await signIn(ctx);
    const bruno = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const id = randomUUID();
    expect((await send(ana.token, { id, texto: 'Só da Ana' })).statusCode).toBe(201);
    expect((await reply(staff.token, ana.id, 'Para a Ana')).statusCode).toBe(201);

    expect(await list(bruno.token)).toEqual({ results: [], nao_lidas: 0 });
    expect(await list(bruno.token, `?antes=${id}`)).toEqual({ results: [], nao_lidas: 0 });
    // Reading marks only the reader's own conversation.
    expect((await call(ctx.app, 'POST', '/api/v1/mensagens/lidas', { token: bruno.token })).statusCode).toBe(204);
    expect((await list(ana.token)).nao_lidas).toBe(1);
  });

  it("marks every team message read (204), once, and leaves the client's own unread for the team", async () => {
    const ana = await signIn(ctx);
    const staff = await signInStaff(ctx);
    expect((await send(ana.token, { id: randomUUID(), texto: 'Pergunta' })).statusCode).toBe(201);
    for (const texto of ['Resposta 1', 'Resposta 2']) expect((await reply(staff.token, ana.id, texto)).statusCode).toBe(201);
    expect((await list(ana.token)).nao_lidas).toBe(2);

    const read = await call(ctx.app, 'POST', '/api/v1/mensagens/lidas', { token: ana.token });
    expect(read.statusCode).toBe(204);
    expect(read.body).toBe('');
    const after = await list(ana.token);
    expect(after.nao_lidas).toBe(0);
    const team = after.results.filter((message) => message.autor === 'EQUIPE');
    expect(team.every((message) => message.lida_em !== null && Date.parse(message.lida_em) >= Date.parse(message.enviada_em))).toBe(true);
    expect(after.results.find((message) => message.autor === 'CLIENTE')!.lida_em).toBeNull();

    // Read again: the first reading stands.
    expect((await call(ctx.app, 'POST', '/api/v1/mensagens/lidas', { token: ana.token })).statusCode).toBe(204);
    expect((await list(ana.token)).results).toEqual(after.results);
  });

  it('answers only client tokens: staff get 403 on every client message route, the signed-out 401', async () => {
    const ana = await signIn(ctx);
    const staff = await signInStaff(ctx, ['ROLE_ADMIN']);
    const routes = [
      { method: 'GET' as const, url: '/api/v1/mensagens' },
      { method: 'POST' as const, url: '/api/v1/mensagens', payload: { id: randomUUID(), texto: 'Da equipe pela rota do cliente' } },
      { method: 'POST' as const, url: '/api/v1/mensagens/lidas' },
    ];
    for (const { method, url, payload } of routes) {
      const refused = expectError(await call(ctx.app, method, url, { token: staff.token, payload }), 403);
      expect(refused.message, `${method} ${url}`).toBe('Esta área é exclusiva dos clientes.');
      expectError(await call(ctx.app, method, url, { payload }), 401);
      expect((await call(ctx.app, method, url, { token: ana.token, payload })).statusCode, `${method} ${url}`).toBeLessThan(300);
    }
  });

  it('answers 429 with Retry-After once an account has sent 60 messages in 10 minutes, and counts each account apart', async () => {
    const ana = await signIn(ctx);
    const bruno = await signIn(ctx);
    for (let sent = 0; sent < 60; sent += 1) expect((await send(ana.token, { id: randomUUID(), texto: `Mensagem ${sent}` })).statusCode).toBe(201);

    const refused = await send(ana.token, { id: randomUUID(), texto: 'Uma a mais' });
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await list(ana.token)).results).toHaveLength(50);
    expect((await send(bruno.token, { id: randomUUID(), texto: 'Outra conta' })).statusCode).toBe(201);
  });
});
