import { EMAIL_TEMPLATES } from '@acompanha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  call,
  createClient,
  freshAddress,
  login,
  outbox,
  PASSWORD,
  requestResetEmail,
  resetEmailsDone,
  tokenOfLink,
  type TestContext,
} from './helper.js';

const NEW_PASSWORD = 'OutraSenha7';

describe('the server log', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  const log = () => lines.join('');

  beforeAll(async () => {
    // The level a debugging operator would set: everything the server logs at info and more.
    ctx = await buildTestApp({}, { level: 'debug', stream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => ctx.close());

  it('holds no password, token or e-mail address after sign-in, refresh, reset, link and password change', async () => {
    const client = await createClient(ctx.db, { email: `registro.log+${Date.now()}@teste.fit` });
    const secrets: string[] = [PASSWORD, NEW_PASSWORD, client.email, encodeURIComponent(client.email)];

    expect((await call(ctx.app, 'POST', '/api/v1/auth/login', { payload: { email: client.email, password: 'Errada123' } })).statusCode).toBe(401);
    const signedIn = await login(ctx.app, client.email);
    secrets.push(signedIn.token, signedIn.refresh_token);
    expect((await call(ctx.app, 'GET', '/api/v1/users/me', { token: signedIn.token })).statusCode).toBe(200);

    const refreshed = await call(ctx.app, 'POST', '/api/v1/auth/refresh', { payload: { refresh_token: signedIn.refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    const pair = refreshed.json<{ token: string; refresh_token: string }>();
    secrets.push(pair.token, pair.refresh_token);

    expect((await requestResetEmail(ctx.app, client.email)).statusCode).toBe(200);
    await resetEmailsDone(ctx);
    const email = (await outbox(ctx.db)).find((sent) => sent.recipient === client.email);
    const linkToken = tokenOfLink(email!.link!);
    secrets.push(linkToken);

    const followed = await ctx.app.inject(`/api/v1/auth/link?token=${encodeURIComponent(linkToken)}`);
    expect(followed.statusCode).toBe(302);
    // The page the link leads to is served by the same server, with the token in its query.
    await ctx.app.inject(String(followed.headers.location));
    const changed = await call(ctx.app, 'PATCH', '/api/v1/users/change-password', {
      token: linkToken,
      payload: { password: NEW_PASSWORD },
      remoteAddress: freshAddress(),
    });
    expect(changed.statusCode).toBe(204);
    const again = await login(ctx.app, client.email, NEW_PASSWORD);
    secrets.push(again.token, again.refresh_token);

    const message = { name: 'Registro Log', message: 'Olá', user_email: client.email, destination: 'x@y.test' };
    const relay = { service_id: 's', template_id: EMAIL_TEMPLATES.feedback, user_id: 'u', template_params: message };
    expect((await call(ctx.app, 'POST', '/api/v1.0/email/send', { payload: relay, remoteAddress: freshAddress() })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/v1.0/email/send', method: 'POST', payload: relay, headers: bearer(again.token) })).statusCode).toBe(200);

    for (const secret of secrets) expect(log(), `the log holds ${secret}`).not.toContain(secret);
    // Not for want of logging: the requests are there, by their routes.
    expect(log()).toContain('"route":"/api/v1/auth/link"');
    expect(log()).toContain('"route":"/api/token/generate/reset-password"');
  });

  it('masks addresses in logged errors and leaves out the fields drivers attach', () => {
    const address = 'ana.souza@exemplo.com.br';
    const error = Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 <${address}>`), {
      code: 'EENVELOPE',
      rejected: [address],
      detail: `Key (email)=(${address}) already exists.`,
    });

    ctx.app.log.error({ err: error }, 'SMTP relay failed');

    const entry = JSON.parse(lines.at(-1)!) as { err: Record<string, unknown> };
    expect(entry.err).toMatchObject({ type: 'Error', code: 'EENVELOPE', message: expect.stringContaining('550 <[e-mail]>') });
    expect(entry.err).not.toHaveProperty('rejected');
    expect(entry.err).not.toHaveProperty('detail');
    expect(lines.at(-1)).not.toContain(address);
  });
});

describe('the access log at the default level', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await buildTestApp({}, { level: 'info', stream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => ctx.close());

  it('writes one compact line per request: method, route, status, time and request id; no headers, no query', async () => {
    const { token } = await login(ctx.app, (await createClient(ctx.db)).email);
    lines.length = 0;

    const response = await ctx.app.inject({ url: '/api/v1/treinos/999999/exercicios?page=0&size=5', headers: { ...bearer(token), 'user-agent': 'registro-teste' } });
    expect(response.statusCode).toBe(404);

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(entry).sort()).toEqual(['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'route', 'status', 'time']);
    expect(entry).toMatchObject({ level: 30, method: 'GET', route: '/api/v1/treinos/:id/exercicios', status: 404, reqId: expect.stringMatching(/^req-/) });
    expect(entry.ms).toEqual(expect.any(Number));
    expect(lines[0]).not.toContain(token);
    expect(lines[0]).not.toContain('registro-teste');
    expect(lines[0]).not.toContain('page=');
  });

  it('names a request no route answers by its path, without the query', async () => {
    lines.length = 0;
    expect((await ctx.app.inject('/api/v1/nao-existe?token=segredo')).statusCode).toBe(404);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ method: 'GET', route: '/api/v1/nao-existe', status: 404 });
    expect(lines[0]).not.toContain('segredo');
  });
});
