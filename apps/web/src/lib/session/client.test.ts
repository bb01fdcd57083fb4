import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildClient } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { signIn } from '../../testing/test-utils';
import { fetchClient } from './client';

function answerClient(body: JsonBodyType) {
  server.use(http.get(apiUrl('/v2/clientes/1'), () => HttpResponse.json(body)));
}

beforeEach(() => signIn());

describe('fetchClient', () => {
  it('reads a string id and ignores fields it does not know', async () => {
    answerClient({ ...buildClient(), id: '1', telefone: '+55 11 99999-0000' });

    expect(await fetchClient()).toEqual(buildClient());
  });

  it.each([
    ['missing', undefined],
    ['not a date', '15/03/1994'],
    ['not text', 19940315],
  ])('reads a birth date that is %s as null', async (_what, data_nascimento) => {
    answerClient({ ...buildClient(), data_nascimento });

    expect((await fetchClient()).data_nascimento).toBeNull();
  });
});
