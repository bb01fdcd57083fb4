import { EMAIL_MESSAGE, PASSWORD_RULE_MESSAGE, type LinkOrigin } from '@acompanha/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Passwords from '../src/modules/auth/passwords.js';
import { RESET_EMAILS_PER_HOUR } from '../src/modules/auth/service.js';
import {
  call,
  createClient,
  createUser,
  expectBadField,
  expectError,
  freshAddress,
  issueLink,
  login,
  outbox,
  PASSWORD,
  requestResetEmail,
  resetEmailsDone,
  signIn,
  tokenOfLink,
  useTestApp,
} from './helper.js';

// Lets a test act while change-password hashes the new password, between checking its link and using it.
const whileHashing = vi.hoisted(() => ({ run: async () => {} }));
vi.mock('../src/modules/auth/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Passwords>();
  return {
    ...actual,
    hashPassword: async (...args: Parameters<typeof actual.hashPassword>) => {
      await whileHashing.run();
      return actual.hashPassword(...args);
    },
  };
});

const NEW_PASSWORD = 'NovaSenha9';
const HOUR = 60 * 60;
const DAY = 24 * HOUR;

describe('password links', () => {
  const ctx = useTestApp();

  const requestReset = (email: string, remoteAddress = freshAddress()) => requestResetEmail(ctx.app, email, remoteAddress);

  const changePassword = (token: string | undefined, password: string) =>
    call(ctx.app, 'PATCH', '/api/v1/users/change-password', { token, payload: { password }, remoteAddress: freshAddress() });

  /** Follows an e-mailed link; answers the parameters of the page it redirects to. */
  async function followLink(token: string) {
    const response = await ctx.app.inject(`/api/v1/auth/link?token=${encodeURIComponent(token)}`);
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), 'http://app');
    expect(location.pathname).toBe('/reset-password-fallback');
    return Object.fromEntries(location.searchParams);
  }

  /** Moves a user's links back in time, as if they had been created `seconds` earlier. */
  async function ageLinks(userId: number, seconds: number) {
    const links = await ctx.db.selectFrom('link_tokens').selectAll().where('user_id', '=', userId).execute();
    const earlier = (iso: string) => new Date(Date.parse(iso) - seconds * 1000).toISOString();
    for (const link of links) {
      await ctx.db
        .updateTable('link_tokens')
        .set({ created_at: earlier(link.created_at), expires_at: earlier(link.expires_at) })
        .where('token_hash', '=', link.token_hash)
        .execute();
    }
  }

  describe('POST /api/token/generate/reset-password', () => {
    it('e-mails a known address a link to /api/v1/auth/link?token=', async () => {
      const client = await createClient(ctx.db);
      const response = await requestReset(client.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: expect.any(String) });

      await resetEmailsDone(ctx);
      const sent = (await outbox(ctx.db)).filter((email) => email.recipient === client.email);
      expect(sent).toHaveLength(1);
      const link = sent[0]!.link;
      expect(link?.startsWith(`${ctx.config.APP_URL}/api/v1/auth/link?token=`)).toBe(true);
      expect(await followLink(tokenOfLink(link!))).toMatchObject({ reason: 'ok', origin: 'FORGOT_PASSWORD', status: 'success' });
    });

    it('answers an unknown address exactly like a known one, and e-mails nobody', async () => {
      const client = await createClient(ctx.db);
      const known = await requestReset(client.email);
      await resetEmailsDone(ctx);
      const before = (await outbox(ctx.db)).length;

      const unknown = await requestReset('ninguem-aqui@teste.fit');
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      await resetEmailsDone(ctx);
      // The one e-mail more is resetEmailsDone's own.
      expect(await outbox(ctx.db)).toHaveLength(before + 1);
    });

    it('answers 400 naming email for a malformed or missing address', async () => {
      const body = expectBadField(await requestReset('nao-e-email'), 'email');
      expect(body.message).toContain(EMAIL_MESSAGE);
      expectBadField(await call(ctx.app, 'POST', '/api/token/generate/reset-password', { payload: {}, remoteAddress: freshAddress() }), 'email');
    });

    it('allows 30 well-formed requests per address in 15 minutes, then 429; malformed ones do not count', async () => {
      const address = freshAddress();
      for (let i = 0; i < 40; i += 1) expectBadField(await requestReset('nao-e-email', address), 'email');
      // Many people behind one carrier's (CGNAT) or a gym's address.
      for (let i = 0; i < 30; i += 1) expect((await requestReset(`pessoa${i}@cgnat.test`, address)).statusCode).toBe(200);

      expectError(await requestReset('mais-uma@cgnat.test', address), 429);
      expect((await requestReset('mais-uma@cgnat.test', freshAddress())).statusCode).toBe(200);
    });

    it(`e-mails an account at most ${RESET_EMAILS_PER_HOUR} times an hour; further requests answer the same and send nothing`, async () => {
      const client = await createClient(ctx.db);
      const answers: Awaited<ReturnType<typeof requestReset>>[] = [];
      for (let i = 0; i < RESET_EMAILS_PER_HOUR + 3; i += 1) answers.push(await requestReset(client.email));

      expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual(answers.map(() => [200, answers[0]!.body]));
      const sentTo = async () => (await outbox(ctx.db)).filter((email) => email.recipient === client.email);
      await resetEmailsDone(ctx);
      expect(await sentTo()).toHaveLength(RESET_EMAILS_PER_HOUR);

      await ageLinks(client.id, HOUR);
      expect((await requestReset(client.email)).statusCode).toBe(200);
      await resetEmailsDone(ctx);
      expect(await sentTo()).toHaveLength(RESET_EMAILS_PER_HOUR + 1);
    });

    it('keeps to the per-account limit when the requests arrive at once', async () => {
      const client = await createClient(ctx.db);
      const answers = await Promise.all(Array.from({ length: 8 }, () => requestReset(client.email)));
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      await resetEmailsDone(ctx);
      expect((await outbox(ctx.db)).filter((email) => email.recipient === client.email)).toHaveLength(RESET_EMAILS_PER_HOUR);
    });

    it('does not count first-access links toward the per-account limit', async () => {
      const client = await createClient(ctx.db);
      for (let i = 0; i < RESET_EMAILS_PER_HOUR; i += 1) await issueLink(ctx, client, 'FIRST_ACCESS');
      await requestReset(client.email);
      await resetEmailsDone(ctx);
      const sent = (await outbox(ctx.db)).filter((email) => email.recipient === client.email);
      expect(sent.at(-1)!.subject).toBe('Acompanha: redefinição de senha');
    });
  });

  describe('GET /api/v1/auth/link', () => {
    it.each<LinkOrigin>(['FORGOT_PASSWORD', 'FIRST_ACCESS'])('redirects a fresh %s link with reason ok', async (origin) => {
      const client = await createClient(ctx.db);
      const token = await issueLink(ctx, client, origin);
      expect(await followLink(token)).toEqual({ token, reason: 'ok', origin, status: 'success' });
    });

    it('does not spend the link: the page it leads to still needs it', async () => {
      const client = await createClient(ctx.db);
      const token = await issueLink(ctx, client, 'FORGOT_PASSWORD');
      await followLink(token);
      expect((await followLink(token)).reason).toBe('ok');
    });

    it('redirects an unknown or missing token with reason token-not-found', async () => {
      expect(await followLink('nao-existe')).toMatchObject({ token: 'nao-existe', reason: 'token-not-found', status: 'error' });
      const response = await ctx.app.inject('/api/v1/auth/link');
      expect(response.statusCode).toBe(302);
      expect(String(response.headers.location)).toContain('reason=token-not-found');
    });

    it.each<[LinkOrigin, number]>([
      ['FORGOT_PASSWORD', HOUR],
      ['FIRST_ACCESS', 7 * DAY],
    ])('a %s link lasts %i seconds, then redirects with reason expired-token', async (origin, lifetime) => {
      const client = await createClient(ctx.db);
      const token = await issueLink(ctx, client, origin);

      await ageLinks(client.id, lifetime - 60);
      expect((await followLink(token)).reason).toBe('ok');

      await ageLinks(client.id, 120);
      expect(await followLink(token)).toMatchObject({ reason: 'expired-token', origin, status: 'error' });
    });
  });

  describe('PATCH /api/v1/users/change-password', () => {
    it.each([
      ['too short', 'Curta1a'],
      ['too long', 'Muitolonga1234567'],
      ['without a digit', 'SemNumeroAqui'],
      ['without a lowercase letter', 'SOMENTEMAI1'],
      ['without an uppercase letter', 'somenteminu1'],
    ])('rejects a password %s with 400 naming password, and keeps the link usable', async (_case, password) => {
      const client = await createClient(ctx.db);
      const token = await issueLink(ctx, client, 'FORGOT_PASSWORD');
      const body = expectBadField(await changePassword(token, password), 'password');
      expect(body.message).toContain(PASSWORD_RULE_MESSAGE);
      expect((await followLink(token)).reason).toBe('ok');
      await login(ctx.app, client.email, PASSWORD);
    });

    it('sets the password: 204, the new one signs in, the old one no longer does', async () => {
      const client = await createClient(ctx.db);
      const token = await issueLink(ctx, client, 'FORGOT_PASSWORD');
      const response = await changePassword(token, NEW_PASSWORD);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      await login(ctx.app, client.email, NEW_PASSWORD);
      expectError(await call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email: client.email, password: PASSWORD } }), 401);
    });

    it('ends the sessions that existed before the change', async () => {
      const client = await signIn(ctx);
      await changePassword(await issueLink(ctx, client, 'FORGOT_PASSWORD'), NEW_PASSWORD);
      const refresh = await call(ctx.app, 'POST', '/api/v1/auth/refresh', { payload: { refresh_token: client.refresh_token } });
      expectError(refresh, 401);
    });

    it('lets a first-access link give a password to an account that has none', async () => {
      const user = await createUser(ctx.db, { email: 'primeiro-acesso@teste.fit', client: { nome: 'Primeiro Acesso' } });
      const token = await issueLink(ctx, user, 'FIRST_ACCESS');
      expect((await changePassword(token, NEW_PASSWORD)).statusCode).toBe(204);
      await login(ctx.app, user.email, NEW_PASSWORD);
    });

    it('a link works once: reused, it answers 401 and the link page says used-token', async () => {
      const client = await createClient(ctx.db);
      const token = await issueLink(ctx, client, 'FORGOT_PASSWORD');
      expect((await changePassword(token, NEW_PASSWORD)).statusCode).toBe(204);

      expectError(await changePassword(token, 'OutraSenha7'), 401);
      expect(await followLink(token)).toMatchObject({ reason: 'used-token', status: 'error' });
      await login(ctx.app, client.email, NEW_PASSWORD);
    });

    it('spends every other open link of the account, first-access ones too, and no other account\'s', async () => {
      const client = await createClient(ctx.db);
      const firstAccess = await issueLink(ctx, client, 'FIRST_ACCESS');
      const forgot = await issueLink(ctx, client, 'FORGOT_PASSWORD');
      const other = await createClient(ctx.db);
      const othersLink = await issueLink(ctx, other, 'FORGOT_PASSWORD');

      expect((await changePassword(forgot, NEW_PASSWORD)).statusCode).toBe(204);
      expect(await followLink(firstAccess)).toMatchObject({ reason: 'used-token', status: 'error' });
      expectError(await changePassword(firstAccess, 'OutraSenha7'), 401);
      await login(ctx.app, client.email, NEW_PASSWORD);
      expect((await followLink(othersLink)).reason).toBe('ok');
    });

    it('two links of one account used at once: one sets the password, the other answers 401', async () => {
      const client = await createClient(ctx.db);
      const links = [await issueLink(ctx, client, 'FIRST_ACCESS'), await issueLink(ctx, client, 'FORGOT_PASSWORD')];
      const passwords = ['PrimeiraA1', 'SegundaB2'];
      // Both requests have checked their link and hashed before either uses it.
      let bothHashing: () => void;
      const hashed = new Promise<void>((resolve) => (bothHashing = resolve));
      let hashing = 0;
      whileHashing.run = () => {
        hashing += 1;
        if (hashing === 2) bothHashing();
        return hashed;
      };
      try {
        const answers = await Promise.all(links.map((token, i) => changePassword(token, passwords[i]!)));
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 401]);
        await login(ctx.app, client.email, passwords[answers.findIndex((answer) => answer.statusCode === 204)]);
      } finally {
        whileHashing.run = async () => {};
      }
    });

    it('refuses a link that expires while the new password is hashed, and changes nothing', async () => {
      const client = await createClient(ctx.db);
      const token = await issueLink(ctx, client, 'FORGOT_PASSWORD');
      whileHashing.run = () => ageLinks(client.id, HOUR + 60);
      try {
        expect(expectError(await changePassword(token, NEW_PASSWORD), 401).code).toBe('ExpiredJwtException');
      } finally {
        whileHashing.run = async () => {};
      }
      await login(ctx.app, client.email, PASSWORD);
    });

    it('an expired link answers 401 with code ExpiredJwtException and changes nothing', async () => {
      const client = await createClient(ctx.db);
      const token = await issueLink(ctx, client, 'FORGOT_PASSWORD');
      await ageLinks(client.id, HOUR + 60);
      expect(expectError(await changePassword(token, NEW_PASSWORD), 401).code).toBe('ExpiredJwtException');
      await login(ctx.app, client.email, PASSWORD);
    });

    it('does not accept a session access token, an unknown token or no token', async () => {
      const client = await signIn(ctx);
      for (const token of [client.token, 'nao-existe', undefined]) {
        expectError(await changePassword(token, NEW_PASSWORD), 401);
      }
      await login(ctx.app, client.email, PASSWORD);
    });
  });
});
