import { errorBodySchema, EXPIRED_JWT_CODE, tokenPairSchema, type ErrorBody } from '@acompanha/contract';
import { API_BASE } from './api-base';
import { forgetEarlyResponses, takeEarlyAnswer } from './early-requests';
import { currentUserIdOrNull, SessionChangedError, userIdOfToken } from './session/current-user';
import { endSession } from './session/session-end';
import { getToken, setToken, STORAGE_KEYS } from './storage';

export const LOGIN_PATH = '/v1/auth/login';
export const REFRESH_PATH = '/v1/auth/refresh';
export const LOGOUT_PATH = '/v1/auth/logout';

/** What a call sends: the API's path (or a whole URL), and the query, body and headers. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  params?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Set on the one retry after a token refresh, so that its own 401 is not refreshed again. */
  retriedAfterRefresh?: boolean;
}

/** An answer: its body read as JSON (or text), and its status. */
export interface ApiResponse<T = unknown> {
  data: T;
  status: number;
}

/** A call that failed: with the server's `response` when it answered with an error, without one when no answer came. */
export class ApiError extends Error {
  constructor(
    readonly request: ApiRequest,
    readonly response?: ApiResponse,
    options?: ErrorOptions,
  ) {
    super(response ? `${request.method} ${request.url} answered ${response.status}` : `${request.method} ${request.url} got no answer`, options);
    this.name = 'ApiError';
  }
}

/**
 * Network failures, 5xx and 429 may well succeed a moment later; every other 4xx is an answer
 * that a retry will not change.
 */
export function isTransientError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return !error.response || error.response.status >= 500 || error.response.status === 429;
}

/** The API's error body (DECISIONS.md §2) carried by a failed call, if it has one. */
export function errorBodyOf(error: unknown): ErrorBody | null {
  if (!(error instanceof ApiError)) return null;
  const parsed = errorBodySchema.safeParse(error.response?.data);
  return parsed.success ? parsed.data : null;
}

/** Shown where the server gave no message of its own: the request never got an answer. */
export const CONNECTION_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua internet e tente novamente.';

/** The server's own message for a failed call, else the connection message. */
export function errorMessageOf(error: unknown): string {
  return errorBodyOf(error)?.message ?? CONNECTION_MESSAGE;
}

/** A body as the server sent it: JSON when it says so, else its text (none for an empty answer). */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends a call with fetch: the API's base before a path, JSON in and out; an error status or no answer throws `ApiError`. */
export async function send<T = unknown>(request: ApiRequest): Promise<ApiResponse<T>> {
  const url = new URL(/^https?:\/\//.test(request.url) ? request.url : API_BASE + request.url, location.href);
  for (const [name, value] of Object.entries(request.params ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, { method: request.method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body) });
  } catch (cause) {
    throw new ApiError(request, undefined, { cause });
  }
  const answer: ApiResponse = { data: await bodyOf(response).catch(() => undefined), status: response.status };
  if (!response.ok) throw new ApiError(request, answer);
  return answer as ApiResponse<T>;
}

type CallOptions = Pick<ApiRequest, 'params' | 'headers'>;

/** get, post, put, patch and delete over one way of sending (`delete` takes its body in `options.data`). */
function client(call: (request: ApiRequest) => Promise<ApiResponse>) {
  const typed = <T>(request: ApiRequest) => call(request) as Promise<ApiResponse<T>>;
  return {
    get: <T = unknown>(url: string, options?: CallOptions) => typed<T>({ method: 'GET', url, ...options }),
    post: <T = unknown>(url: string, body?: unknown, options?: CallOptions) => typed<T>({ method: 'POST', url, body, ...options }),
    put: <T = unknown>(url: string, body?: unknown, options?: CallOptions) => typed<T>({ method: 'PUT', url, body, ...options }),
    patch: <T = unknown>(url: string, body?: unknown, options?: CallOptions) => typed<T>({ method: 'PATCH', url, body, ...options }),
    delete: <T = unknown>(url: string, options?: CallOptions & { data?: unknown }) =>
      typed<T>({ method: 'DELETE', url, body: options?.data, params: options?.params, headers: options?.headers }),
  };
}

/** No bearer and no refresh: for the refresh call itself and the e-mailed-link password flows. */
export const authClient = client(send);

/** Calls on behalf of the signed-in client: with the stored bearer, refreshed once when it has expired. */
export const apiClient = client(signedIn);

async function signedIn(request: ApiRequest): Promise<ApiResponse> {
  if (request.method !== 'GET') forgetEarlyResponses();
  const accessToken = getToken(STORAGE_KEYS.accessToken);
  const sentToken = accessToken ? `Bearer ${accessToken}` : undefined;
  const authorized: ApiRequest = sentToken ? { ...request, headers: { ...request.headers, Authorization: sentToken } } : request;
  try {
    return (accessToken && (await earlyAnswer(authorized, accessToken))) || (await send(authorized));
  } catch (error) {
    if (!(error instanceof ApiError) || !needsRefresh(error)) throw error;
    await refreshAfter(error, sentToken);
    // Sent again only as the user it was made for: after 'Sair' and another sign-in meanwhile, the
    // stored token names someone else, and the request must not go out under their name.
    const sentFor = userIdOfToken(sentToken?.replace(/^Bearer /, '') ?? null);
    if (sentFor !== null && sentFor !== currentUserIdOrNull()) throw new SessionChangedError();
    return signedIn({ ...request, retriedAfterRefresh: true });
  }
}

/** The start script may have asked for this already, while the bundle was downloading (early-requests.ts). */
function earlyAnswer(request: ApiRequest, accessToken: string): Promise<ApiResponse | null> | null {
  if (request.method !== 'GET' || request.params) return null;
  return takeEarlyAnswer(request.url, accessToken);
}

/** Refreshes the pair once for a call refused with `sentToken`, unless a refresh made meanwhile already replaced it. */
async function refreshAfter(error: ApiError, sentToken: string | undefined): Promise<void> {
  const storedToken = getToken(STORAGE_KEYS.accessToken);
  // A request that left before another one's refresh finished only needs the newer token.
  if (storedToken && sentToken !== `Bearer ${storedToken}`) return;
  const session = getToken(STORAGE_KEYS.refreshToken);
  try {
    await refreshTokens();
  } catch (refreshError) {
    // Only a refused refresh ends the session, and only the session it was refused for: a dropped
    // connection must not sign anyone out, nor a late answer undo a sign-in made meanwhile.
    if (!isTransientError(refreshError) && getToken(STORAGE_KEYS.refreshToken) === session) endSession();
    throw error;
  }
}

function needsRefresh({ request, response }: ApiError): boolean {
  if (!response || response.status !== 401 || request.retriedAfterRefresh) return false;
  if (request.url === LOGIN_PATH || request.url === REFRESH_PATH) return false;
  const body = response.data;
  if (typeof body !== 'object' || body === null) return false;
  return ('code' in body && body.code === EXPIRED_JWT_CODE) || ('error' in body && body.error === 'Unauthorized');
}
let refreshInFlight: Promise<void> | null = null;

/** Concurrent 401s share one refresh call: refresh tokens are single-use (DECISIONS.md §2). */
function refreshTokens(): Promise<void> {
  refreshInFlight ??= refreshOnceAcrossTabs().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

const REFRESH_LOCK = 'acompanha-token-refresh';

/**
 * Other tabs share the stored tokens, so one refresh at a time across all of them: a tab that
 * waited for the lock finds the pair another tab stored, and uses it instead of spending the
 * token again.
 */
async function refreshOnceAcrossTabs(): Promise<void> {
  const spent = getToken(STORAGE_KEYS.refreshToken);
  const refreshUnlessDone = async () => {
    if (getToken(STORAGE_KEYS.refreshToken) === spent) await requestTokenPair();
  };
  // Browsers without Web Locks (and the unit tests' DOM) fall back to this tab's single flight.
  if ('locks' in navigator) await navigator.locks.request(REFRESH_LOCK, refreshUnlessDone);
  else await refreshUnlessDone();
}

async function requestTokenPair(): Promise<void> {
  const refreshToken = getToken(STORAGE_KEYS.refreshToken);
  if (!refreshToken) throw new Error('No refresh token stored');
  const { data } = await authClient.post(REFRESH_PATH, { refresh_token: refreshToken });
  const pair = tokenPairSchema.parse(data);
  setToken(STORAGE_KEYS.accessToken, pair.token);
  setToken(STORAGE_KEYS.refreshToken, pair.refresh_token);
}
