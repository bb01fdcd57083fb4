import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectBadField, expectError, fillId, ID_ROUTES, signIn, useTestApp } from './helper.js';

describe('malformed requests', () => {
  const ctx = useTestApp();
  const postLogin = (payload: string, contentType: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers: { 'content-type': contentType } });

  it.each([
    ['a body that is not JSON', '{"email": ', 'application/json', 400, 'O corpo da requisição não é um JSON válido.'],
    ['an empty JSON body', '', 'application/json', 400, 'O corpo da requisição está vazio.'],
    ['a content type other than JSON', '<email/>', 'application/xml', 415, 'Tipo de conteúdo não suportado: envie application/json.'],
    ['a body over 64 KB', JSON.stringify({ email: 'a'.repeat(70_000) }), 'application/json', 413, 'O corpo da requisição é grande demais.'],
  ])('answers %s in Portuguese, in the error shape', async (_case, payload, contentType, status, message) => {
    const response = await postLogin(payload, contentType);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ status, message });
    expect(response.json()).toHaveProperty('error');
  });
});

describe('ids out of range', () => {
  const ctx = useTestApp();
  let client: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    client = await signIn(ctx);
  });
  const EACH_ROUTE = ID_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const);
  const request = (route: (typeof ID_ROUTES)[number], id: string | number) =>
    call(ctx.app, route.method, fillId(route.path, id), { token: client.token, payload: route.payload });

  // PostgreSQL's integer columns end at 2^31 - 1; a larger id once reached the query and answered 500.
  it.each(EACH_ROUTE.flatMap(([name, route]) => ['2147483648', '2000000000000', '99999999999999999999', '1e30'].map((id) => [name, id, route] as const)))(
    '%s answers 400 naming the id field for the id %s',
    async (_name, id, route) => {
      expectBadField(await request(route, id), route.field);
    },
  );

  it.each(EACH_ROUTE)('%s answers 404 for the largest id, 2^31 - 1', async (_name, route) => {
    expectError(await request(route, 2 ** 31 - 1), 404);
  });

  it('answers an empty page far past the last one, and 400 for a page number past exact integers', async () => {
    const url = `/api/v1/avaliacoes/${client.evaluationId}/dietas`;
    const far = await call(ctx.app, 'GET', `${url}?page=2000000000000`, { token: client.token });
    expect(far.statusCode, far.body).toBe(200);
    expect(far.json()).toMatchObject({ results: [], page: 2_000_000_000_000 });
    expectBadField(await call(ctx.app, 'GET', `${url}?page=99999999999999999999`, { token: client.token }), 'page');
  });
});
