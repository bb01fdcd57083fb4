import { RECOVERY_CODE_COUNT, SECOND_FACTOR_ENROLMENT_CODE, SECOND_FACTOR_INVALID_CODE, SECOND_FACTOR_REQUIRED_CODE, type RecoveryCodes, type SecondFactorEnrolment } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, seedDemoData } from '../src/db/seed.js';
import { WRONG_CODES_ALLOWED } from '../src/modules/second-factor/service.js';
import { call, createUser, expectBadField, expectError, freshAddress, login, PASSWORD, signIn, TEST_SCRYPT_COST, useTestApp, type TestContext } from './helper.js';
import { enrolSecondFactor, signInStaff, totpCode } from './staff.js';

const FACTOR = '/api/v1/equipe/verificacao';
const STEP_MS = 30_000;

let count = 0;
/** A staff account without a second factor, signed in with its password alone. */
async function staffWithoutFactor(ctx: TestContext, roles: ('ROLE_ADMIN' | 'ROLE_PERSONAL' | 'ROLE_NUTRICIONISTA')[]) {
  count += 1;
  const user = await createUser(ctx.db, { email: `sem-fator${count}@equipe.test`, password: PASSWORD, scryptCost: TEST_SCRYPT_COST, roles, nome: 'Sem Fator' });
  return { ...user, ...(await login(ctx.app, user.email)) };
}

const signInWith = (ctx: TestContext, email: string, codigo?: unknown) =>
  call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email, password: PASSWORD, ...(codigo === undefined ? {} : { codigo }) }, remoteAddress: freshAddress() });

/** Enrols through the routes, as the console does; answers the secret and the recovery codes. */
async function enrolThroughRoutes(ctx: TestContext, token: string) {
  const begun = await call(ctx.app, 'POST', FACTOR, { token });
  expect(begun.statusCode, begun.body).toBe(201);
  const { segredo } = begun.json() as SecondFactorEnrolment;
  const confirmed = await call(ctx.app, 'POST', `${FACTOR}/confirmar`, { token, payload: { codigo: totpCode(segredo, Date.now() - STEP_MS) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { segredo, codes: (confirmed.json() as RecoveryCodes).codigos_recuperacao };
}

describe('an administrator without a second factor', () => {
  const ctx = useTestApp();

  it("is refused every team route (403, SecondFactorEnrolmentRequired) until they enrol, and can enrol", async () => {
    const admin = await staffWithoutFactor(ctx, ['ROLE_ADMIN']);
    for (const path of ['/api/v1/equipe/clientes', '/api/v1/equipe/membros', '/api/v1/equipe/atividades']) {
      expect(expectError(await call(ctx.app, 'GET', path, { token: admin.token }), 403).code).toBe(SECOND_FACTOR_ENROLMENT_CODE);
    }
    expect((await call(ctx.app, 'GET', '/api/v1/users/me', { token: admin.token })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', FACTOR, { token: admin.token })).json()).toEqual({ ativa: false, obrigatoria: true, codigos_restantes: 0 });

    await enrolThroughRoutes(ctx, admin.token);

    // The session that enrolled proved the factor: it goes on.
    expect((await call(ctx.app, 'GET', '/api/v1/equipe/clientes', { token: admin.token })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/v1/equipe/membros', { token: admin.token })).statusCode).toBe(200);
  });

  it('leaves the rest of the team as it was: no code asked, every team route open, the factor offered', async () => {
    const personal = await staffWithoutFactor(ctx, ['ROLE_PERSONAL']);
    expect((await call(ctx.app, 'GET', '/api/v1/equipe/clientes', { token: personal.token })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', FACTOR, { token: personal.token })).json()).toEqual({ ativa: false, obrigatoria: false, codigos_restantes: 0 });
  });

  it('is a staff route: a client gets 403 and no token 401', async () => {
    const client = await signIn(ctx);
    expectError(await call(ctx.app, 'GET', FACTOR, { token: client.token }), 403);
    expectError(await call(ctx.app, 'POST', FACTOR, { token: client.token }), 403);
    expectError(await call(ctx.app, 'GET', FACTOR), 401);
  });
});

describe('enrolling a second factor', () => {
  const ctx = useTestApp();

  it('answers a base32 secret and its otpauth:// URI once, confirmed by a first code; a wrong code is 400 naming codigo', async () => {
    const member = await staffWithoutFactor(ctx, ['ROLE_NUTRICIONISTA']);
    const begun = (await call(ctx.app, 'POST', FACTOR, { token: member.token })).json() as SecondFactorEnrolment;
    expect(begun.segredo).toMatch(/^[A-Z2-7]{32}$/);
    expect(begun.uri).toBe(`otpauth://totp/Acompanha:${encodeURIComponent(member.email)}?issuer=Acompanha&secret=${begun.segredo}&algorithm=SHA1&digits=6&period=30`);
    // Not on until confirmed: sign-in asks no code.
    expect((await signInWith(ctx, member.email)).statusCode).toBe(200);

    const wrong = String((Number(totpCode(begun.segredo)) + 1) % 1_000_000).padStart(6, '0');
    expectBadField(await call(ctx.app, 'POST', `${FACTOR}/confirmar`, { token: member.token, payload: { codigo: wrong } }), 'codigo');
    expectBadField(await call(ctx.app, 'POST', `${FACTOR}/confirmar`, { token: member.token, payload: { codigo: '1'.repeat(33) } }), 'codigo');
    expectBadField(await call(ctx.app, 'POST', `${FACTOR}/confirmar`, { token: member.token, payload: {} }), 'codigo');

    const confirmed = await call(ctx.app, 'POST', `${FACTOR}/confirmar`, { token: member.token, payload: { codigo: totpCode(begun.segredo) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = (confirmed.json() as RecoveryCodes).codigos_recuperacao;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call(ctx.app, 'GET', FACTOR, { token: member.token })).json()).toEqual({ ativa: true, obrigatoria: false, codigos_restantes: RECOVERY_CODE_COUNT });
  });

  it('never answers the secret again, and stores it encrypted and the recovery codes as digests', async () => {
    const member = await staffWithoutFactor(ctx, ['ROLE_PERSONAL']);
    const { segredo, codes } = await enrolThroughRoutes(ctx, member.token);

    expect(expectError(await call(ctx.app, 'POST', FACTOR, { token: member.token }), 409).message).toContain('já está ativa');
    expect((await call(ctx.app, 'GET', FACTOR, { token: member.token })).body).not.toContain(segredo);
    const stored = await ctx.db.selectFrom('second_factors').select('secret').where('user_id', '=', member.id).executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(segredo);
    const digests = (await ctx.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', member.id).execute()).map((row) => row.code_hash);
    expect(digests).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(digests.join()).not.toContain(code.replace('-', ''));
  });

  it('replaces an unconfirmed secret when begun again: only the newest one confirms', async () => {
    const member = await staffWithoutFactor(ctx, ['ROLE_PERSONAL']);
    const first = (await call(ctx.app, 'POST', FACTOR, { token: member.token })).json() as SecondFactorEnrolment;
    const second = (await call(ctx.app, 'POST', FACTOR, { token: member.token })).json() as SecondFactorEnrolment;
    expect(second.segredo).not.toBe(first.segredo);
    expectBadField(await call(ctx.app, 'POST', `${FACTOR}/confirmar`, { token: member.token, payload: { codigo: totpCode(first.segredo) } }), 'codigo');
    expect((await call(ctx.app, 'POST', `${FACTOR}/confirmar`, { token: member.token, payload: { codigo: totpCode(second.segredo) } })).statusCode).toBe(200);
  });
});

describe('signing in with a second factor', () => {
  const ctx = useTestApp();

  it('asks for the code after the password (401 SecondFactorRequired), and a wrong password still reads as one', async () => {
    const admin = await signInStaff(ctx, ['ROLE_ADMIN']);
    const asked = expectError(await signInWith(ctx, admin.email), 401);
    expect(asked).toMatchObject({ code: SECOND_FACTOR_REQUIRED_CODE, message: 'Digite o código de verificação do seu aplicativo autenticador.' });
    const wrongPassword = await call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email: admin.email, password: 'Errada123' }, remoteAddress: freshAddress() });
    expect(expectError(wrongPassword, 401)).toEqual({ status: 401, error: 'Unauthorized', message: 'Usuário ou senha incorretos.' });
  });

  it('accepts the current code once: the same code again is refused (401 SecondFactorInvalid), the next step is accepted', async () => {
    const member = await staffWithoutFactor(ctx, ['ROLE_PERSONAL']);
    const secret = await enrolSecondFactor(ctx, member);
    const code = totpCode(secret);

    expect((await signInWith(ctx, member.email, code)).statusCode).toBe(200);
    expect(expectError(await signInWith(ctx, member.email, code), 401)).toMatchObject({ code: SECOND_FACTOR_INVALID_CODE, message: 'Código de verificação incorreto ou já usado.' });
    // An app a step ahead of the server is still read.
    expect((await signInWith(ctx, member.email, totpCode(secret, Date.now() + STEP_MS))).statusCode).toBe(200);
    // Two steps off is too far.
    expectError(await signInWith(ctx, member.email, totpCode(secret, Date.now() + 3 * STEP_MS)), 401);
  });

  it('lets only one of two sign-ins with the same code through at once', async () => {
    const member = await staffWithoutFactor(ctx, ['ROLE_PERSONAL']);
    const secret = await enrolSecondFactor(ctx, member);
    const code = totpCode(secret);
    const statuses = (await Promise.all([signInWith(ctx, member.email, code), signInWith(ctx, member.email, code)])).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('accepts each recovery code once, typed in any case, with or without its dash', async () => {
    const member = await staffWithoutFactor(ctx, ['ROLE_NUTRICIONISTA']);
    const { codes } = await enrolThroughRoutes(ctx, member.token);

    expect((await signInWith(ctx, member.email, codes[0]!.toUpperCase())).statusCode).toBe(200);
    expectError(await signInWith(ctx, member.email, codes[0]), 401);
    expect((await signInWith(ctx, member.email, ` ${codes[1]!.replace('-', '')} `)).statusCode).toBe(200);
    const session = await login(ctx.app, member.email, PASSWORD, codes[2]);
    expect((await call(ctx.app, 'GET', FACTOR, { token: session.token })).json()).toMatchObject({ codigos_restantes: RECOVERY_CODE_COUNT - 3 });
  });

  it(`answers 429 past ${WRONG_CODES_ALLOWED} wrong codes in 15 minutes, even to the right one`, async () => {
    const member = await staffWithoutFactor(ctx, ['ROLE_PERSONAL']);
    const secret = await enrolSecondFactor(ctx, member);
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < WRONG_CODES_ALLOWED; attempt += 1) expectError(await signInWith(ctx, member.email, wrong), 401);

    const refused = await signInWith(ctx, member.email, totpCode(secret));

    expect(expectError(refused, 429).message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ segundos\.$/);
  });

  it('is 400 naming codigo for a code that is not text or too long; clients sign in as before, with or without one', async () => {
    const member = await staffWithoutFactor(ctx, ['ROLE_PERSONAL']);
    expectBadField(await signInWith(ctx, member.email, 123456), 'codigo');
    expectBadField(await signInWith(ctx, member.email, '1'.repeat(33)), 'codigo');
    const client = await signIn(ctx);
    expect((await signInWith(ctx, client.email)).statusCode).toBe(200);
    expect((await signInWith(ctx, client.email, '123456')).statusCode).toBe(200);
  });
});

describe("managing one's second factor", () => {
  const ctx = useTestApp();

  it('renews the recovery codes with a current code: the old ones stop working', async () => {
    const member = await staffWithoutFactor(ctx, ['ROLE_PERSONAL']);
    const { codes } = await enrolThroughRoutes(ctx, member.token);
    expectBadField(await call(ctx.app, 'POST', `${FACTOR}/codigos-recuperacao`, { token: member.token, payload: { codigo: '000000' } }), 'codigo');

    const renewed = await call(ctx.app, 'POST', `${FACTOR}/codigos-recuperacao`, { token: member.token, payload: { codigo: codes[0] } });

    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = (renewed.json() as RecoveryCodes).codigos_recuperacao;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expectError(await signInWith(ctx, member.email, codes[1]), 401);
    expect((await signInWith(ctx, member.email, fresh[0])).statusCode).toBe(200);
  });

  it('turns it off with a code: sign-in asks none; an administrator who does is sent back to enrol', async () => {
    const member = await staffWithoutFactor(ctx, ['ROLE_PERSONAL']);
    const { segredo } = await enrolThroughRoutes(ctx, member.token);
    expectBadField(await call(ctx.app, 'POST', `${FACTOR}/desativar`, { token: member.token, payload: { codigo: '000000' } }), 'codigo');
    expect((await call(ctx.app, 'POST', `${FACTOR}/desativar`, { token: member.token, payload: { codigo: totpCode(segredo) } })).statusCode).toBe(204);
    expect((await signInWith(ctx, member.email)).statusCode).toBe(200);
    expect(expectError(await call(ctx.app, 'POST', `${FACTOR}/desativar`, { token: member.token, payload: { codigo: totpCode(segredo) } }), 409).message).toContain('não está ativa');

    const admin = await signInStaff(ctx, ['ROLE_ADMIN']);
    expect((await call(ctx.app, 'POST', `${FACTOR}/desativar`, { token: admin.token, payload: { codigo: totpCode(admin.totpSecret!, Date.now() + STEP_MS) } })).statusCode).toBe(204);
    expect(expectError(await call(ctx.app, 'GET', '/api/v1/equipe/clientes', { token: admin.token }), 403).code).toBe(SECOND_FACTOR_ENROLMENT_CODE);
  });
});

describe("the demo's accounts", () => {
  const ctx = useTestApp();

  it('sign the administrator in with the published secret, and the rest of the team without a code', async () => {
    await seedDemoData(ctx.db, ctx.app.jwtSecret);
    const admin = await login(ctx.app, 'admin@demo.fit', DEMO_PASSWORD, totpCode(DEMO_ADMIN_TOTP_SECRET));
    expect((await call(ctx.app, 'GET', '/api/v1/equipe/membros', { token: admin.token })).statusCode).toBe(200);
    for (const email of ['nutri@demo.fit', 'personal@demo.fit']) {
      const { token } = await login(ctx.app, email, DEMO_PASSWORD);
      expect((await call(ctx.app, 'GET', '/api/v1/equipe/clientes', { token })).statusCode).toBe(200);
    }
    // The demo's passwords are hashed at production cost, seven of them: slow on a busy machine.
  }, 60_000);
});
