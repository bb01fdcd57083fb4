import { errorBodySchema, EXPIRED_JWT_CODE, tokenPairSchema, type ErrorBody } from '@acompanha/contract';
import { API_BASE } from './api-base';
import { takeEarlyResponse } from './early-requests';
import { currentUserIdOrNull, SessionChangedError, userIdOfToken } from './session/current-user';
import { endSession } from './session/session-end';
import { getToken, setToken, STORAGE_KEYS } from './storage';

export const LOGIN_PATH = '/v1/auth/login';
export const REFRESH_PATH = '/v1/auth/refresh';
export const LOGOUT_PATH = '/v1/auth/logout';

type Params = Record<string, string | number | boolean | undefined>;

/** One call: `url` is a path under the API's base, or a whole URL. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  params?: Params;
  /** The JSON body. */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Set on the one retry after a token refresh, so that its own 401 is not refreshed again. */
  retriedAfterRefresh?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
}

type Options = Pick<ApiRequest, 'params' | 'headers' | 'signal' | 'data'>;

/**
 * A call that did not succeed: `response` holds the server's answer when there was one; without
 * it the request never got an answer (`code` says whether it was cancelled).
 */
export class ApiError extends Error {
  constructor(
    readonly config: ApiRequest,
    readonly response?: { status: number; data: unknown },
    readonly code?: 'ERR_NETWORK' | 'ERR_CANCELED',
  ) {
    super(response ? `${config.method} ${config.url} answered ${response.status}` : `${config.method} ${config.url}: ${code}`);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Network failures, 5xx and 429 may well succeed a moment later; every other 4xx is an answer
 * that a retry will not change.
 */
export function isTransientError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (!error.response) return error.code !== 'ERR_CANCELED';
  return error.response.status >= 500 || error.response.status === 429;
}

/** The API's error body (DECISIONS.md §2) carried by a failed call, if it has one. */
export function errorBodyOf(error: unknown): ErrorBody | null {
  if (!isApiError(error)) return null;
  const parsed = errorBodySchema.safeParse(error.response?.data);
  return parsed.success ? parsed.data : null;
}

/** Shown where the server gave no message of its own: the request never got an answer. */
export const CONNECTION_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua internet e tente novamente.';

/** The server's own message for a failed call, else the connection message. */
export function errorMessageOf(error: unknown): string {
  return errorBodyOf(error)?.message ?? CONNECTION_MESSAGE;
}

/** The URL a call goes to: the API's base and the path, or a whole URL as given, with its parameters. */
export function urlOf({ url, params }: Pick<ApiRequest, 'url' | 'params'>): URL {
  const resolved = new URL(/^https?:\/\//.test(url) ? url : API_BASE + url, window.location.href);
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined) resolved.searchParams.set(name, String(value));
  }
  return resolved;
}

/** Sends one call with fetch; any answer but 2xx, or none, rejects with an ApiError. */
export async function send<T>(config: ApiRequest): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...config.headers };
  if (config.data !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(urlOf(config), {
      method: config.method,
      headers,
      body: config.data === undefined ? undefined : JSON.stringify(config.data),
      signal: config.signal,
    });
  } catch {
    throw new ApiError(config, undefined, config.signal?.aborted ? 'ERR_CANCELED' : 'ERR_NETWORK');
  }
  return answerOf<T>(config, response);
}

async function answerOf<T>(config: ApiRequest, response: Response): Promise<ApiResponse<T>> {
  const text = await response.text().catch(() => '');
  let data: unknown = text;
  try {
    if (text) data = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): kept as text.
  }
  if (!response.ok) throw new ApiError(config, { status: response.status, data });
  return { data: data as T, status: response.status };
}

export interface HttpClient {
  get<T = unknown>(url: string, options?: Options): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, options?: Options): Promise<ApiResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, options?: Options): Promise<ApiResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, options?: Options): Promise<ApiResponse<T>>;
  delete<T = unknown>(url: string, options?: Options): Promise<ApiResponse<T>>;
  request<T = unknown>(config: ApiRequest): Promise<ApiResponse<T>>;
}

function httpClient(request: <T>(config: ApiRequest) => Promise<ApiResponse<T>>): HttpClient {
  return {
    get: (url, options) => request({ ...options, method: 'GET', url }),
    post: (url, data, options) => request({ ...options, method: 'POST', url, data }),
    put: (url, data, options) => request({ ...options, method: 'PUT', url, data }),
    patch: (url, data, options) => request({ ...options, method: 'PATCH', url, data }),
    delete: (url, options) => request({ ...options, method: 'DELETE', url }),
    request,
  };
}

/** No bearer and no refresh: for the refresh call itself and the e-mailed-link password flows. */
export const authClient: HttpClient = httpClient(send);

/** Calls on behalf of the signed-in client: with the stored bearer, refreshed once when it has expired. */
export const apiClient: HttpClient = httpClient(sendAsClient);

async function sendAsClient<T>(config: ApiRequest): Promise<ApiResponse<T>> {
  const accessToken = getToken(STORAGE_KEYS.accessToken);
  const sent: ApiRequest = accessToken ? { ...config, headers: { ...config.headers, Authorization: `Bearer ${accessToken}` } } : config;
  try {
    // The start script may have asked for this already, while the bundle was downloading (early-requests.ts).
    const early = accessToken && config.method === 'GET' && !config.params ? await takeEarlyResponse(config.url, accessToken) : null;
    return early ? await answerOf<T>(sent, early) : await send<T>(sent);
  } catch (error) {
    if (!isApiError(error) || !needsRefresh(error)) throw error;
    await refreshAfter(error);
    return sendAsClient<T>({ ...config, retriedAfterRefresh: true });
  }
}

/** A call refused for an expired token: the tokens are refreshed (once for all such calls), or the session ends. */
async function refreshAfter(error: ApiError): Promise<void> {
  const sentToken = error.config.headers?.Authorization;
  const storedToken = getToken(STORAGE_KEYS.accessToken);
  // A request that left before another one's refresh finished only needs the newer token.
  if (!storedToken || sentToken === `Bearer ${storedToken}`) {
    const session = getToken(STORAGE_KEYS.refreshToken);
    try {
      await refreshTokens();
    } catch (refreshError) {
      // Only a refused refresh ends the session, and only the session it was refused for: a dropped
      // connection must not sign anyone out, nor a late answer undo a sign-in made meanwhile.
      if (!isTransientError(refreshError) && getToken(STORAGE_KEYS.refreshToken) === session) {
        endSession();
      }
      throw error;
    }
  }
  // Sent again only as the user it was made for: after 'Sair' and another sign-in meanwhile, the
  // stored token names someone else, and the request must not go out under their name.
  const sentFor = userIdOfToken(String(sentToken ?? '').replace(/^Bearer /, ''));
  if (sentFor !== null && sentFor !== currentUserIdOrNull()) throw new SessionChangedError();
}

function needsRefresh({ config, response }: ApiError): boolean {
  if (!response || response.status !== 401 || config.retriedAfterRefresh) return false;
  if (config.url === LOGIN_PATH || config.url === REFRESH_PATH) return false;
  const body: unknown = response.data;
  if (typeof body !== 'object' || body === null) return false;
  return (
    ('code' in body && body.code === EXPIRED_JWT_CODE) || ('error' in body && body.error === 'Unauthorized')
  );
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
  const { data } = await authClient.post<unknown>(REFRESH_PATH, { refresh_token: refreshToken });
  const pair = tokenPairSchema.parse(data);
  setToken(STORAGE_KEYS.accessToken, pair.token);
  setToken(STORAGE_KEYS.refreshToken, pair.refresh_token);
}
