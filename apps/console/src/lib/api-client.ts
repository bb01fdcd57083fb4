import { errorBodySchema, EXPIRED_JWT_CODE, tokenPairReadSchema, type ErrorBody } from '@acompanha/contract';
import type { ZodMiniType } from 'zod/mini';
import { clearSession, readSession, storeSession } from './session';

export const API_BASE = '/api';

/** Shown where the server gave no message of its own: the request never got an answer. */
export const CONNECTION_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua internet e tente novamente.';

/** A call that failed: with the API's error body (DECISIONS.md §2) when there was an answer. */
export class ApiError extends Error {
  constructor(
    /** 0 when no answer came. */
    readonly status: number,
    readonly body: ErrorBody | null,
    /** The whole answer as sent: some errors carry more than the common body (a plan's every error, the newer plan). */
    readonly raw: unknown = null,
  ) {
    super(body?.message ?? CONNECTION_MESSAGE);
  }

  /** The request field the API named as wrong (`email`, `titulo`), if it named one. */
  get field(): string | undefined {
    const field = (this.raw as { field?: unknown } | null)?.field;
    return typeof field === 'string' ? field : undefined;
  }

  /** A dropped connection, 5xx or 429 may succeed a moment later; any other 4xx will not. */
  get transient(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * The bearer to send instead of the stored one: sign-in asks who a new token belongs to before
   * storing it, and logs in with none. Either way a 401 is the answer, not a cue to refresh.
   */
  bearer?: string | null;
  /** Lets the request outlive the page (a draft saved as the tab closes); the browser caps such bodies at 64 KB. */
  keepalive?: boolean;
}

async function send(path: string, { method = 'GET', body, keepalive }: CallOptions, bearer: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  try {
    return await fetch(`${API_BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), keepalive });
  } catch {
    throw new ApiError(0, null);
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  const raw: unknown = await response.json().catch(() => null);
  const parsed = errorBodySchema.safeParse(raw);
  return new ApiError(response.status, parsed.success ? parsed.data : null, raw);
}

/** An expired or ended access token: a refresh may give a new one. */
const needsRefresh = (error: ApiError) => error.status === 401 && (error.body?.code === EXPIRED_JWT_CODE || error.body?.error === 'Unauthorized');

let refreshInFlight: Promise<void> | null = null;

/**
 * Concurrent 401s share one refresh: refresh tokens are single-use (DECISIONS.md §2). A refused
 * refresh ends the session; a dropped connection does not.
 */
export function refreshSession(): Promise<void> {
  refreshInFlight ??= (async () => {
    const session = readSession();
    if (!session) throw new ApiError(401, null);
    const response = await send('/v1/auth/refresh', { method: 'POST', body: { refresh_token: session.refresh_token } }, null);
    if (!response.ok) {
      const error = await errorOf(response);
      if (!error.transient && readSession()?.refresh_token === session.refresh_token) clearSession();
      throw error;
    }
    storeSession(tokenPairReadSchema.parse(await response.json()));
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Calls the API as the signed-in team member and reads the answer with `schema` (null for an answer
 * without a body). An expired token is refreshed once and the call sent again.
 */
export async function callApi<T>(path: string, schema: ZodMiniType<T> | null, options: CallOptions = {}): Promise<T> {
  const stored = options.bearer === undefined;
  let response = await send(path, options, stored ? (readSession()?.token ?? null) : options.bearer!);
  if (response.status === 401 && stored) {
    const error = await errorOf(response);
    if (!needsRefresh(error)) throw error;
    await refreshSession();
    response = await send(path, options, readSession()?.token ?? null);
  }
  if (!response.ok) throw await errorOf(response);
  if (schema === null) return undefined as T;
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(response.status, null);
  return parsed.data;
}
