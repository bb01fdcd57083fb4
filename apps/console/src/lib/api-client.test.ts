import { EXPIRED_JWT_CODE } from '@acompanha/contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { server } from '../testing/msw-server';
import { ApiError } from '@acompanha/client';
import { api } from './api-client';
import { tokens } from './session';

const OLD = { token: 'access-old', refresh_token: 'refresh-old' };
const NEW = { token: 'access-new', refresh_token: 'refresh-new' };
const itemsSchema = z.object({ items: z.array(z.string()) });

const expired = () =>
  HttpResponse.json({ status: 401, error: 'Unauthorized', message: 'Token expirado.', code: EXPIRED_JWT_CODE }, { status: 401 });

/** Answers `path` with its name for NEW's token and as expired for any other; returns the bearers it saw. */
function answerWithNewTokenOnly(path: string) {
  const bearers: (string | null)[] = [];
  server.use(
    http.get(`/api${path}`, ({ request }) => {
      const bearer = request.headers.get('Authorization');
      bearers.push(bearer);
      return bearer === `Bearer ${NEW.token}` ? HttpResponse.json({ items: [path] }) : expired();
    }),
  );
  return bearers;
}

/** Answers the refresh with `answer`; returns the bodies it was sent. */
function answerRefresh(answer: () => Response, { after }: { after?: () => boolean } = {}) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/v1/auth/refresh', async ({ request }) => {
      bodies.push(await request.json());
      await expect.poll(() => after?.() ?? true).toBe(true);
      return answer();
    }),
  );
  return bodies;
}

// The client itself (refresh, single flight, lock) is packages/client's and tested there; this is the
// console's wiring: what a refresh's outcome does to the team member's session.
describe('api: an expired access token', () => {
  it('ends the session when the server refuses the refresh', async () => {
    tokens.store(OLD);
    answerWithNewTokenOnly('/v1/equipe/clientes');
    answerRefresh(() => HttpResponse.json({ status: 401, error: 'Unauthorized', message: 'Sessão encerrada.' }, { status: 401 }));

    const call = api.call('/v1/equipe/clientes', itemsSchema);

    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(tokens.read()).toBeNull();
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    tokens.store(OLD);
    answerWithNewTokenOnly('/v1/equipe/clientes');
    answerRefresh(() => HttpResponse.error());

    const call = api.call('/v1/equipe/clientes', itemsSchema);

    await expect(call).rejects.toMatchObject({ status: 0, transient: true });
    expect(tokens.read()).toEqual(OLD);
  });
});
