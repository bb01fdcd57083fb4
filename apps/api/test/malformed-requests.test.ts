import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';

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
