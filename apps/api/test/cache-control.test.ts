import { describe, expect, it } from 'vitest';
import { call, freshAddress, PASSWORD, signIn, useTestApp } from './helper.js';

describe('Cache-Control: no-store', () => {
  const ctx = useTestApp();

  it('is on the answers that carry tokens: sign-in and refresh', async () => {
    const client = await signIn(ctx);
    const login = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      payload: { email: client.email, password: PASSWORD },
      remoteAddress: freshAddress(),
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const refresh = await call(ctx.app, 'POST', '/api/v1/auth/refresh', { payload: { refresh_token: client.refresh_token } });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');
  });

  it("is on a client's personal data, and on an error answer", async () => {
    const client = await signIn(ctx);
    const profile = await call(ctx.app, 'GET', `/api/v2/clientes/${client.id}`, { token: client.token });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');

    const evaluations = await call(ctx.app, 'GET', `/api/v1/clientes/${client.id}/avaliacoes`, { token: client.token });
    expect(evaluations.statusCode).toBe(200);
    expect(evaluations.headers['cache-control']).toBe('no-store');

    const missing = await call(ctx.app, 'GET', '/api/v1/dietas/999999', { token: client.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
