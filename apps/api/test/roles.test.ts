import { randomUUID } from 'node:crypto';
import { EMAIL_TEMPLATES, STAFF_ROLES, type Role } from '@acompanha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  createUser,
  expectError,
  fillId,
  freshAddress,
  ID_ROUTES,
  login,
  PASSWORD,
  signInWithPlan,
  TEST_SCRYPT_COST,
  useTestApp,
  type TestContext,
} from './helper.js';

const staffAccount = (ctx: TestContext, email: string, roles: Role[]) =>
  createUser(ctx.db, { email, password: PASSWORD, scryptCost: TEST_SCRYPT_COST, roles });

/** DECISIONS.md §5: the client's data routes answer 403 to a staff token, team routes 403 to a client token. */
describe('client routes refuse staff', () => {
  const ctx = useTestApp();

  /** Every client data route, with ids of a real client's plan, so that only the caller's role can refuse it. */
  async function clientRoutes() {
    const ana = await signInWithPlan(ctx, 'Papéis');
    const ids: Record<string, number> = {
      user_id: ana.id,
      evaluation_id: ana.evaluationId!,
      workout_id: ana.workoutId,
      diet_id: ana.dietId,
      exercise_id: ana.exerciseId,
    };
    const session = {
      id: randomUUID(),
      iniciado_em: '2026-03-02T10:00:00.000Z',
      concluido_em: '2026-03-02T10:40:00.000Z',
      series: [{ exercicio_id: ana.exerciseId, numero: 1, carga: 20, repeticoes: 12, feito_em: '2026-03-02T10:05:00.000Z' }],
    };
    const emailJs = {
      service_id: 'service_acompanha',
      template_id: EMAIL_TEMPLATES.contact,
      user_id: 'public-key',
      template_params: { name: 'Nutri', message: 'Olá', user_email: 'nutri@demo.fit', destination: 'x@y.test' },
    };
    return [
      ...ID_ROUTES.map(({ method, path, payload }) => ({ method, url: fillId(path, ids[/\{(\w+)\}/.exec(path)![1]!]!), payload })),
      { method: 'POST' as const, url: `/api/v1/treinos/${ana.workoutId}/sessoes`, payload: session },
      { method: 'POST' as const, url: '/api/v1.0/email/send', payload: emailJs },
    ];
  }

  it('the demo staff account (ROLE_NUTRICIONISTA) gets 403 with the JSON error on every client route', async () => {
    await staffAccount(ctx, 'nutri@demo.fit', ['ROLE_NUTRICIONISTA']);
    const { token } = await login(ctx.app, 'nutri@demo.fit');
    for (const { method, url, payload } of await clientRoutes()) {
      const body = expectError(await call(ctx.app, method, url, { token, payload, remoteAddress: freshAddress() }), 403);
      expect(body, `${method} ${url}`).toEqual({ status: 403, error: 'Forbidden', message: 'Esta área é exclusiva dos clientes.' });
    }
  });

  it.each(STAFF_ROLES)('%s gets 403 too', async (role) => {
    const email = `${role.toLowerCase()}@equipe.test`;
    await staffAccount(ctx, email, [role]);
    const { token } = await login(ctx.app, email);
    const ana = await signInWithPlan(ctx, 'Papéis');
    expectError(await call(ctx.app, 'GET', `/api/v1/avaliacoes/${ana.evaluationId}/treinos`, { token }), 403);
  });

  it('the same routes answer the client, and the auth routes answer staff too', async () => {
    await staffAccount(ctx, 'admin@equipe.test', ['ROLE_ADMIN']);
    const staff = await login(ctx.app, 'admin@equipe.test');
    const me = await call(ctx.app, 'GET', '/api/v1/users/me', { token: staff.token });
    expect(me.json()).toMatchObject({ email: 'admin@equipe.test', roles: ['ROLE_ADMIN'] });
    const refreshed = await call(ctx.app, 'POST', '/api/v1/auth/refresh', { payload: { refresh_token: staff.refresh_token } });
    expect(refreshed.statusCode).toBe(200);

    const ana = await signInWithPlan(ctx, 'Papéis');
    for (const { method, url, payload } of await clientRoutes()) {
      const response = await call(ctx.app, method, url, { token: ana.token, payload, remoteAddress: freshAddress() });
      expect(response.statusCode, `${method} ${url}`).not.toBe(403);
    }
  });

  it('the e-mail relay still serves signed-out screens', async () => {
    const response = await call(ctx.app, 'POST', '/api/v1.0/email/send', {
      remoteAddress: freshAddress(),
      payload: {
        service_id: 'service_acompanha',
        template_id: EMAIL_TEMPLATES.feedback,
        user_id: 'public-key',
        template_params: { name: 'Maria', message: 'Erro na tela', user_email: 'maria@teste.fit', destination: '' },
      },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the staff guard (for the /api/v1/equipe routes)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({}, undefined, async (app) => {
      await app.register(
        async (team) => {
          team.addHook('preHandler', app.staffOnly);
          team.get('/v1/equipe/ping', async (request) => ({ user_id: request.user.user_id }));
        },
        { prefix: '/api' },
      );
    });
  });
  afterAll(() => ctx.close());

  it('answers staff and refuses a client with 403, and the signed-out with 401', async () => {
    const nutri = await staffAccount(ctx, 'nutri@demo.fit', ['ROLE_NUTRICIONISTA']);
    const staff = await login(ctx.app, nutri.email);
    const staffAnswer = await call(ctx.app, 'GET', '/api/v1/equipe/ping', { token: staff.token });
    expect(staffAnswer.statusCode).toBe(200);
    expect(staffAnswer.json()).toEqual({ user_id: nutri.id });

    const client = await signInWithPlan(ctx, 'Equipe');
    const refused = expectError(await call(ctx.app, 'GET', '/api/v1/equipe/ping', { token: client.token }), 403);
    expect(refused).toEqual({ status: 403, error: 'Forbidden', message: 'Esta área é exclusiva da equipe.' });
    expectError(await call(ctx.app, 'GET', '/api/v1/equipe/ping'), 401);
  });
});
