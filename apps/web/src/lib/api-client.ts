import { errorBodySchema, EXPIRED_JWT_CODE, tokenPairSchema, type ErrorBody } from '@acompanha/contract';
import axios, { isAxiosError, type AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { API_BASE } from './api-base';
import { forgetEarlyResponses, takeEarlyResponse } from './early-requests';
import { currentUserIdOrNull, SessionChangedError, userIdOfToken } from './session/current-user';
import { endSession } from './session/session-end';
import { getToken, setToken, STORAGE_KEYS } from './storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the one retry after a token refresh, so that its own 401 is not refreshed again. */
    retriedAfterRefresh?: boolean;
  }
}


export const LOGIN_PATH = '/v1/auth/login';
export const REFRESH_PATH = '/v1/auth/refresh';
export const LOGOUT_PATH = '/v1/auth/logout';

/**
 * Network failures, 5xx and 429 may well succeed a moment later; every other 4xx is an answer
 * that a retry will not change.
 */
export function isTransientError(error: unknown): boolean {
  if (!isAxiosError(error)) return false;
  if (!error.response) return error.code !== 'ERR_CANCELED';
  return error.response.status >= 500 || error.response.status === 429;
}

/** The API's error body (DECISIONS.md §2) carried by a failed call, if it has one. */
export function errorBodyOf(error: unknown): ErrorBody | null {
  if (!isAxiosError(error)) return null;
  const parsed = errorBodySchema.safeParse(error.response?.data);
  return parsed.success ? parsed.data : null;
}

/** Shown where the server gave no message of its own: the request never got an answer. */
export const CONNECTION_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua internet e tente novamente.';

/** The server's own message for a failed call, else the connection message. */
export function errorMessageOf(error: unknown): string {
  return errorBodyOf(error)?.message ?? CONNECTION_MESSAGE;
}

/** No bearer and no refresh: for the refresh call itself and the e-mailed-link password flows. */
export const authClient: AxiosInstance = axios.create({ baseURL: API_BASE });

/** Calls on behalf of the signed-in client. */
export const apiClient: AxiosInstance = axios.create({ baseURL: API_BASE });

apiClient.interceptors.request.use((config) => {
  if (config.method !== 'get') forgetEarlyResponses();
  const accessToken = getToken(STORAGE_KEYS.accessToken);
  if (!accessToken) return config;
  config.headers.Authorization = `Bearer ${accessToken}`;
  // The start script may have asked for this already, while the bundle was downloading (early-requests.ts).
  const early = config.method === 'get' && config.url && !config.params ? takeEarlyResponse(config.url, accessToken) : null;
  if (early) {
    config.adapter = (request) =>
      early.then((response) => (response ? earlyAnswer(response, request).catch(() => sendRequest(request)) : sendRequest(request)));
  }
  return config;
});

const sendRequest = axios.getAdapter(axios.defaults.adapter);

async function earlyAnswer(response: Response, config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
  return {
    data: await response.clone().json(),
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries(response.headers),
    config,
  };
}

apiClient.interceptors.response.use(undefined, async (error: unknown) => {
  if (!isAxiosError(error) || !error.config || !needsRefresh(error)) throw error;
  const original = error.config;
  const sentToken = original.headers.Authorization;
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
  return apiClient.request({ ...original, retriedAfterRefresh: true });
});

function needsRefresh(error: AxiosError): boolean {
  const { config, response } = error;
  if (!config || !response || response.status !== 401 || config.retriedAfterRefresh) return false;
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
