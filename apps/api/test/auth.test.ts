import { EMAIL_MESSAGE } from '@acompanha/contract';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { REFRESH_FAMILY_MAX_AGE_SECONDS, REFRESH_REUSE_INTERVAL_SECONDS } from '../src/modules/auth/service.js';
import {
  bearer,
  call,
  createClient,
  createUser,
  expectBadField,
  expectError,
  issueLink,
  login,
  PASSWORD,
  signIn,
  useTestApp,
} from './helper.js';

const WRONG_CREDENTIALS = 'Usuário ou senha incorretos.';

describe('auth', () => {
  const ctx = useTestApp();

  const postLogin = (payload: object, remoteAddress?: string) => call(ctx.app, 'POST', '/api/v1/auth/login', { payload, remoteAddress });
  const postRefresh = (refreshToken: string, remoteAddress?: string) =>
    call(ctx.app, 'POST', '/api/v1/auth/refresh', { payload: { refresh_token: refreshToken }, remoteAddress });
  const getMe = (token?: string) => call(ctx.app, 'GET', '/api/v1/users/me', { token });

  /** A token signed with the app's own secret, so only its claims decide whether it is accepted. */
  const signToken = (claims: { sub: string; user_id: number; sid: string }, expiresAt: number, secret = ctx.app.jwtSecret) =>
    new SignJWT({ user_id: claims.user_id, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(secret);
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  /** The claims of a signed-in client's session, for tokens that differ from its own only in time or secret. */
  const claimsOf = (client: { email: string; id: number; token: string }) => ({
    sub: client.email,
    user_id: client.id,
    sid: decodeJwt(client.token).sid as string,
  });

  describe('POST /api/v1/auth/login', () => {
    it('answers a token pair for the right password', async () => {
      const client = await createClient(ctx.db);
      const response = await postLogin({ email: client.email, password: PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ token: expect.any(String), refresh_token: expect.any(String) });
    });

    it('ignores the case of the e-mail', async () => {
      const client = await createClient(ctx.db);
      const response = await postLogin({ email: client.email.toUpperCase(), password: PASSWORD });
      expect(response.statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown e-mail with the same 401 body', async () => {
      const client = await createClient(ctx.db);
      const wrongPassword = await postLogin({ email: client.email, password: 'Errada123' });
      const unknownEmail = await postLogin({ email: 'ninguem@teste.fit', password: PASSWORD });
      expect(expectError(wrongPassword, 401)).toEqual({ status: 401, error: 'Unauthorized', message: WRONG_CREDENTIALS });
      expect(unknownEmail.statusCode).toBe(401);
      expect(unknownEmail.body).toBe(wrongPassword.body);
    });

    it('rejects an account that has no password yet', async () => {
      const user = await createUser(ctx.db, { email: 'sem-senha@teste.fit', client: { nome: 'Sem Senha' } });
      expectError(await postLogin({ email: user.email, password: '' }), 401);
    });

    it('answers 400 naming the field for a malformed e-mail', async () => {
      const body = expectBadField(await postLogin({ email: 'nao-e-email', password: PASSWORD }), 'email');
      expect(body.message).toContain(EMAIL_MESSAGE);
    });

    it('answers 400 naming the field for a missing password', async () => {
      expectBadField(await postLogin({ email: 'alguem@teste.fit' }), 'password');
    });
  });

  describe('access token', () => {
    it('carries sub = e-mail and user_id, and expires after ACCESS_TOKEN_TTL', async () => {
      const client = await signIn(ctx);
      const claims = decodeJwt(client.token);
      expect(claims).toMatchObject({ sub: client.email, user_id: client.id });
      expect(claims.exp! - nowSeconds()).toBeGreaterThan(ctx.config.ACCESS_TOKEN_TTL - 60);
      expect(claims.exp! - nowSeconds()).toBeLessThanOrEqual(ctx.config.ACCESS_TOKEN_TTL);
    });

    it('GET /api/v1/users/me answers the signed-in user with their roles', async () => {
      const client = await signIn(ctx);
      const response = await getMe(client.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: client.id, email: client.email, roles: ['ROLE_CLIENTE'] });
    });

    it('an expired token answers 401 with code ExpiredJwtException', async () => {
      const client = await signIn(ctx);
      const token = await signToken(claimsOf(client), nowSeconds() - 60);
      const body = expectError(await getMe(token), 401);
      expect(body.code).toBe('ExpiredJwtException');
    });

    it('the same token before its expiry is accepted (the check above is about time)', async () => {
      const client = await signIn(ctx);
      const token = await signToken(claimsOf(client), nowSeconds() + 60);
      expect((await getMe(token)).statusCode).toBe(200);
    });

    it('a token accepted before is refused as expired once its time is up (remembered, never past its expiry)', async () => {
      const client = await signIn(ctx);
      const token = await signToken(claimsOf(client), nowSeconds() + 5);
      expect((await getMe(token)).statusCode).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 6000);
        expect(expectError(await getMe(token), 401).code).toBe('ExpiredJwtException');
      } finally {
        vi.useRealTimers();
      }
    });

    it('a token signed with another secret answers 401 Unauthorized, not "expired", even when expired', async () => {
      const client = await signIn(ctx);
      const otherSecret = new TextEncoder().encode('x'.repeat(32));
      for (const expiresAt of [nowSeconds() + 60, nowSeconds() - 60]) {
        const token = await signToken(claimsOf(client), expiresAt, otherSecret);
        const body = expectError(await getMe(token), 401);
        expect(body.error).toBe('Unauthorized');
        expect(body.code).toBeUndefined();
      }
    });

    it.each([
      ['no authorization header', {}],
      ['a garbage bearer', { authorization: 'Bearer não-é-um-jwt' }],
      ['an empty bearer', { authorization: 'Bearer ' }],
      ['another scheme', { authorization: 'Basic YWJjOmRlZg==' }],
    ])('%s answers 401 Unauthorized', async (_case, headers) => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
      const body = expectError(response, 401);
      expect(body.error).toBe('Unauthorized');
      expect(body.code).toBeUndefined();
    });
  });

  describe('POST /api/v1/auth/refresh', () => {
    type TokenPair = { token: string; refresh_token: string };
    const refreshed = async (refreshToken: string) => {
      const response = await postRefresh(refreshToken);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TokenPair>();
    };
    /** Moves the rotations of a user's tokens into the past, as if that much time had gone by. */
    const ageRotations = (userId: number, seconds: number) =>
      ctx.db
        .updateTable('refresh_tokens')
        .set({ spent_at: new Date(Date.now() - seconds * 1000).toISOString() })
        .where('user_id', '=', userId)
        .where('spent_at', 'is not', null)
        .execute();

    it('rotates: the new pair works and differs from the old one', async () => {
      const client = await signIn(ctx);
      const pair = await refreshed(client.refresh_token);
      expect(pair.refresh_token).not.toBe(client.refresh_token);
      expect(decodeJwt(pair.token)).toMatchObject({ sub: client.email, user_id: client.id });
      expect((await getMe(pair.token)).statusCode).toBe(200);
      expect((await postRefresh(pair.refresh_token)).statusCode).toBe(200);
    });

    it('presenting a token again right after its rotation (a lost reply) answers the same successor', async () => {
      const client = await signIn(ctx);
      const first = await refreshed(client.refresh_token);
      const again = await refreshed(client.refresh_token);

      expect(again.refresh_token).toBe(first.refresh_token);
      expect(decodeJwt(again.token)).toMatchObject({ sub: client.email, user_id: client.id });
      expect((await getMe(again.token)).statusCode).toBe(200);
      // The family lives on: the shared successor rotates normally.
      const next = await refreshed(again.refresh_token);
      expect(next.refresh_token).not.toBe(first.refresh_token);
    });

    it('still answers the same successor just before the reuse interval ends', async () => {
      const client = await signIn(ctx);
      const first = await refreshed(client.refresh_token);
      await ageRotations(client.id, REFRESH_REUSE_INTERVAL_SECONDS - 1);
      expect((await refreshed(client.refresh_token)).refresh_token).toBe(first.refresh_token);
    });

    it('tabs refreshing with the same token at once all get the same successor', async () => {
      const client = await signIn(ctx);
      // Four rather than two: on PostgreSQL that regularly lands a losing request between the
      // winner's spending of the token and the storing of its successor, the gap the rotation's
      // transaction closes.
      const responses = await Promise.all(Array.from({ length: 4 }, () => postRefresh(client.refresh_token)));
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const pairs = responses.map((response) => response.json<TokenPair>());
      expect(new Set(pairs.map((pair) => pair.refresh_token)).size).toBe(1);
      for (const pair of pairs) expect((await getMe(pair.token)).statusCode).toBe(200);
      await refreshed(pairs[0]!.refresh_token);
    });

    it('reusing a token after the reuse interval answers 401 and revokes the whole family', async () => {
      const client = await signIn(ctx);
      const newer = await refreshed(client.refresh_token);
      await ageRotations(client.id, REFRESH_REUSE_INTERVAL_SECONDS + 1);

      expectError(await postRefresh(client.refresh_token), 401);
      // The newer token, never used, died with its family: a thief cannot keep the session going.
      expectError(await postRefresh(newer.refresh_token), 401);
    });

    it('reusing a token whose successor was already rotated answers 401 and revokes the family, even at once', async () => {
      const client = await signIn(ctx);
      const second = await refreshed(client.refresh_token);
      const third = await refreshed(second.refresh_token);

      expectError(await postRefresh(client.refresh_token), 401);
      expectError(await postRefresh(third.refresh_token), 401);
    });

    it('a revoked family stays revoked within the reuse interval', async () => {
      const client = await signIn(ctx);
      await refreshed(client.refresh_token);
      const link = await issueLink(ctx, client, 'FORGOT_PASSWORD');
      const changed = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/change-password',
        headers: bearer(link),
        payload: { password: 'NovaSenha123' },
      });
      expect(changed.statusCode, changed.body).toBe(204);

      expectError(await postRefresh(client.refresh_token), 401);
    });

    it('leaves other sessions of the same user alone when one family is revoked', async () => {
      const client = await signIn(ctx);
      const otherSession = await login(ctx.app, client.email);
      await refreshed(client.refresh_token);
      await ageRotations(client.id, REFRESH_REUSE_INTERVAL_SECONDS + 1);
      expectError(await postRefresh(client.refresh_token), 401);
      expect((await postRefresh(otherSession.refresh_token)).statusCode).toBe(200);
    });

    it('answers 401 for an unknown refresh token and 400 for a missing one', async () => {
      expectError(await postRefresh('desconhecido'), 401);
      expectBadField(await call(ctx.app, 'POST', '/api/v1/auth/refresh', { payload: {} }), 'refresh_token');
    });

    it('answers 401 for a refresh token past REFRESH_TOKEN_TTL', async () => {
      const client = await signIn(ctx);
      await ctx.db.updateTable('refresh_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', client.id).execute();
      expectError(await postRefresh(client.refresh_token), 401);
    });

    const storedTokens = (userId: number) =>
      ctx.db.selectFrom('refresh_tokens').selectAll().where('user_id', '=', userId).orderBy('expires_at').execute();

    it('a session lives at most 90 days from its sign-in, however often it is refreshed', async () => {
      const client = await signIn(ctx);
      const [first] = await storedTokens(client.id);
      const deadline = Date.parse(first!.family_expires_at);
      expect(Math.abs(deadline - (Date.now() + REFRESH_FAMILY_MAX_AGE_SECONDS * 1000))).toBeLessThan(60_000);

      // Ten days before the end, a rotation inherits the end instead of 30 more days.
      const soon = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString();
      await ctx.db.updateTable('refresh_tokens').set({ family_expires_at: soon }).where('user_id', '=', client.id).execute();
      const pair = await refreshed(client.refresh_token);
      const rotated = (await storedTokens(client.id)).find((row) => row.spent_at === null)!;
      expect(rotated.family_expires_at).toBe(soon);
      expect(rotated.expires_at).toBe(soon);

      // Past the end, nothing rotates.
      const past = new Date(Date.now() - 1000).toISOString();
      await ctx.db.updateTable('refresh_tokens').set({ family_expires_at: past, expires_at: past }).where('user_id', '=', client.id).execute();
      expectError(await postRefresh(pair.refresh_token), 401);
    });
  });

  describe('POST /api/v1/auth/logout', () => {
    const postLogout = (payload: object) => call(ctx.app, 'POST', '/api/v1/auth/logout', { payload });

    it('answers 204 and revokes the whole family: neither the token nor its successor refresh again', async () => {
      const client = await signIn(ctx);
      const rotated = (await postRefresh(client.refresh_token)).json<{ refresh_token: string }>();

      const response = await postLogout({ refresh_token: client.refresh_token });

      expect(response.statusCode).toBe(204);
      expectError(await postRefresh(rotated.refresh_token), 401);
      expectError(await postRefresh(client.refresh_token), 401);
    });

    it("leaves the user's other sessions alone", async () => {
      const client = await signIn(ctx);
      const other = await login(ctx.app, client.email);

      await postLogout({ refresh_token: client.refresh_token });

      expect((await postRefresh(other.refresh_token)).statusCode).toBe(200);
    });

    it("tells the browser to drop the origin's HTTP cache, and only that: the console's storage shares the origin", async () => {
      const client = await signIn(ctx);
      for (const refresh_token of [client.refresh_token, 'desconhecido']) {
        const response = await postLogout({ refresh_token });
        expect(response.statusCode).toBe(204);
        expect(response.headers['clear-site-data']).toBe('"cache"');
      }
    });

    it('answers 204 for an unknown token and 400 naming the field for a missing one', async () => {
      expect((await postLogout({ refresh_token: 'desconhecido' })).statusCode).toBe(204);
      expectBadField(await postLogout({}), 'refresh_token');
    });
  });
});

describe('auth rate limits', () => {
  const ctx = useTestApp();
  const attempt = (email: string, remoteAddress: string, password = 'Errada123') =>
    call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email, password }, remoteAddress });

  it('login: 30 attempts per address per minute, then 429 for any account', async () => {
    const client = await createClient(ctx.db);
    for (let i = 1; i <= 30; i += 1) expect((await attempt(`tentativa${i}@teste.fit`, '10.2.0.1')).statusCode).toBe(401);

    expectError(await attempt(client.email, '10.2.0.1', PASSWORD), 429);
    expect((await attempt(client.email, '10.2.0.2', PASSWORD)).statusCode).toBe(200);
  });

  it('refresh: 60 attempts per address per minute, then 429', async () => {
    const refresh = (remoteAddress: string) =>
      call(ctx.app, 'POST', '/api/v1/auth/refresh', { payload: { refresh_token: 'desconhecido' }, remoteAddress });
    for (let i = 1; i <= 60; i += 1) expect((await refresh('10.3.0.1')).statusCode).toBe(401);

    expectError(await refresh('10.3.0.1'), 429);
    expect((await refresh('10.3.0.2')).statusCode).toBe(401);
  });
});
