import { describe, expect, it } from 'vitest';
import { call, createUser, login, PASSWORD, signIn, useTestApp } from './helper.js';

describe('GET /api/v2/clientes/{user_id}', () => {
  const ctx = useTestApp();

  it("answers the signed-in client's own profile, and nothing more", async () => {
    const client = await signIn(ctx, { email: 'Maria.Perfil@Teste.fit', nome: 'Maria Perfil' });
    const response = await call(ctx.app, 'GET', `/api/v2/clientes/${client.id}`, { token: client.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: client.id,
      nome: 'Maria Perfil',
      email: 'maria.perfil@teste.fit',
      data_nascimento: '1990-05-20',
    });
  });

  it('answers an unknown birth date as null', async () => {
    const user = await createUser(ctx.db, { email: 'sem-nascimento@teste.fit', password: PASSWORD, client: { nome: 'Sem Data' } });
    const { token } = await login(ctx.app, user.email);
    const response = await call(ctx.app, 'GET', `/api/v2/clientes/${user.id}`, { token });
    expect(response.json()).toMatchObject({ id: user.id, data_nascimento: null });
  });
});
