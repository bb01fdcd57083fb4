import { EXPIRED_JWT_CODE, type ErrorBody, type LoginRequest, type Me, type RefreshRequest, type TokenPair } from '@acompanha/contract';
import { http, HttpResponse } from 'msw';

/** What a client holds once the access token has expired; its refresh token is still good. */
export const expiredTokens: TokenPair = { token: 'expired-access', refresh_token: 'refresh-1' };
/** What the refresh call and a successful login hand out. */
export const freshTokens: TokenPair = { token: 'fresh-access', refresh_token: 'refresh-2' };

export const demoCredentials: LoginRequest = { email: 'ana@demo.fit', password: 'Treino2026' };

export const me: Me = { id: 1, email: demoCredentials.email, roles: ['ROLE_CLIENTE'] };

/** Same-origin URL of an API path, as the app's clients call it. */
export function apiUrl(path: string): string {
  return `${location.origin}/api${path}`;
}

export function unauthorized(message = 'Não autorizado'): HttpResponse<ErrorBody> {
  return HttpResponse.json({ status: 401, error: 'Unauthorized', message }, { status: 401 });
}

export function expiredJwt(): HttpResponse<ErrorBody> {
  return HttpResponse.json(
    { status: 401, error: 'Unauthorized', message: 'Token expirado', code: EXPIRED_JWT_CODE },
    { status: 401 },
  );
}

export const handlers = [
  http.post<never, LoginRequest>(apiUrl('/v1/auth/login'), async ({ request }) => {
    const { email, password } = await request.json();
    if (email !== demoCredentials.email || password !== demoCredentials.password) {
      return unauthorized('Usuário ou senha incorretos.');
    }
    return HttpResponse.json(freshTokens);
  }),

  http.post<never, RefreshRequest>(apiUrl('/v1/auth/refresh'), async ({ request }) => {
    const { refresh_token } = await request.json();
    return refresh_token === expiredTokens.refresh_token ? HttpResponse.json(freshTokens) : unauthorized();
  }),

  http.get(apiUrl('/v1/users/me'), ({ request }) => {
    const authorization = request.headers.get('Authorization');
    if (authorization === `Bearer ${freshTokens.token}`) return HttpResponse.json(me);
    if (authorization === `Bearer ${expiredTokens.token}`) return expiredJwt();
    return unauthorized();
  }),
];
