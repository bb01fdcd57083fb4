import { EXPIRED_JWT_CODE, paths, tokenPairReadSchema } from '@acompanha/contract';
import type { ZodMiniType } from 'zod/mini';
import { ApiError } from './api-error';
import { userIdOfToken, type TokenStore } from './token-store';

/** What a call sends besides its path: all optional, a GET without a body by default. */
export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The query; undefined and null values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * The bearer to send instead of the stored one (sign-in asks who a new token belongs to before
   * storing it; a password link's token), or null for none. Either way a 401 is the answer, not a
   * cue to refresh.
   */
  bearer?: string | null;
  /** Lets the request outlive the page (a draft saved as the tab closes); the browser caps such bodies at 64 KB. */
  keepalive?: boolean;
}

/** What an upload may be given besides its form. */
export interface UploadOptions {
  /** Told the bytes sent so far and the body's size, as the browser sends them. */
  onProgress?: (sent: number, total: number) => void;
  /** Aborting it stops the upload; the call then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** A write kept for one user is refused before it leaves once another session is stored on the device. */
export class SessionChangedError extends Error {
  constructor() {
    super('The write was made by another session than the one stored');
  }
}

export interface ApiClientOptions {
  /** Where the API answers: a path of the page's origin (`/api`) or a whole URL. */
  base: string;
  tokens: TokenStore;
  /** The server refused the session's refresh token: the app ends the session its own way. */
  onRefreshRefused: () => void;
}

export interface ApiClient {
  /**
   * Calls the API as the signed-in user and reads the answer with `schema` (null for an answer
   * read as nothing). An expired token is refreshed once and the call sent again. An error status,
   * no answer or an answer the schema refuses throws ApiError.
   */
  call<T>(path: string, schema: ZodMiniType<T> | null, options?: CallOptions): Promise<T>;
  /**
   * POSTs a multipart form (a photo) as the signed-in user, under the same rules as `call`, telling
   * its progress: XMLHttpRequest, since fetch reports none for an upload.
   */
  upload<T>(path: string, schema: ZodMiniType<T> | null, form: FormData, options?: UploadOptions): Promise<T>;
  /**
   * GETs a file that needs the bearer (a photo, which an `<img src>` cannot load), under the same
   * rules as `call`. Aborting the signal rejects with its reason.
   */
  blob(path: string, options?: { signal?: AbortSignal }): Promise<Blob>;
  /** One refresh of the stored pair, shared by every caller meanwhile, in this tab and the others. */
  refresh(): Promise<void>;
}

/** A body as the server sent it: JSON when it says so, else its text (none for an empty answer). */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function urlOf(base: string, path: string): URL {
  return new URL(/^https?:\/\//.test(path) ? path : base + path, location.href);
}

/** Sends one request to `base + path` (or to a whole URL) and reads its answer; an error status or no answer throws ApiError. */
async function send(base: string, path: string, options: CallOptions = {}): Promise<unknown> {
  const { method = 'GET', params = {}, body, bearer, keepalive } = options;
  const url = urlOf(base, path);
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const call = `${method} ${path}`;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), keepalive });
  } catch (cause) {
    throw new ApiError(call, 0, null, { cause });
  }
  const answer = await bodyOf(response);
  if (!response.ok) throw new ApiError(call, response.status, answer);
  return answer;
}

/** GETs `base + path` as a Blob; an error status or no answer throws ApiError. */
async function sendForBlob(base: string, path: string, bearer: string | null, signal: AbortSignal | undefined): Promise<Blob> {
  const call = `GET ${path}`;
  let response: Response;
  try {
    response = await fetch(urlOf(base, path), { headers: bearer ? { Authorization: `Bearer ${bearer}` } : {}, signal });
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    throw new ApiError(call, 0, null, { cause });
  }
  if (!response.ok) throw new ApiError(call, response.status, await bodyOf(response));
  return response.blob();
}

/** POSTs a form to `base + path` with XMLHttpRequest, telling the upload's progress; an error status or no answer throws ApiError. */
function sendForm(base: string, path: string, form: FormData, bearer: string | null, { onProgress, signal }: UploadOptions): Promise<unknown> {
  const call = `POST ${path}`;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => {
      request.abort();
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    request.addEventListener('loadend', () => {
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) return;
      // No answer: the connection dropped (status 0), as fetch's TypeError is for `call`.
      if (request.status === 0) return reject(new ApiError(call, 0));
      const text = request.responseText;
      let answer: unknown = text || null;
      if (text && /json/i.test(request.getResponseHeader('content-type') ?? '')) {
        try {
          answer = JSON.parse(text);
        } catch {
          answer = text;
        }
      }
      if (request.status >= 200 && request.status < 300) resolve(answer);
      else reject(new ApiError(call, request.status, answer));
    });
    request.open('POST', urlOf(base, path));
    request.setRequestHeader('Accept', 'application/json');
    if (bearer) request.setRequestHeader('Authorization', `Bearer ${bearer}`);
    request.send(form);
  });
}

/** Reads an answer with `schema`; one it refuses is a failed call (read liberally: the schemas are the contract's read schemas). */
function parse<T>(call: string, schema: ZodMiniType<T> | null, answer: unknown): T {
  if (schema === null) return undefined as T;
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new ApiError(call, 200, null, { cause: parsed.error });
  return parsed.data;
}

/** An expired or ended access token: a refresh may give a new one. */
function needsRefresh(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && (error.body?.code === EXPIRED_JWT_CODE || error.body?.error === 'Unauthorized');
}

export function createApiClient({ base, tokens, onRefreshRefused }: ApiClientOptions): ApiClient {
  let refreshInFlight: Promise<void> | null = null;
  // Another tab of the same app shares the stored pair; the console's tabs are another app's.
  const lockName = `acompanha-token-refresh:${tokens.keys.join(',')}`;

  async function requestTokenPair(): Promise<void> {
    const refreshToken = tokens.refreshToken();
    if (!refreshToken) throw new ApiError(`POST ${paths.refresh}`, 401);
    tokens.store(parse(`POST ${paths.refresh}`, tokenPairReadSchema, await send(base, paths.refresh, { method: 'POST', body: { refresh_token: refreshToken } })));
  }

  /**
   * One refresh at a time across all tabs: a tab that waited for the lock finds the pair another tab
   * stored, and uses it instead of spending the single-use token again (DECISIONS.md §2).
   */
  async function refreshOnceAcrossTabs(): Promise<void> {
    const spent = tokens.refreshToken();
    const refreshUnlessDone = async () => {
      if (tokens.refreshToken() === spent) await requestTokenPair();
    };
    // Browsers without Web Locks (and the unit tests' DOM) fall back to this tab's single flight.
    if ('locks' in navigator) await navigator.locks.request(lockName, refreshUnlessDone);
    else await refreshUnlessDone();
  }

  function refresh(): Promise<void> {
    refreshInFlight ??= refreshOnceAcrossTabs().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  /** Refreshes the pair once for a call refused with `sentToken`, unless a refresh made meanwhile already replaced it. */
  async function refreshAfter(error: ApiError, sentToken: string | null): Promise<void> {
    const storedToken = tokens.accessToken();
    // A request that left before another one's refresh finished only needs the newer token.
    if (storedToken && sentToken !== storedToken) return;
    const session = tokens.refreshToken();
    try {
      await refresh();
    } catch (refreshError) {
      // Only a refused refresh ends the session, and only the session it was refused for: a dropped
      // connection must not sign anyone out, nor a late answer undo a sign-in made meanwhile.
      if (!(refreshError instanceof ApiError && refreshError.transient) && tokens.refreshToken() === session) onRefreshRefused();
      throw refreshError instanceof ApiError && refreshError.transient ? refreshError : error;
    }
  }

  /**
   * Sends `attempt` with the stored token; an expired one is refreshed once and `attempt` sent again,
   * only for the user it was made for.
   */
  async function asSignedInUser<T>(path: string, attempt: (bearer: string | null) => Promise<T>): Promise<T> {
    const sentToken = tokens.accessToken();
    try {
      return await attempt(sentToken);
    } catch (error) {
      if (!needsRefresh(error) || path === paths.login || path === paths.refresh) throw error;
      await refreshAfter(error, sentToken);
      // Sent again only as the user it was made for: after 'Sair' and another sign-in meanwhile, the
      // stored token names someone else, and the request must not go out under their name.
      const sentFor = userIdOfToken(sentToken);
      if (sentFor !== null && sentFor !== tokens.userId()) throw new SessionChangedError();
      // Its own 401 is the answer: it is not refreshed again.
      return attempt(tokens.accessToken());
    }
  }

  async function call<T>(path: string, schema: ZodMiniType<T> | null, options: CallOptions = {}): Promise<T> {
    const callName = `${options.method ?? 'GET'} ${path}`;
    if (options.bearer !== undefined) return parse(callName, schema, await send(base, path, options));
    return asSignedInUser(path, async (bearer) => parse(callName, schema, await send(base, path, { ...options, bearer })));
  }

  function upload<T>(path: string, schema: ZodMiniType<T> | null, form: FormData, options: UploadOptions = {}): Promise<T> {
    return asSignedInUser(path, async (bearer) => parse(`POST ${path}`, schema, await sendForm(base, path, form, bearer, options)));
  }

  function blob(path: string, { signal }: { signal?: AbortSignal } = {}): Promise<Blob> {
    return asSignedInUser(path, (bearer) => sendForBlob(base, path, bearer, signal));
  }

  return { call, upload, blob, refresh };
}
