import type { StaffList, StaffMember } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { disableMember } from '../src/modules/accounts/service.js';
import { markStaffDisabled } from '../src/modules/accounts/repository.js';
import { call, expectBadField, expectError, freshAddress, login, outbox, PASSWORD, requestResetEmail, resetEmailsDone, signIn, tokenOfLink, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';

const MEMBERS = '/api/v1/equipe/membros';
const disable = (id: number | string) => `${MEMBERS}/${id}/desativar`;
const enable = (id: number | string) => `${MEMBERS}/${id}/reativar`;
const NEW_PASSWORD = 'PrimeiraSenha1';

async function members(ctx: TestContext, token: string) {
  const response = await call(ctx.app, 'GET', MEMBERS, { token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as StaffList).results;
}

const signInAgain = (ctx: TestContext, email: string, password = PASSWORD) =>
  call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email, password }, remoteAddress: freshAddress() });

describe('staff accounts, for administrators', () => {
  const ctx = useTestApp();

  it('lists every staff account by name with its roles, whether it awaits its first access and whether it is disabled', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const rafael = await signInStaff(ctx, ['ROLE_PERSONAL', 'ROLE_ADMIN'], 'Rafael Costa');
    const nameless = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], null);
    await signIn(ctx);

    const list = await members(ctx, admin.token);

    expect(list.map((member) => member.id)).toEqual([admin.id, rafael.id, nameless.id]);
    expect(list[1]).toEqual({ id: rafael.id, nome: 'Rafael Costa', email: rafael.email, papeis: ['ROLE_PERSONAL', 'ROLE_ADMIN'], convite_pendente: false, desativado_em: null, registro: null });
    expect(list[2]).toMatchObject({ nome: null, papeis: ['ROLE_NUTRICIONISTA'] });
    // An administrator who is also a trainer is an administrator.
    expect(await members(ctx, rafael.token)).toEqual(list);
  });

  it('creates a staff account with a first-access link by e-mail, with which the member sets a password and signs in to the console', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const before = (await outbox(ctx.db)).length;

    const response = await call(ctx.app, 'POST', MEMBERS, { token: admin.token, payload: { nome: 'Bianca Lima', email: 'Bianca@Equipe.test', papel: 'ROLE_NUTRICIONISTA' } });

    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as StaffMember;
    expect(created).toEqual({ id: expect.any(Number), nome: 'Bianca Lima', email: 'bianca@equipe.test', papeis: ['ROLE_NUTRICIONISTA'], convite_pendente: true, desativado_em: null, registro: null });
    const sent = (await outbox(ctx.db)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: 'bianca@equipe.test', subject: 'Acompanha: crie sua senha de acesso' });
    expect((await members(ctx, admin.token)).find((member) => member.id === created.id)).toEqual(created);

    const changed = await call(ctx.app, 'PATCH', '/api/v1/users/change-password', { token: tokenOfLink(sent[0]!.link!), payload: { password: NEW_PASSWORD } });
    expect(changed.statusCode).toBe(204);
    const session = await login(ctx.app, 'bianca@equipe.test', NEW_PASSWORD);
    expect((await call(ctx.app, 'GET', '/api/v1/users/me', { token: session.token })).json()).toEqual({ id: created.id, email: 'bianca@equipe.test', roles: ['ROLE_NUTRICIONISTA'] });
    expect((await call(ctx.app, 'GET', '/api/v1/equipe/clientes', { token: session.token })).statusCode).toBe(200);
    // A nutritionist does not manage accounts.
    expectError(await call(ctx.app, 'GET', MEMBERS, { token: session.token }), 403);
  });

  it('answers 409 naming email for an address an account has, in any case', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN']);
    const client = await signIn(ctx);
    for (const email of [admin.email.toUpperCase(), client.email]) {
      expect(expectError(await call(ctx.app, 'POST', MEMBERS, { token: admin.token, payload: { nome: 'Outro', email, papel: 'ROLE_PERSONAL' } }), 409).field).toBe('email');
    }
  });

  it.each([
    [{ email: 'n@equipe.test', papel: 'ROLE_PERSONAL' }, 'nome'],
    [{ nome: ' ', email: 'n@equipe.test', papel: 'ROLE_PERSONAL' }, 'nome'],
    [{ nome: 'Nome', email: 'n@', papel: 'ROLE_PERSONAL' }, 'email'],
    [{ nome: 'Nome', email: 'n@equipe.test' }, 'papel'],
    [{ nome: 'Nome', email: 'n@equipe.test', papel: 'ROLE_CLIENTE' }, 'papel'],
    [{ nome: 'Nome', email: 'n@equipe.test', papel: ['ROLE_PERSONAL'] }, 'papel'],
    [{ nome: 'Nome', email: 'n@equipe.test', papel: 'ROLE_PERSONAL', senha: 'Senha123' }, 'senha'],
    [{ nome: 'Nome', email: 'n@equipe.test', papel: 'ROLE_PERSONAL', registro: 'C'.repeat(31) }, 'registro'],
    [{ nome: 'Nome', email: 'n@equipe.test', papel: 'ROLE_PERSONAL', registro: 12345 }, 'registro'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN']);
    expectBadField(await call(ctx.app, 'POST', MEMBERS, { token: admin.token, payload }), field);
  });

  it('answers 403 to a personal trainer, a nutritionist and a client on every route, 401 without a token, and changes nothing', async () => {
    const target = await signInStaff(ctx, ['ROLE_PERSONAL']);
    const payload = { nome: 'Intrusa', email: 'intrusa@equipe.test', papel: 'ROLE_ADMIN' };
    for (const caller of [await signInStaff(ctx, ['ROLE_PERSONAL']), await signInStaff(ctx, ['ROLE_NUTRICIONISTA']), await signIn(ctx)]) {
      expectError(await call(ctx.app, 'GET', MEMBERS, { token: caller.token }), 403);
      expectError(await call(ctx.app, 'POST', MEMBERS, { token: caller.token, payload }), 403);
      expectError(await call(ctx.app, 'POST', disable(target.id), { token: caller.token }), 403);
      expectError(await call(ctx.app, 'POST', enable(target.id), { token: caller.token }), 403);
      expectError(await call(ctx.app, 'PATCH', `${MEMBERS}/${target.id}`, { token: caller.token, payload: { registro: 'CREF 1' } }), 403);
    }
    expectError(await call(ctx.app, 'GET', MEMBERS), 401);
    expectError(await call(ctx.app, 'PATCH', `${MEMBERS}/${target.id}`, { payload: { registro: 'CREF 1' } }), 401);
    expect((await ctx.db.selectFrom('users').select('registro').where('id', '=', target.id).executeTakeFirstOrThrow()).registro).toBeNull();
    expectError(await call(ctx.app, 'POST', disable(target.id)), 401);
    expect((await signInAgain(ctx, target.email)).statusCode).toBe(200);
    expect(await ctx.db.selectFrom('users').select('id').where('email', '=', 'intrusa@equipe.test').execute()).toEqual([]);
  });
});

describe("a staff member's professional registration", () => {
  const ctx = useTestApp();
  const member = (id: number | string) => `${MEMBERS}/${id}`;

  it('is given when the account is made, trimmed, and blank is none', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const created = await call(ctx.app, 'POST', MEMBERS, { token: admin.token, payload: { nome: 'Bianca Lima', email: 'bianca@equipe.test', papel: 'ROLE_PERSONAL', registro: '  CREF 012345-G/SP ' } });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as StaffMember).registro).toBe('CREF 012345-G/SP');
    const blank = await call(ctx.app, 'POST', MEMBERS, { token: admin.token, payload: { nome: 'Caio Dias', email: 'caio@equipe.test', papel: 'ROLE_PERSONAL', registro: '   ' } });
    expect((blank.json() as StaffMember).registro).toBeNull();
  });

  it("is set and cleared by an administrator, their own too", async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const marina = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Marina Alves');

    const set = await call(ctx.app, 'PATCH', member(marina.id), { token: admin.token, payload: { registro: ' CRN-3 54321 ' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: marina.id, nome: 'Marina Alves', registro: 'CRN-3 54321' });
    expect((await members(ctx, admin.token)).find((entry) => entry.id === marina.id)?.registro).toBe('CRN-3 54321');

    const own = await call(ctx.app, 'PATCH', member(admin.id), { token: admin.token, payload: { registro: 'CREF 000001-G/SP' } });
    expect((own.json() as StaffMember).registro).toBe('CREF 000001-G/SP');
    const cleared = await call(ctx.app, 'PATCH', member(admin.id), { token: admin.token, payload: { registro: null } });
    expect((cleared.json() as StaffMember).registro).toBeNull();
    expect((await call(ctx.app, 'PATCH', member(admin.id), { token: admin.token, payload: { registro: '' } })).json()).toMatchObject({ registro: null });
  });

  it.each([
    [{ registro: 'C'.repeat(31) }, 'registro'],
    [{ registro: 12345 }, 'registro'],
    [{}, 'registro'],
    [{ registro: 'CREF 1', nome: 'Outro' }, 'nome'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN']);
    const target = await signInStaff(ctx, ['ROLE_PERSONAL']);
    expectBadField(await call(ctx.app, 'PATCH', member(target.id), { token: admin.token, payload }), field);
  });

  it("accepts 30 characters, and answers 404 for a client's or an unknown id, 400 for no id", async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN']);
    const target = await signInStaff(ctx, ['ROLE_PERSONAL']);
    const client = await signIn(ctx);
    expect((await call(ctx.app, 'PATCH', member(target.id), { token: admin.token, payload: { registro: 'C'.repeat(30) } })).json()).toMatchObject({ registro: 'C'.repeat(30) });
    expectError(await call(ctx.app, 'PATCH', member(client.id), { token: admin.token, payload: { registro: 'CREF 1' } }), 404);
    expectError(await call(ctx.app, 'PATCH', member(2_000_000), { token: admin.token, payload: { registro: 'CREF 1' } }), 404);
    expectBadField(await call(ctx.app, 'PATCH', member('abc'), { token: admin.token, payload: { registro: 'CREF 1' } }), 'id');
  });
});

describe('disabling a staff account', () => {
  const ctx = useTestApp();

  it('ends its sessions at once (access tokens refused, refresh tokens revoked) and it can no longer sign in', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const member = await signInStaff(ctx, ['ROLE_PERSONAL'], 'Rafael Costa');
    const other = await login(ctx.app, member.email);
    expect((await call(ctx.app, 'GET', '/api/v1/equipe/clientes', { token: member.token })).statusCode).toBe(200);

    const response = await call(ctx.app, 'POST', disable(member.id), { token: admin.token });

    expect(response.statusCode, response.body).toBe(200);
    const disabled = response.json() as StaffMember;
    expect(disabled).toEqual({ id: member.id, nome: 'Rafael Costa', email: member.email, papeis: ['ROLE_PERSONAL'], convite_pendente: false, desativado_em: expect.any(String), registro: null });
    expect(Math.abs(Date.parse(disabled.desativado_em!) - Date.now())).toBeLessThan(60_000);

    for (const token of [member.token, other.token]) {
      expectError(await call(ctx.app, 'GET', '/api/v1/equipe/clientes', { token }), 401);
      expectError(await call(ctx.app, 'GET', '/api/v1/users/me', { token }), 401);
    }
    for (const refreshToken of [member.refresh_token, other.refresh_token]) {
      expectError(await call(ctx.app, 'POST', '/api/v1/auth/refresh', { payload: { refresh_token: refreshToken } }), 401);
    }
    expect(expectError(await signInAgain(ctx, member.email), 401).message).toBe('Esta conta foi desativada. Fale com o administrador da equipe.');
    // A wrong password learns nothing about the account.
    expect(expectError(await signInAgain(ctx, member.email, 'Errada123'), 401).message).toBe('Usuário ou senha incorretos.');
    expect((await members(ctx, admin.token)).find((entry) => entry.id === member.id)).toEqual(disabled);
  });

  it('spends its unused first-access links and sends it no reset e-mail', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN']);
    const created = (await call(ctx.app, 'POST', MEMBERS, { token: admin.token, payload: { nome: 'Nova', email: 'nova@equipe.test', papel: 'ROLE_PERSONAL' } })).json() as StaffMember;
    const link = (await outbox(ctx.db)).at(-1)!.link!;
    expect((await call(ctx.app, 'POST', disable(created.id), { token: admin.token })).statusCode).toBe(200);

    expectError(await call(ctx.app, 'PATCH', '/api/v1/users/change-password', { token: tokenOfLink(link), payload: { password: NEW_PASSWORD } }), 401);
    const emails = (await outbox(ctx.db)).length;
    expect((await requestResetEmail(ctx.app, 'nova@equipe.test')).statusCode).toBe(200);
    await resetEmailsDone(ctx);
    expect((await outbox(ctx.db)).slice(emails).map((email) => email.recipient)).not.toContain('nova@equipe.test');
  });

  it('keeps the first disabling time when asked again', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN']);
    const member = await signInStaff(ctx, ['ROLE_NUTRICIONISTA']);
    const first = (await call(ctx.app, 'POST', disable(member.id), { token: admin.token })).json() as StaffMember;
    const again = await call(ctx.app, 'POST', disable(member.id), { token: admin.token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
  });

  it("refuses an administrator's own account (400 naming id), a client's or an unknown id (404), and no id (400)", async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN']);
    const client = await signIn(ctx);
    expectBadField(await call(ctx.app, 'POST', disable(admin.id), { token: admin.token }), 'id');
    expect((await call(ctx.app, 'GET', '/api/v1/users/me', { token: admin.token })).statusCode).toBe(200);
    expect(expectError(await call(ctx.app, 'POST', disable(client.id), { token: admin.token }), 404).message).toBe('Membro da equipe não encontrado.');
    expect((await call(ctx.app, 'GET', '/api/v1/users/me', { token: client.token })).statusCode).toBe(200);
    expectError(await call(ctx.app, 'POST', disable(2_000_000), { token: admin.token }), 404);
    expectBadField(await call(ctx.app, 'POST', disable('abc'), { token: admin.token }), 'id');
  });

  it('lets one administrator disable another, whose account then cannot act', async () => {
    const helena = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const other = await signInStaff(ctx, ['ROLE_ADMIN'], 'Outra Admin');
    expect((await call(ctx.app, 'POST', disable(other.id), { token: helena.token })).statusCode).toBe(200);
    expectError(await call(ctx.app, 'POST', disable(helena.id), { token: other.token }), 401);
    expect((await call(ctx.app, 'GET', '/api/v1/users/me', { token: helena.token })).statusCode).toBe(200);
  });
});

describe('two administrators disabling each other at once', () => {
  const ctx = useTestApp();

  const activeAdmins = async () =>
    (await ctx.db.selectFrom('users').select('id').where('roles', 'like', '%ROLE_ADMIN%').where('disabled_at', 'is', null).execute()).map((row) => row.id);

  it('lets only one succeed: the other, disabled meanwhile, is refused, and the team keeps an administrator', async () => {
    const helena = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const outra = await signInStaff(ctx, ['ROLE_ADMIN'], 'Outra Admin');

    const outcomes = await Promise.allSettled([disableMember(ctx.db, helena.id, outra.id), disableMember(ctx.db, outra.id, helena.id)]);

    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected')!;
    expect(refused.reason).toMatchObject({ status: 401 });
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('answers one of two such requests 200 and the other 401, over HTTP', async () => {
    const helena = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const outra = await signInStaff(ctx, ['ROLE_ADMIN'], 'Outra Admin');
    const before = (await activeAdmins()).filter((id) => id !== helena.id && id !== outra.id);

    const responses = await Promise.all([
      call(ctx.app, 'POST', disable(outra.id), { token: helena.token }),
      call(ctx.app, 'POST', disable(helena.id), { token: outra.token }),
    ]);

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401]);
    expect((await activeAdmins()).filter((id) => id === helena.id || id === outra.id)).toHaveLength(1);
    expect((await activeAdmins()).filter((id) => id !== helena.id && id !== outra.id)).toEqual(before);
  });

  it('never disables the last active administrator, whoever asks', async () => {
    const only = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    await ctx.db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '!=', only.id).where('roles', 'like', '%ROLE_ADMIN%').execute();

    expect(await markStaffDisabled(ctx.db, only.id, new Date())).toBe(false);
    expect(await activeAdmins()).toEqual([only.id]);
  });
});

describe('re-enabling a staff account', () => {
  const ctx = useTestApp();

  it('lets the member sign in again with their password, and answers the member active', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN'], 'Helena Prado');
    const member = await signInStaff(ctx, ['ROLE_PERSONAL'], 'Rafael Costa');
    expect((await call(ctx.app, 'POST', disable(member.id), { token: admin.token })).statusCode).toBe(200);
    expectError(await signInAgain(ctx, member.email), 401);

    const response = await call(ctx.app, 'POST', enable(member.id), { token: admin.token });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: member.id, nome: 'Rafael Costa', email: member.email, papeis: ['ROLE_PERSONAL'], convite_pendente: false, desativado_em: null, registro: null });
    expect((await signInAgain(ctx, member.email)).statusCode).toBe(200);
    // The sessions that disabling ended stay ended.
    expectError(await call(ctx.app, 'GET', '/api/v1/users/me', { token: member.token }), 401);
    // Asked again, nothing changes.
    expect((await call(ctx.app, 'POST', enable(member.id), { token: admin.token })).json()).toEqual(response.json());
  });

  it('e-mails a new first-access link to a member who never set a password, since disabling spent the first', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN']);
    const created = (await call(ctx.app, 'POST', MEMBERS, { token: admin.token, payload: { nome: 'Nova', email: 'nova@equipe.test', papel: 'ROLE_PERSONAL' } })).json() as StaffMember;
    expect((await call(ctx.app, 'POST', disable(created.id), { token: admin.token })).statusCode).toBe(200);
    const emails = (await outbox(ctx.db)).length;

    expect((await call(ctx.app, 'POST', enable(created.id), { token: admin.token })).json()).toMatchObject({ convite_pendente: true, desativado_em: null });

    const sent = (await outbox(ctx.db)).slice(emails);
    expect(sent.map((email) => email.recipient)).toEqual(['nova@equipe.test']);
    expect((await call(ctx.app, 'PATCH', '/api/v1/users/change-password', { token: tokenOfLink(sent[0]!.link!), payload: { password: NEW_PASSWORD } })).statusCode).toBe(204);
    expect((await signInAgain(ctx, 'nova@equipe.test', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("answers 404 for a client's or an unknown id and 400 for no id", async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN']);
    const client = await signIn(ctx);
    expect(expectError(await call(ctx.app, 'POST', enable(client.id), { token: admin.token }), 404).message).toBe('Membro da equipe não encontrado.');
    expectError(await call(ctx.app, 'POST', enable(2_000_000), { token: admin.token }), 404);
    expectBadField(await call(ctx.app, 'POST', enable('abc'), { token: admin.token }), 'id');
  });
});
