import { EXPIRED_JWT_CODE } from '@acompanha/contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { server } from '../testing/msw-server';
import { ApiError, callApi } from './api-client';
import { readSession, storeSession } from './session';

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

describe('callApi: an expired access token', () => {
  it('is refreshed once, the new pair kept, and the call sent again with the new token', async () => {
    storeSession(OLD);
    const bearers = answerWithNewTokenOnly('/v1/equipe/clientes');
    const refreshes = answerRefresh(() => HttpResponse.json(NEW));

    await expect(callApi('/v1/equipe/clientes', itemsSchema)).resolves.toEqual({ items: ['/v1/equipe/clientes'] });

    expect(refreshes).toEqual([{ refresh_token: OLD.refresh_token }]);
    expect(bearers).toEqual([`Bearer ${OLD.token}`, `Bearer ${NEW.token}`]);
    expect(readSession()).toEqual(NEW);
  });

  it('is refreshed once for calls that fail together: the refresh token is single-use', async () => {
    storeSession(OLD);
    const rosterBearers = answerWithNewTokenOnly('/v1/equipe/clientes');
    const inboxBearers = answerWithNewTokenOnly('/v1/equipe/conversas');
    // The refresh answers only once both calls were refused, so that the second 401 meets it in flight.
    const refreshes = answerRefresh(() => HttpResponse.json(NEW), { after: () => rosterBearers.length > 0 && inboxBearers.length > 0 });

    const answers = await Promise.all([callApi('/v1/equipe/clientes', itemsSchema), callApi('/v1/equipe/conversas', itemsSchema)]);

    expect(answers).toEqual([{ items: ['/v1/equipe/clientes'] }, { items: ['/v1/equipe/conversas'] }]);
    expect(refreshes).toHaveLength(1);
    expect(rosterBearers.at(-1)).toBe(`Bearer ${NEW.token}`);
    expect(inboxBearers.at(-1)).toBe(`Bearer ${NEW.token}`);
    expect(readSession()).toEqual(NEW);
  });

  it('ends the session when the server refuses the refresh', async () => {
    storeSession(OLD);
    answerWithNewTokenOnly('/v1/equipe/clientes');
    answerRefresh(() => HttpResponse.json({ status: 401, error: 'Unauthorized', message: 'Sessão encerrada.' }, { status: 401 }));

    const call = callApi('/v1/equipe/clientes', itemsSchema);

    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(readSession()).toBeNull();
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    storeSession(OLD);
    answerWithNewTokenOnly('/v1/equipe/clientes');
    answerRefresh(() => HttpResponse.error());

    const call = callApi('/v1/equipe/clientes', itemsSchema);

    await expect(call).rejects.toMatchObject({ status: 0, transient: true });
    expect(readSession()).toEqual(OLD);
  });
});
