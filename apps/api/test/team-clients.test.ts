import type { ClientHeader, RosterEntry } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { runOnAFixedDay } from './fixed-day.js';
import { call, createClient, createUser, expectBadField, expectError, login, outbox, signIn, tokenOfLink, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';

// A birth date must be a day before today.
runOnAFixedDay();

const NEW_PASSWORD = 'PrimeiraSenha1';
const CLIENTS = '/api/v1/equipe/clientes';
const invite = (clientId: number | string) => `${CLIENTS}/${clientId}/convite`;

const changePassword = (ctx: TestContext, token: string) => call(ctx.app, 'PATCH', '/api/v1/users/change-password', { token, payload: { password: NEW_PASSWORD } });

async function rosterEntry(ctx: TestContext, token: string, clientId: number) {
  const response = await call(ctx.app, 'GET', CLIENTS, { token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: RosterEntry[] }).results.find((entry) => entry.id === clientId);
}

async function userCount(ctx: TestContext) {
  const row = await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a new client from the console', () => {
  const ctx = useTestApp();

  it("creates the account and e-mails the first-access link as client:create does; the roster marks 'Convite pendente' until the client sets a password", async () => {
    const staff = await signInStaff(ctx);
    const before = (await outbox(ctx.db)).length;

    const response = await call(ctx.app, 'POST', CLIENTS, {
      token: staff.token,
      payload: { nome: '  Júlia Ferreira ', email: 'Julia.Ferreira@Exemplo.com', data_nascimento: '1991-07-02' },
    });

    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as ClientHeader;
    expect(created).toEqual({
      id: expect.any(Number),
      nome: 'Júlia Ferreira',
      email: 'julia.ferreira@exemplo.com',
      data_nascimento: '1991-07-02',
      plano: null,
      vencimento: null,
      objetivo: null,
      peso: null,
      altura: null,
      ultimo_treino: null,
      treinos_7_dias: 0,
      dias_planejados: 0,
      nao_lidas: 0,
      aguardando_desde: null,
      ultima_mensagem: null,
      convite_pendente: true,
      responsaveis: { personal: null, nutricionista: null },
    });
    const sent = (await outbox(ctx.db)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: 'julia.ferreira@exemplo.com', subject: 'Acompanha: crie sua senha de acesso' });
    expect(await rosterEntry(ctx, staff.token, created.id)).toMatchObject({ convite_pendente: true });
    expectError(await call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email: created.email, password: NEW_PASSWORD } }), 401);

    expect((await changePassword(ctx, tokenOfLink(sent[0]!.link!))).statusCode).toBe(204);
    const session = await login(ctx.app, created.email, NEW_PASSWORD);
    expect((await call(ctx.app, 'GET', `/api/v2/clientes/${created.id}`, { token: session.token })).json()).toEqual({
      id: created.id,
      nome: 'Júlia Ferreira',
      email: 'julia.ferreira@exemplo.com',
      data_nascimento: '1991-07-02',
    });
    expect(await rosterEntry(ctx, staff.token, created.id)).toMatchObject({ convite_pendente: false });
  });

  it('answers 409 naming email for an address an account has, a client or a team member, in any case; nothing is created or sent', async () => {
    const staff = await signInStaff(ctx);
    await createClient(ctx.db, { email: 'ja.existe@exemplo.com' });
    const users = await userCount(ctx);
    const emails = (await outbox(ctx.db)).length;
    for (const email of ['ja.existe@exemplo.com', 'JA.EXISTE@exemplo.com', staff.email]) {
      const body = expectError(await call(ctx.app, 'POST', CLIENTS, { token: staff.token, payload: { nome: 'Outra', email, data_nascimento: '1990-01-01' } }), 409);
      expect(body).toMatchObject({ field: 'email', message: 'email: já existe uma conta com este e-mail.' });
    }
    expect(await userCount(ctx)).toBe(users);
    expect(await outbox(ctx.db)).toHaveLength(emails);
  });

  it('creates one account of two requests for one address at once, and answers the other 409', async () => {
    const staff = await signInStaff(ctx);
    const payload = { nome: 'Dupla', email: 'dupla@exemplo.com', data_nascimento: '1990-01-01' };
    const answers = await Promise.all([call(ctx.app, 'POST', CLIENTS, { token: staff.token, payload }), call(ctx.app, 'POST', CLIENTS, { token: staff.token, payload })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ email: 'a@exemplo.com', data_nascimento: '1990-01-01' }, 'nome'],
    [{ nome: '   ', email: 'a@exemplo.com', data_nascimento: '1990-01-01' }, 'nome'],
    [{ nome: 'x'.repeat(121), email: 'a@exemplo.com', data_nascimento: '1990-01-01' }, 'nome'],
    [{ nome: 'Ana', data_nascimento: '1990-01-01' }, 'email'],
    [{ nome: 'Ana', email: 'sem-arroba', data_nascimento: '1990-01-01' }, 'email'],
    [{ nome: 'Ana', email: 'a@exemplo.com' }, 'data_nascimento'],
    [{ nome: 'Ana', email: 'a@exemplo.com', data_nascimento: '02/07/1991' }, 'data_nascimento'],
    [{ nome: 'Ana', email: 'a@exemplo.com', data_nascimento: '1991-02-30' }, 'data_nascimento'],
    // Today (the fixed day) and later are no birth dates.
    [{ nome: 'Ana', email: 'a@exemplo.com', data_nascimento: '2026-11-26' }, 'data_nascimento'],
    [{ nome: 'Ana', email: 'a@exemplo.com', data_nascimento: '2030-01-01' }, 'data_nascimento'],
    [{ nome: 'Ana', email: 'a@exemplo.com', data_nascimento: '1990-01-01', papel: 'ROLE_ADMIN' }, 'papel'],
  ])('answers 400 naming the field for %j, creating nothing', async (payload, field) => {
    const staff = await signInStaff(ctx);
    const users = await userCount(ctx);
    expectBadField(await call(ctx.app, 'POST', CLIENTS, { token: staff.token, payload }), field);
    expect(await userCount(ctx)).toBe(users);
  });

  it('answers 403 to a client and 401 without a token', async () => {
    const client = await signIn(ctx);
    const payload = { nome: 'Ana', email: 'nova@exemplo.com', data_nascimento: '1990-01-01' };
    expectError(await call(ctx.app, 'POST', CLIENTS, { token: client.token, payload }), 403);
    expectError(await call(ctx.app, 'POST', CLIENTS, { payload }), 401);
  });
});

describe("'Reenviar convite'", () => {
  const ctx = useTestApp();

  it('e-mails a new first-access link; the earlier one keeps working until one of them is used', async () => {
    const staff = await signInStaff(ctx);
    const created = (await call(ctx.app, 'POST', CLIENTS, { token: staff.token, payload: { nome: 'Rui', email: 'rui@exemplo.com', data_nascimento: '1985-03-03' } })).json() as ClientHeader;
    const first = (await outbox(ctx.db)).at(-1)!;

    const response = await call(ctx.app, 'POST', invite(created.id), { token: staff.token });

    expect(response.statusCode, response.body).toBe(204);
    const second = (await outbox(ctx.db)).at(-1)!;
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ recipient: 'rui@exemplo.com', subject: 'Acompanha: crie sua senha de acesso' });
    expect(second.link).not.toBe(first.link);
    expect((await changePassword(ctx, tokenOfLink(second.link!))).statusCode).toBe(204);
    expect(await rosterEntry(ctx, staff.token, created.id)).toMatchObject({ convite_pendente: false });
  });

  it('answers 409 once the client has set a password, 404 for an id that is not a client, 400 for no id, 403 to a client', async () => {
    const staff = await signInStaff(ctx);
    const client = await signIn(ctx);
    const emails = (await outbox(ctx.db)).length;
    expectError(await call(ctx.app, 'POST', invite(client.id), { token: staff.token }), 409);
    expect(expectError(await call(ctx.app, 'POST', invite(staff.id), { token: staff.token }), 404).message).toBe('Cliente não encontrado.');
    expectError(await call(ctx.app, 'POST', invite(2_000_000), { token: staff.token }), 404);
    expectBadField(await call(ctx.app, 'POST', invite('abc'), { token: staff.token }), 'id');
    expectError(await call(ctx.app, 'POST', invite(client.id), { token: client.token }), 403);
    expect(await outbox(ctx.db)).toHaveLength(emails);
  });
});

describe("the roster's 'Convite pendente'", () => {
  const ctx = useTestApp();

  it('is false for a client with a password and true for one made without, as client:create makes them', async () => {
    const staff = await signInStaff(ctx);
    const withPassword = await createClient(ctx.db);
    const invited = await createUser(ctx.db, { email: 'convidada@exemplo.com', client: { nome: 'Convidada' } });
    expect(await rosterEntry(ctx, staff.token, withPassword.id)).toMatchObject({ convite_pendente: false });
    expect(await rosterEntry(ctx, staff.token, invited.id)).toMatchObject({ convite_pendente: true });
    const header = await call(ctx.app, 'GET', `${CLIENTS}/${invited.id}`, { token: staff.token });
    expect(header.json()).toMatchObject({ convite_pendente: true });
  });
});
