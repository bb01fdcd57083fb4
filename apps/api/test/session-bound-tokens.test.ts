import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { call, expectError, freshAddress, issueLink, login, signIn, useTestApp } from './helper.js';

const NEW_PASSWORD = 'NovaSenha9';

/** Access tokens end with their session (decision 029): 'Sair' and a password reset refuse them at once. */
describe('access tokens bound to their session', () => {
  const ctx = useTestApp();

  const getMe = (token: string) => call(ctx.app, 'GET', '/api/v1/users/me', { token });
  const getClient = (client: { id: number; token: string }) => call(ctx.app, 'GET', `/api/v2/clientes/${client.id}`, { token: client.token });
  const logout = (refreshToken: string) => call(ctx.app, 'POST', '/api/v1/auth/logout', { payload: { refresh_token: refreshToken } });
  const refresh = (refreshToken: string) =>
    call(ctx.app, 'POST', '/api/v1/auth/refresh', { payload: { refresh_token: refreshToken } }).then((response) =>
      response.json<{ token: string; refresh_token: string }>(),
    );

  it("carries its session's id, the same through every refresh of that session", async () => {
    const client = await signIn(ctx);
    const rotated = await refresh(client.refresh_token);
    const { sid } = decodeJwt(client.token);
    expect(sid).toEqual(expect.any(String));
    expect(decodeJwt(rotated.token).sid).toBe(sid);
    expect(decodeJwt((await login(ctx.app, client.email)).token).sid).not.toBe(sid);
  });

  it("is refused at once after 'Sair', even a token the server already verified and remembers", async () => {
    const client = await signIn(ctx);
    expect((await getClient(client)).statusCode).toBe(200);

    expect((await logout(client.refresh_token)).statusCode).toBe(204);

    expect(expectError(await getClient(client), 401).error).toBe('Unauthorized');
    expectError(await getMe(client.token), 401);
  });

  it("refuses every access token of the session after 'Sair', the refreshed ones too, and leaves the user's other sessions alone", async () => {
    const client = await signIn(ctx);
    const other = await login(ctx.app, client.email);
    const rotated = await refresh(client.refresh_token);
    expect((await getMe(rotated.token)).statusCode).toBe(200);

    await logout(rotated.refresh_token);

    expectError(await getMe(client.token), 401);
    expectError(await getMe(rotated.token), 401);
    expect((await getMe(other.token)).statusCode).toBe(200);
  });

  it("refuses every session's access token once the password is reset, and the link that reset it keeps working as it did", async () => {
    const client = await signIn(ctx);
    const other = await login(ctx.app, client.email);
    expect((await getMe(client.token)).statusCode).toBe(200);
    const link = await issueLink(ctx, client, 'FORGOT_PASSWORD');

    const reset = await call(ctx.app, 'PATCH', '/api/v1/users/change-password', {
      token: link,
      payload: { password: NEW_PASSWORD },
      remoteAddress: freshAddress(),
    });

    expect(reset.statusCode).toBe(204);
    expectError(await getMe(client.token), 401);
    expectError(await getMe(other.token), 401);
    expect((await getMe((await login(ctx.app, client.email, NEW_PASSWORD)).token)).statusCode).toBe(200);
  });

  it('refuses a well-signed token that names no session (issued before sessions were bound)', async () => {
    const client = await signIn(ctx);
    const unbound = await new SignJWT({ user_id: client.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(client.email)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
      .sign(ctx.app.jwtSecret);
    expect(expectError(await getMe(unbound), 401).code).toBeUndefined();
  });
});

describe('ACCESS_TOKEN_TTL', () => {
  it('is at most an hour: a longer one stops start-up naming the variable', () => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: '3600' }).ACCESS_TOKEN_TTL).toBe(3600);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '3601' })).toThrow(/ACCESS_TOKEN_TTL: .*3600/);
  });
});

describe('REFRESH_TOKEN_TTL', () => {
  it('is at most a session’s 90 days: a longer one stops start-up naming the variable', () => {
    expect(loadConfig({ REFRESH_TOKEN_TTL: '7776000' }).REFRESH_TOKEN_TTL).toBe(7_776_000);
    expect(() => loadConfig({ REFRESH_TOKEN_TTL: '7776001' })).toThrow(/REFRESH_TOKEN_TTL: .*90 days/);
  });
});
