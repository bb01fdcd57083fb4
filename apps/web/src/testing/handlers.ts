import {
  EXPIRED_JWT_CODE,
  type ClientMessageRequest,
  type ErrorBody,
  type LinkOrigin,
  type LoginRequest,
  type Me,
  type RefreshRequest,
  type TokenPair,
  type WaterDayRequest,
} from '@acompanha/contract';
import { http, HttpResponse } from 'msw';
import {
  buildClient,
  buildDiet,
  buildEvaluation,
  buildExercise,
  buildMeal,
  buildWorkout,
  fakeJwt,
  paged,
} from './factories';

/** What a client holds once the access token has expired; its refresh token is still good. */
export const expiredTokens: TokenPair = { token: fakeJwt({ exp: 1_700_000_000 }), refresh_token: 'refresh-1' };
/** What the refresh call and a successful login hand out. */
export const freshTokens: TokenPair = { token: fakeJwt(), refresh_token: 'refresh-2' };

export const demoCredentials: LoginRequest = { email: 'ana@demo.fit', password: 'Treino2026' };

/** The e-mailed links' tokens the stand-in server knows, and what each was sent for. */
export const linkTokens: Record<string, LinkOrigin> = { 'link-token': 'FORGOT_PASSWORD', 'first-access-link': 'FIRST_ACCESS' };

export const me: Me = { id: 1, email: demoCredentials.email, roles: ['ROLE_CLIENTE'] };

/** Same-origin URL of an API path, as the app's clients call it. */
export function apiUrl(path: string): string {
  return `${location.origin}/api${path}`;
}

export function unauthorized(message = 'Não autorizado'): HttpResponse<ErrorBody> {
  return HttpResponse.json({ status: 401, error: 'Unauthorized', message }, { status: 401 });
}

export function expiredJwt(message = 'Token expirado'): HttpResponse<ErrorBody> {
  return HttpResponse.json({ status: 401, error: 'Unauthorized', message, code: EXPIRED_JWT_CODE }, { status: 401 });
}

/** Answers like the API's bearer check: the fresh token passes, the expired one is refused as expired. */
function withSession<T>(request: Request, answer: () => T): T | HttpResponse<ErrorBody> {
  const authorization = request.headers.get('Authorization');
  if (authorization === `Bearer ${freshTokens.token}`) return answer();
  if (authorization === `Bearer ${expiredTokens.token}`) return expiredJwt();
  return unauthorized();
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

  http.post(apiUrl('/v1/auth/logout'), () => new HttpResponse(null, { status: 204 })),

  // The server's check of an e-mailed link: a redirect to the landing with its verdict, as GET /api/v1/auth/link answers.
  http.get(apiUrl('/v1/auth/link'), ({ request }) => {
    const token = new URL(request.url).searchParams.get('token') ?? '';
    const origin = linkTokens[token];
    const verdict = { token, reason: origin ? 'ok' : 'token-not-found', origin: origin ?? 'FORGOT_PASSWORD', status: origin ? 'success' : 'error' };
    return new HttpResponse(null, { status: 302, headers: { location: `/reset-password-fallback?${new URLSearchParams(verdict)}` } });
  }),
  // Where that redirect ends: the landing's page, which the check does not read.
  http.get(`${location.origin}/reset-password-fallback`, () => new HttpResponse('<!doctype html>', { headers: { 'content-type': 'text/html' } })),

  http.get(apiUrl('/v1/users/me'), ({ request }) => withSession(request, () => HttpResponse.json(me))),

  http.get(apiUrl('/v2/clientes/1'), ({ request }) => withSession(request, () => HttpResponse.json(buildClient()))),

  http.get(apiUrl('/v1/clientes/1/avaliacoes'), ({ request }) =>
    withSession(request, () => HttpResponse.json({ results: [buildEvaluation()] })),
  ),

  // Home's one read (index.html's start script), of the same small plan.
  http.get(apiUrl('/v1/clientes/1/inicio'), ({ request }) =>
    withSession(request, () => {
      const workout = buildWorkout();
      return HttpResponse.json({
        cliente: buildClient(),
        avaliacoes: { results: [buildEvaluation()] },
        treinos: paged([workout]),
        dietas: paged([buildDiet()]),
        exercicios: { [workout.id]: paged([buildExercise()]) },
        sessoes: { [workout.id]: paged([]) },
      });
    }),
  ),

  // A small plan for any evaluation, workout or diet, so that every screen that shows one has answers.
  http.get(apiUrl('/v1/avaliacoes/:id/treinos'), ({ request }) =>
    withSession(request, () => HttpResponse.json(paged([buildWorkout()]))),
  ),
  http.get(apiUrl('/v1/avaliacoes/:id/dietas'), ({ request }) => withSession(request, () => HttpResponse.json(paged([buildDiet()])))),
  http.get(apiUrl('/v1/treinos/:id'), ({ request, params }) =>
    withSession(request, () => HttpResponse.json(buildWorkout({ id: Number(params.id) }))),
  ),
  // No session logged yet: the week is empty and the exercise shows no progress.
  http.get(apiUrl('/v1/treinos/:id/sessoes'), ({ request }) => withSession(request, () => HttpResponse.json(paged([])))),
  http.get(apiUrl('/v1/sessoes'), ({ request }) => withSession(request, () => HttpResponse.json(paged([])))),
  http.get(apiUrl('/v1/exercicios/:id/historico'), ({ request }) => withSession(request, () => HttpResponse.json([]))),
  http.get(apiUrl('/v1/treinos/:id/exercicios'), ({ request }) =>
    withSession(request, () => HttpResponse.json(paged([buildExercise()]))),
  ),
  http.get(apiUrl('/v1/dietas/:id'), ({ request, params }) =>
    withSession(request, () => HttpResponse.json(buildDiet({ id: Number(params.id) }))),
  ),
  http.get(apiUrl('/v1/dietas/:id/refeicoes'), ({ request }) => withSession(request, () => HttpResponse.json([buildMeal()]))),

  // An empty conversation (the tab bar's badge reads it on every screen); a message sent is stored as it came.
  http.get(apiUrl('/v1/mensagens'), ({ request }) => withSession(request, () => HttpResponse.json({ results: [], nao_lidas: 0 }))),
  http.post<never, ClientMessageRequest>(apiUrl('/v1/mensagens'), async ({ request }) => {
    const { id, texto } = await request.clone().json();
    return withSession(request, () =>
      HttpResponse.json(
        { id, autor: 'CLIENTE', autor_nome: 'Ana Paula Souza', autor_papel: null, texto, enviada_em: new Date().toISOString(), lida_em: null },
        { status: 201 },
      ),
    );
  }),
  http.post(apiUrl('/v1/mensagens/lidas'), ({ request }) => withSession(request, () => new HttpResponse(null, { status: 204 }))),
  // No water logged on the server yet; a day sent is kept as sent (the server's merge is the API's own test).
  http.get(apiUrl('/v1/agua/:data'), ({ request, params }) =>
    withSession(request, () => HttpResponse.json({ data: params.data, registros: [], recomecado_em: null })),
  ),
  http.put<{ data: string }, WaterDayRequest>(apiUrl('/v1/agua/:data'), async ({ request, params }) => {
    const day = await request.clone().json();
    return withSession(request, () => HttpResponse.json({ data: params.data, ...day }));
  }),
  // The live stream stays open, quiet, until the screen closes it.
  http.get(apiUrl('/v1/mensagens/eventos'), ({ request }) =>
    withSession(request, () => new HttpResponse(quietStream(request.signal), { headers: { 'Content-Type': 'text/event-stream' } })),
  ),
];

/** An event stream that sends nothing and ends when its request is aborted. */
export function quietStream(signal: AbortSignal): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      signal.addEventListener('abort', () => {
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      });
    },
  });
}
