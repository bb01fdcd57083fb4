import { randomUUID } from 'node:crypto';
import { MESSAGE_TEXT_MAX, type Message, type MessagePage, type RosterEntry } from '@acompanha/contract';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, seedDemoData } from '../src/db/seed.js';
import type * as passwords from '../src/modules/auth/passwords.js';
import {
  buildTestApp,
  call,
  createClient,
  insertMessage,
  createSession,
  createWorkout,
  daysFromToday,
  expectBadField,
  expectError,
  login,
  sampleWorkout,
  signIn,
  useTestApp,
  type TestContext,
} from './helper.js';
import { signInStaff, totpCode } from './staff.js';

// Production-strength hashes of the demo passwords take seconds a seeding; the conversation is what counts here.
vi.mock('../src/modules/auth/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, hashPassword: (password: string) => actual.hashPassword(password, 10) };
});

const DAY_MS = 24 * 60 * 60 * 1000;

describe("the team's routes", () => {
  const ctx = useTestApp();
  const conversation = (clientId: number) => `/api/v1/equipe/clientes/${clientId}/mensagens`;
  const list = async (token: string, url: string) => {
    const response = await call(ctx.app, 'GET', url, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MessagePage;
  };
  const clientSends = (token: string, texto: string) => call(ctx.app, 'POST', '/api/v1/mensagens', { token, payload: { id: randomUUID(), texto } });
  const roster = async (token: string) => {
    const response = await call(ctx.app, 'GET', '/api/v1/equipe/clientes', { token });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: RosterEntry[] }).results;
  };

  it('lists every client with plan, expiry, last session, sessions of the last 7 days, planned weekdays and unread messages', async () => {
    const staff = await signInStaff(ctx);
    const ana = await signIn(ctx, { nome: 'Ana Roster', evaluation: { plano: 'PRO', data_consulta: daysFromToday(-10), vencimento: daysFromToday(50) } });
    const davi = await createClient(ctx.db, { nome: 'Davi Roster', evaluation: null });
    const workoutId = await createWorkout(ctx.db, ana.evaluationId!, sampleWorkout('Roster'));
    const startedAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    for (const days of [10, 6, 1]) {
      await createSession(ctx.db, ana.id, workoutId, { id: randomUUID(), iniciado_em: startedAgo(days), concluido_em: startedAgo(days - 0.03), series: [] });
    }
    for (const texto of ['Uma', 'Duas']) expect((await clientSends(ana.token, texto)).statusCode).toBe(201);

    const entries = await roster(staff.token);
    expect(entries.find((entry) => entry.id === ana.id)).toEqual({
      id: ana.id,
      nome: 'Ana Roster',
      email: ana.email,
      plano: 'PRO',
      vencimento: daysFromToday(50),
      ultimo_treino: expect.any(String),
      treinos_7_dias: 2,
      // The sample workout's Monday and Thursday.
      dias_planejados: 2,
      nao_lidas: 2,
      aguardando_desde: expect.any(String),
      ultima_mensagem: { autor: 'CLIENTE', texto: 'Duas', enviada_em: expect.any(String) },
      convite_pendente: false,
      responsaveis: { personal: null, nutricionista: null },
    });
    const anaEntry = entries.find((entry) => entry.id === ana.id)!;
    expect(Math.abs(Date.parse(anaEntry.ultimo_treino!) - (Date.now() - DAY_MS))).toBeLessThan(60_000);
    expect(anaEntry.aguardando_desde! <= anaEntry.ultima_mensagem!.enviada_em).toBe(true);
    expect(entries.find((entry) => entry.id === davi.id)).toEqual({
      id: davi.id,
      nome: 'Davi Roster',
      email: davi.email,
      plano: null,
      vencimento: null,
      ultimo_treino: null,
      treinos_7_dias: 0,
      dias_planejados: 0,
      nao_lidas: 0,
      aguardando_desde: null,
      ultima_mensagem: null,
      // Made with a password, as the test clients are.
      convite_pendente: false,
      responsaveis: { personal: null, nutricionista: null },
    });
    // Clients only.
    expect(entries.some((entry) => entry.id === staff.id)).toBe(false);
  });

  it("tells since when a client has waited for the team and previews the conversation's newest message, in the roster and the client's header", async () => {
    const staff = await signInStaff(ctx);
    const ana = await signIn(ctx, { nome: 'Ana Espera' });
    const quiet = await signIn(ctx, { nome: 'Quieta Espera' });
    const entryOf = async (clientId: number) => {
      const entry = (await roster(staff.token)).find((client) => client.id === clientId)!;
      const header = await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${clientId}`, { token: staff.token });
      expect(header.json()).toMatchObject(entry);
      return entry;
    };
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
    const [older, newer] = [hoursAgo(3), hoursAgo(1)];
    // Stored newest first: the oldest waiting is the earliest sent, not the first stored.
    for (const [texto, enviadaEm] of [['Segunda dúvida', newer], ['Primeira dúvida', older]] as const) {
      await insertMessage(ctx.db, { id: randomUUID(), clientId: ana.id, authorId: ana.id, autor: 'CLIENTE', texto, enviadaEm });
    }

    expect(await entryOf(ana.id)).toMatchObject({
      nao_lidas: 2,
      aguardando_desde: older.toISOString(),
      ultima_mensagem: { autor: 'CLIENTE', texto: 'Segunda dúvida', enviada_em: newer.toISOString() },
    });
    expect(await entryOf(quiet.id)).toMatchObject({ nao_lidas: 0, aguardando_desde: null, ultima_mensagem: null });

    expect((await call(ctx.app, 'POST', `${conversation(ana.id)}/lidas`, { token: staff.token })).statusCode).toBe(204);
    expect(await entryOf(ana.id)).toMatchObject({
      nao_lidas: 0,
      aguardando_desde: null,
      ultima_mensagem: { autor: 'CLIENTE', texto: 'Segunda dúvida', enviada_em: newer.toISOString() },
    });

    // The whole text, however long: the console truncates it.
    const texto = `Resposta ${'x'.repeat(MESSAGE_TEXT_MAX - 9)}`;
    const reply = await call(ctx.app, 'POST', conversation(ana.id), { token: staff.token, payload: { texto } });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await entryOf(ana.id)).toMatchObject({
      aguardando_desde: null,
      ultima_mensagem: { autor: 'EQUIPE', texto, enviada_em: (reply.json() as Message).enviada_em },
    });

    const sent = await clientSends(ana.token, 'Obrigada');
    expect(sent.statusCode, sent.body).toBe(201);
    const { enviada_em } = sent.json() as Message;
    expect(await entryOf(ana.id)).toMatchObject({ nao_lidas: 1, aguardando_desde: enviada_em, ultima_mensagem: { autor: 'CLIENTE', texto: 'Obrigada', enviada_em } });

    // However many clients and messages, a page of the roster is the sign-in's check and five statements:
    // the page's ids, every count, the page's entries, their latest evaluations and their plans' days.
    expect((await roster(staff.token)).length).toBeGreaterThan(2);
    ctx.statements.length = 0;
    await roster(staff.token);
    expect(ctx.statements).toEqual(Array(6).fill('SelectQueryNode'));
  });

  it('shows a conversation with the count of client messages the team has not read', async () => {
    const staff = await signInStaff(ctx);
    const ana = await signIn(ctx, { nome: 'Ana Conversa' });
    expect(await list(staff.token, conversation(ana.id))).toEqual({ results: [], nao_lidas: 0 });
    for (const texto of ['Primeira', 'Segunda']) expect((await clientSends(ana.token, texto)).statusCode).toBe(201);

    const page = await list(staff.token, conversation(ana.id));
    expect(page.nao_lidas).toBe(2);
    expect(page.results.map((message) => [message.autor, message.autor_nome, message.autor_papel])).toEqual([
      ['CLIENTE', 'Ana Conversa', null],
      ['CLIENTE', 'Ana Conversa', null],
    ]);
    expect(await list(staff.token, `${conversation(ana.id)}?size=1&antes=${page.results[0]!.id}`)).toEqual({ results: [page.results[1]], nao_lidas: 2 });
  });

  it("answers with 201 and the reply signed with the member's name and role, which the client sees unread", async () => {
    const rafael = await signInStaff(ctx, ['ROLE_PERSONAL'], 'Rafael Costa');
    const marina = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Marina Alves');
    // A member with several roles signs as the professional, before the administrator.
    const helena = await signInStaff(ctx, ['ROLE_ADMIN', 'ROLE_PERSONAL'], 'Helena Prado');
    const unnamed = await signInStaff(ctx, ['ROLE_ADMIN'], null);
    const ana = await signIn(ctx);

    const response = await call(ctx.app, 'POST', conversation(ana.id), { token: rafael.token, payload: { texto: '  Pode usar o hack. ' } });
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json() as Message;
    expect(message).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      autor: 'EQUIPE',
      autor_nome: 'Rafael Costa',
      autor_papel: 'ROLE_PERSONAL',
      texto: 'Pode usar o hack.',
      midias: [],
      enviada_em: expect.any(String),
      lida_em: null,
    });
    for (const member of [marina, helena, unnamed]) {
      expect((await call(ctx.app, 'POST', conversation(ana.id), { token: member.token, payload: { texto: 'Oi' } })).statusCode).toBe(201);
    }

    const seen = await list(ana.token, '/api/v1/mensagens');
    expect(seen.nao_lidas).toBe(4);
    expect(seen.results.find((item) => item.id === message.id)).toEqual(message);
    expect(seen.results.map((item) => `${item.autor_nome} · ${item.autor_papel}`).sort()).toEqual(
      ['Equipe · ROLE_ADMIN', 'Helena Prado · ROLE_PERSONAL', 'Marina Alves · ROLE_NUTRICIONISTA', 'Rafael Costa · ROLE_PERSONAL'],
    );
    // The team's own messages are not the team's to read.
    expect((await list(rafael.token, conversation(ana.id))).nao_lidas).toBe(0);
  });

  it("keeps the id the console made: the same reply again is the same message (200), another's id is a conflict (409)", async () => {
    const rafael = await signInStaff(ctx, ['ROLE_PERSONAL'], 'Rafael Costa');
    const marina = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Marina Alves');
    const ana = await signIn(ctx);
    const bia = await signIn(ctx);
    const id = randomUUID().toUpperCase();
    const post = (token: string, clientId: number, texto: string) => call(ctx.app, 'POST', conversation(clientId), { token, payload: { id, texto } });

    const first = await post(rafael.token, ana.id, 'Pode usar o hack.');
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as Message).id).toBe(id.toLowerCase());
    const again = await post(rafael.token, ana.id, 'Texto diferente');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());

    expect(expectError(await post(marina.token, ana.id, 'Outra'), 409).field).toBe('id');
    expect(expectError(await post(rafael.token, bia.id, 'Outra'), 409).field).toBe('id');
    expect(expectError(await call(ctx.app, 'POST', '/api/v1/mensagens', { token: ana.token, payload: { id, texto: 'Minha' } }), 409).field).toBe('id');
    expect((await list(ana.token, '/api/v1/mensagens')).results.map((message) => message.texto)).toEqual(['Pode usar o hack.']);
    expect((await list(bia.token, '/api/v1/mensagens')).results).toEqual([]);
  });

  it('refuses bad replies with 400 naming the field', async () => {
    const staff = await signInStaff(ctx);
    const ana = await signIn(ctx);
    const post = (payload: object) => call(ctx.app, 'POST', conversation(ana.id), { token: staff.token, payload });
    expectBadField(await post({ texto: '' }), 'texto');
    expectBadField(await post({ texto: '   ' }), 'texto');
    expectBadField(await post({ texto: 'x'.repeat(MESSAGE_TEXT_MAX + 1) }), 'texto');
    expectBadField(await post({}), 'texto');
    expectBadField(await post({ id: 'x', texto: 'Oi' }), 'id');
    expectBadField(await post({ texto: 'Oi', autor: 'CLIENTE' }), 'autor');
    expectBadField(await call(ctx.app, 'GET', `${conversation(ana.id)}?antes=x`, { token: staff.token }), 'antes');
    expectBadField(await call(ctx.app, 'GET', '/api/v1/equipe/clientes/abc/mensagens', { token: staff.token }), 'id');
    expect(await list(staff.token, conversation(ana.id))).toEqual({ results: [], nao_lidas: 0 });
  });

  it("answers 404 for an id that is not a client's, and stores nothing", async () => {
    const staff = await signInStaff(ctx);
    const other = await signInStaff(ctx);
    for (const id of [other.id, 999_999]) {
      expectError(await call(ctx.app, 'GET', conversation(id), { token: staff.token }), 404);
      expectError(await call(ctx.app, 'POST', conversation(id), { token: staff.token, payload: { texto: 'Oi' } }), 404);
      expectError(await call(ctx.app, 'POST', `${conversation(id)}/lidas`, { token: staff.token }), 404);
    }
    expect(await ctx.db.selectFrom('messages').select('id').where('client_id', 'in', [other.id, 999_999]).execute()).toEqual([]);
  });

  it("marks the client's messages read (204) the first time the team reads, and only that client's", async () => {
    const staff = await signInStaff(ctx);
    const ana = await signIn(ctx);
    const bruno = await signIn(ctx);
    for (const client of [ana, bruno]) expect((await clientSends(client.token, 'Pergunta')).statusCode).toBe(201);
    expect((await call(ctx.app, 'POST', conversation(ana.id), { token: staff.token, payload: { texto: 'Resposta' } })).statusCode).toBe(201);

    const read = await call(ctx.app, 'POST', `${conversation(ana.id)}/lidas`, { token: staff.token });
    expect(read.statusCode).toBe(204);
    const page = await list(staff.token, conversation(ana.id));
    expect(page.nao_lidas).toBe(0);
    const question = page.results.find((message) => message.autor === 'CLIENTE')!;
    expect(question.lida_em).not.toBeNull();
    // The team's reply waits for the client.
    expect(page.results.find((message) => message.autor === 'EQUIPE')!.lida_em).toBeNull();
    expect((await list(ana.token, '/api/v1/mensagens')).nao_lidas).toBe(1);
    expect((await list(staff.token, conversation(bruno.id))).nao_lidas).toBe(1);

    // Another member reading later leaves the first reading.
    const other = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Marina Alves');
    expect((await call(ctx.app, 'POST', `${conversation(ana.id)}/lidas`, { token: other.token })).statusCode).toBe(204);
    expect((await list(other.token, conversation(ana.id))).results.find((message) => message.id === question.id)!.lida_em).toBe(question.lida_em);
  });

  it('answers only staff tokens: a client gets 403 on every team route, the signed-out 401', async () => {
    const staff = await signInStaff(ctx);
    const ana = await signIn(ctx);
    const bruno = await signIn(ctx);
    expect((await clientSends(bruno.token, 'Só do Bruno')).statusCode).toBe(201);
    const routes = [
      { method: 'GET' as const, url: '/api/v1/equipe/clientes' },
      { method: 'GET' as const, url: conversation(bruno.id) },
      { method: 'GET' as const, url: conversation(ana.id) },
      { method: 'POST' as const, url: conversation(bruno.id), payload: { texto: 'Pela rota da equipe' } },
      { method: 'POST' as const, url: `${conversation(bruno.id)}/lidas` },
    ];
    for (const { method, url, payload } of routes) {
      const refused = expectError(await call(ctx.app, method, url, { token: ana.token, payload }), 403);
      expect(refused.message, `${method} ${url}`).toBe('Esta área é exclusiva da equipe.');
      expectError(await call(ctx.app, method, url, { payload }), 401);
    }
    // Nothing of bruno's conversation moved: his message unread, no reply stored.
    const page = await list(staff.token, conversation(bruno.id));
    expect(page.nao_lidas).toBe(1);
    expect(page.results.map((message) => message.texto)).toEqual(['Só do Bruno']);
  });

  it('answers 429 with Retry-After once a member has sent 300 replies in 10 minutes', async () => {
    const staff = await signInStaff(ctx);
    const other = await signInStaff(ctx);
    const ana = await signIn(ctx);
    const reply = (token: string) => call(ctx.app, 'POST', conversation(ana.id), { token, payload: { texto: 'Resposta' } });
    for (let sent = 0; sent < 300; sent += 1) expect((await reply(staff.token)).statusCode).toBe(201);

    const refused = await reply(staff.token);
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await reply(other.token)).statusCode).toBe(201);
  });
});

describe("the demo data's conversation (DECISIONS.md §4)", () => {
  it("shows ana's thread to her, with Marina's answer unread, and to the team, all read", async () => {
    const ctx: TestContext = await buildTestApp();
    try {
      await seedDemoData(ctx.db, ctx.app.jwtSecret);
      const ana = await login(ctx.app, 'ana@demo.fit', DEMO_PASSWORD);
      const thread = (await call(ctx.app, 'GET', '/api/v1/mensagens', { token: ana.token })).json() as MessagePage;
      expect(thread.nao_lidas).toBe(1);
      expect(thread.results.map((message) => [message.autor, message.autor_nome, message.autor_papel, message.lida_em === null])).toEqual([
        ['EQUIPE', 'Marina Alves', 'ROLE_NUTRICIONISTA', true],
        ['CLIENTE', 'Ana Paula Souza', null, false],
        ['EQUIPE', 'Rafael Costa', 'ROLE_PERSONAL', false],
        ['CLIENTE', 'Ana Paula Souza', null, false],
      ]);

      for (const [email, nome] of [
        ['personal@demo.fit', 'Rafael Costa'],
        ['nutri@demo.fit', 'Marina Alves'],
        ['admin@demo.fit', 'Helena Prado'],
      ] as const) {
        const staff = await login(ctx.app, email, DEMO_PASSWORD, email === 'admin@demo.fit' ? totpCode(DEMO_ADMIN_TOTP_SECRET) : undefined);
        const names = await ctx.db.selectFrom('users').select('nome').where('email', '=', email).executeTakeFirstOrThrow();
        expect(names.nome).toBe(nome);
        const roster = (await call(ctx.app, 'GET', '/api/v1/equipe/clientes', { token: staff.token })).json() as { results: RosterEntry[] };
        expect(roster.results.map((entry) => entry.email)).toEqual(['ana@demo.fit', 'bruno@demo.fit', 'carla@demo.fit', 'davi@demo.fit']);
        expect(roster.results[0]).toMatchObject({ nome: 'Ana Paula Souza', plano: 'ULTIMATE', vencimento: daysFromToday(50), nao_lidas: 0 });
        expect(roster.results[0]!.treinos_7_dias).toBeGreaterThan(0);
      }
    } finally {
      await ctx.close();
    }
  });
});
