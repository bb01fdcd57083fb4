import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, demoCredentials, freshTokens, me } from '../../../testing/handlers';
import { server } from '../../../testing/msw-server';
import { tokens } from '../../../lib/session/tokens';
import { signIn } from './sign-in';

function answerMe(body: JsonBodyType) {
  server.use(http.get(apiUrl('/v1/users/me'), () => HttpResponse.json(body)));
}

describe('signIn', () => {
  it('keeps the two tokens and ignores anything else', async () => {
    server.use(http.post(apiUrl('/v1/auth/login'), () => HttpResponse.json({ ...freshTokens, expires_in: 900 })));

    expect(await signIn(demoCredentials)).toBe('signed-in');
    expect(tokens.read()).toEqual(freshTokens);
  });

  it('reads a string id and ignores roles it does not know', async () => {
    answerMe({ ...me, id: '1', roles: ['ROLE_BETA', 'ROLE_CLIENTE', 7] });

    expect(await signIn(demoCredentials)).toBe('signed-in');
  });

  it('fails when roles is not a list: the staff check cannot be made', async () => {
    answerMe({ ...me, roles: 'ROLE_CLIENTE' });

    await expect(signIn(demoCredentials)).rejects.toThrow();
    expect(localStorage.getItem('access-token')).toBeNull();
  });

  it('still refuses staff whose roles include ones it does not know', async () => {
    answerMe({ ...me, roles: ['ROLE_BETA', 'ROLE_PERSONAL'] });

    expect(await signIn(demoCredentials)).toBe('refused');
    expect(localStorage.getItem('access-token')).toBeNull();
  });
});
