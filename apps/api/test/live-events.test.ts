import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Message } from '@acompanha/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStream as openStreamAt } from './event-stream.js';
import { buildTestApp, call, expectError, signIn, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';
import { eventually } from './eventually';

const openStream = (baseUrl: string, path: string, token?: string, headers?: Record<string, string>) => openStreamAt(`${baseUrl}${path}`, token, headers);
type Stream = Awaited<ReturnType<typeof openStream>>;

async function listening(ctx: TestContext) {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

describe('the live event streams', () => {
  let ctx: TestContext;
  let baseUrl: string;
  const streams: Stream[] = [];
  beforeAll(async () => {
    ctx = await buildTestApp();
    baseUrl = await listening(ctx);
  });
  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    await ctx.close();
  });

  const open = async (path: string, token?: string, headers?: Record<string, string>) => {
    const stream = await openStream(baseUrl, path, token, headers);
    streams.push(stream);
    return stream;
  };
  const clientSends = async (token: string, texto: string) => {
    const response = await call(ctx.app, 'POST', '/api/v1/mensagens', { token, payload: { id: randomUUID(), texto } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Message;
  };
  const teamSends = async (token: string, clientId: number, texto: string) => {
    const response = await call(ctx.app, 'POST', `/api/v1/equipe/clientes/${clientId}/mensagens`, { token, payload: { texto } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Message;
  };

  it("delivers each new message of the client's conversation, from either side, to the client and to the team", async () => {
    const ana = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const mine = await open('/api/v1/mensagens/eventos', ana.token, { 'accept-encoding': 'gzip' });
    const team = await open('/api/v1/equipe/eventos', staff.token);
    expect(mine.response.status).toBe(200);
    expect(mine.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(mine.response.headers.get('cache-control')).toBe('no-store');
    expect(mine.response.headers.get('x-accel-buffering')).toBe('no');
    expect(mine.response.headers.get('content-encoding')).toBeNull();
    expect(mine.response.headers.get('etag')).toBeNull();

    const question = await clientSends(ana.token, 'Posso trocar o supino?');
    const answer = await teamSends(staff.token, ana.id, 'Pode, use halteres.');
    const [first, second] = await mine.received(2);
    expect(first).toEqual({ event: 'mensagem', id: expect.stringMatching(/^\d+$/), data: question });
    expect(second).toEqual({ event: 'mensagem', id: expect.stringMatching(/^\d+$/), data: answer });
    expect(Number(second!.id)).toBeGreaterThan(Number(first!.id));
    const teamEvents = (await team.received(2)).filter((event) => (event.data as { cliente_id: number }).cliente_id === ana.id);
    expect(teamEvents).toEqual([
      { ...first, data: { ...question, cliente_id: ana.id } },
      { ...second, data: { ...answer, cliente_id: ana.id } },
    ]);
  });

  it('tells each side when the other reads, and nothing when there was nothing to read', async () => {
    const ana = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const mine = await open('/api/v1/mensagens/eventos', ana.token);
    const team = await open('/api/v1/equipe/eventos', staff.token);
    const ofAna = () => team.events.filter((event) => (event.data as { cliente_id: number }).cliente_id === ana.id);

    await clientSends(ana.token, 'Terminei o treino.');
    await teamSends(staff.token, ana.id, 'Ótimo!');
    expect((await call(ctx.app, 'POST', `/api/v1/equipe/clientes/${ana.id}/mensagens/lidas`, { token: staff.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'POST', '/api/v1/mensagens/lidas', { token: ana.token })).statusCode).toBe(204);
    // Nothing left unread on either side: no event.
    expect((await call(ctx.app, 'POST', '/api/v1/mensagens/lidas', { token: ana.token })).statusCode).toBe(204);
    const last = await clientSends(ana.token, 'Até amanhã.');

    const events = await mine.received(5);
    expect(events.map((event) => event.event)).toEqual(['mensagem', 'mensagem', 'leitura', 'leitura', 'mensagem']);
    expect(events[2]!.data).toEqual({ leitor: 'EQUIPE', lida_em: expect.any(String) });
    expect(events[3]!.data).toEqual({ leitor: 'CLIENTE', lida_em: expect.any(String) });
    expect(events[4]!.data).toEqual(last);
    await eventually(() => expect(ofAna()).toHaveLength(5));
    expect(ofAna()[2]!.data).toEqual({ leitor: 'EQUIPE', lida_em: expect.any(String), cliente_id: ana.id });
    expect(ofAna().map((event) => event.id)).toEqual(events.map((event) => event.id));
  });

  it('resumes after Last-Event-ID with exactly the events missed, once, then goes on live', async () => {
    const ana = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const first = await open('/api/v1/mensagens/eventos', ana.token);
    await clientSends(ana.token, 'Primeira');
    const [seen] = await first.received(1);
    await first.close();

    const missed = [await teamSends(staff.token, ana.id, 'Segunda'), await clientSends(ana.token, 'Terceira')];
    await call(ctx.app, 'POST', '/api/v1/mensagens/lidas', { token: ana.token });
    const again = await open('/api/v1/mensagens/eventos', ana.token, { 'last-event-id': seen!.id });
    const replayed = (await again.received(3)).slice();
    // A replayed message is as stored now: the team's, read since, says so.
    expect(replayed.map((event) => event.data)).toEqual([
      { ...missed[0], lida_em: expect.any(String) },
      missed[1],
      { leitor: 'CLIENTE', lida_em: expect.any(String) },
    ]);
    const live = await clientSends(ana.token, 'Quarta');
    await again.received(4);
    expect(again.events.map((event) => event.data)).toEqual([...replayed.map((event) => event.data), live]);
    const ids = again.events.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(Math.min(...ids)).toBeGreaterThan(Number(seen!.id));

    // Opened without Last-Event-ID, a stream starts now; its first line names the cursor to resume from.
    const fresh = await open('/api/v1/mensagens/eventos', ana.token);
    await eventually(() => expect(fresh.text()).toMatch(/^id: \d+\n\n/));
    expect(Number(/^id: (\d+)/.exec(fresh.text())![1])).toBe(ids.at(-1));
    expect(fresh.events).toEqual([]);
  });

  it('gives every event once and in order while many are written at once, to a live stream and to one resuming', async () => {
    const clients = await Promise.all([signIn(ctx), signIn(ctx), signIn(ctx)]);
    const staff = await signInStaff(ctx);
    const team = await open('/api/v1/equipe/eventos', staff.token);
    await eventually(() => expect(team.text()).toMatch(/^id: \d+\n\n/));
    const start = /^id: (\d+)/.exec(team.text())![1]!;
    const sent = Promise.all(
      Array.from({ length: 30 }, (_, index) => {
        const client = clients[index % clients.length]!;
        return index % 2 === 0 ? clientSends(client.token, `Cliente ${index}`) : teamSends(staff.token, client.id, `Equipe ${index}`);
      }),
    );
    // Opened while the messages are being written: its replay and what it hears live meet without a gap.
    const resuming = await open('/api/v1/equipe/eventos', staff.token, { 'last-event-id': start });
    const texts = (await sent).map((message) => message.texto).sort();
    for (const stream of [team, resuming]) {
      await stream.received(30);
      expect(stream.events.map((event) => (event.data as Message).texto).sort()).toEqual(texts);
      const ids = stream.events.map((event) => Number(event.id));
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    }
    expect(resuming.events).toEqual(team.events);
  });

  it("never gives a client another client's events", async () => {
    const ana = await signIn(ctx);
    const bia = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const anas = await open('/api/v1/mensagens/eventos', ana.token);
    await clientSends(bia.token, 'Da Bia');
    await teamSends(staff.token, bia.id, 'Para a Bia');
    await call(ctx.app, 'POST', '/api/v1/mensagens/lidas', { token: bia.token });
    const own = await clientSends(ana.token, 'Da Ana');
    await anas.received(1);
    expect(anas.events.map((event) => event.data)).toEqual([own]);

    // Nor through a replay from the start of the log.
    const replay = await open('/api/v1/mensagens/eventos', ana.token, { 'last-event-id': '0' });
    await replay.received(1);
    expect(replay.events.map((event) => event.data)).toEqual([own]);
  });

  it("ends at 'Sair' before it carries another event, and the team's stream goes on", async () => {
    const ana = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const mine = await open('/api/v1/mensagens/eventos', ana.token);
    const team = await open('/api/v1/equipe/eventos', staff.token);
    await clientSends(ana.token, 'Até amanhã!');
    await mine.received(1);

    expect((await call(ctx.app, 'POST', '/api/v1/auth/logout', { payload: { refresh_token: ana.refresh_token } })).statusCode).toBe(204);
    await teamSends(staff.token, ana.id, 'Boa noite, Ana.');
    await team.received(2);
    await eventually(() => expect(mine.ended()).toBe(true));
    expect(mine.events).toHaveLength(1);
    expect(mine.text()).not.toContain('Boa noite');
  });

  it("holds at most 3 streams an account, ending the oldest for a new one, and other accounts' apart", async () => {
    const ana = await signIn(ctx);
    const bruno = await signIn(ctx);
    const brunos = await open('/api/v1/mensagens/eventos', bruno.token);
    const anas: Stream[] = [];
    for (let opened = 0; opened < 4; opened += 1) anas.push(await open('/api/v1/mensagens/eventos', ana.token));
    await eventually(() => expect(anas.map((stream) => stream.ended())).toEqual([true, false, false, false]));
    await clientSends(bruno.token, 'Ainda aqui');
    await brunos.received(1);
  });

  it('lets an account open 30 streams a minute, then answers 429 with Retry-After', async () => {
    const ana = await signIn(ctx);
    for (let opened = 0; opened < 30; opened += 1) await (await openStream(baseUrl, '/api/v1/mensagens/eventos', ana.token)).close();
    const refused = await openStream(baseUrl, '/api/v1/mensagens/eventos', ana.token);
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('reads a long replay with one session check a batch, not one an event', async () => {
    const ana = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const first = await open('/api/v1/mensagens/eventos', ana.token);
    await clientSends(ana.token, 'Começo');
    const [seen] = await first.received(1);
    await first.close();
    for (let sent = 0; sent < 250; sent += 1) await teamSends(staff.token, ana.id, `Mensagem ${sent}`);

    const checks = vi.spyOn(ctx.app, 'sessionOpen');
    try {
      const again = await open('/api/v1/mensagens/eventos', ana.token, { 'last-event-id': seen!.id });
      await again.received(250);
      // One an event would be 250; a batch of 100 events takes one or two.
      // Ana's checks only: the team's streams opened by earlier tests hear those 250 messages too.
      const anasChecks = checks.mock.calls.filter(([user]) => user.user_id === ana.id).length;
      expect(anasChecks).toBeLessThanOrEqual(10);
    } finally {
      checks.mockRestore();
    }
  });

  it('ends a staff stream once the account is no longer staff', async () => {
    const staff = await signInStaff(ctx);
    const ana = await signIn(ctx);
    const team = await open('/api/v1/equipe/eventos', staff.token);
    await clientSends(ana.token, 'Primeira');
    await team.received(1);

    await ctx.db.updateTable('users').set({ roles: 'ROLE_CLIENTE' }).where('id', '=', staff.id).execute();
    await clientSends(ana.token, 'Segunda');
    await eventually(() => expect(team.ended()).toBe(true));
    expect(team.events).toHaveLength(1);
  });

  it('answers 401 without a token, 403 to the other kind of account, and 400 to a Last-Event-ID that is no cursor', async () => {
    const ana = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const status = async (path: string, token?: string, headers?: Record<string, string>) => {
      const response = await fetch(`${baseUrl}${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await status('/api/v1/mensagens/eventos')).toMatchObject({ status: 401 });
    expect(await status('/api/v1/equipe/eventos')).toMatchObject({ status: 401 });
    expect(await status('/api/v1/mensagens/eventos', staff.token)).toMatchObject({ status: 403, body: { message: 'Esta área é exclusiva dos clientes.' } });
    expect(await status('/api/v1/equipe/eventos', ana.token)).toMatchObject({ status: 403, body: { message: 'Esta área é exclusiva da equipe.' } });
    expect(await status('/api/v1/mensagens/eventos', ana.token, { 'last-event-id': 'abc' })).toMatchObject({
      status: 400,
      body: { field: 'last-event-id' },
    });
    expectError(await call(ctx.app, 'GET', '/api/v1/equipe/eventos', { token: ana.token }), 403);
  });
});

describe('a live event stream over time', () => {
  let ctx: TestContext;
  let baseUrl: string;
  beforeAll(async () => {
    ctx = await buildTestApp({ LIVE_HEARTBEAT_MS: '50', ACCESS_TOKEN_TTL: '2' });
    baseUrl = await listening(ctx);
  });
  afterAll(() => ctx.close());

  it('sends a comment line every heartbeat, and ends when its access token expires', async () => {
    const ana = await signIn(ctx);
    const stream = await openStream(baseUrl, '/api/v1/mensagens/eventos', ana.token);
    await eventually(() => expect(stream.text().match(/^:\n\n/gm)?.length ?? 0).toBeGreaterThanOrEqual(3));
    await eventually(() => expect(stream.ended()).toBe(true), 50);
    expect(ctx.app.eventStreams.count()).toBe(0);
  });
});

describe('closing the app', () => {
  it('ends every open stream and closes at once', async () => {
    const ctx = await buildTestApp();
    const baseUrl = await listening(ctx);
    const ana = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const streams = await Promise.all([
      openStream(baseUrl, '/api/v1/mensagens/eventos', ana.token),
      openStream(baseUrl, '/api/v1/mensagens/eventos', ana.token),
      openStream(baseUrl, '/api/v1/equipe/eventos', staff.token),
    ]);
    await eventually(() => expect(ctx.app.eventStreams.count()).toBe(3));
    const start = Date.now();
    await ctx.close();
    expect(Date.now() - start).toBeLessThan(2000);
    await eventually(() => expect(streams.map((stream) => stream.ended())).toEqual([true, true, true]));
  });
});
