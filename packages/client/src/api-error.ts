import { errorBodySchema, type ErrorBody } from '@acompanha/contract';

/** Shown where the server gave no message of its own: the request never got an answer. */
export const CONNECTION_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua internet e tente novamente.';

/** A call that failed: with the API's error body (DECISIONS.md §2) when an answer came. */
export class ApiError extends Error {
  /** The API's error body, when the answer had one. */
  readonly body: ErrorBody | null;

  constructor(
    /** The call, as `METHOD path`. */
    readonly call: string,
    /** 0 when no answer came. */
    readonly status: number,
    /** The whole answer as sent: some errors carry more than the common body (a plan's every error, the newer plan). */
    readonly raw: unknown = null,
    options?: ErrorOptions,
  ) {
    const parsed = errorBodySchema.safeParse(raw);
    const body = parsed.success ? parsed.data : null;
    super(body?.message ?? CONNECTION_MESSAGE, options);
    this.name = 'ApiError';
    this.body = body;
  }

  /** The request field the API named as wrong (`email`, `titulo`), if it named one. */
  get field(): string | undefined {
    const field = (this.raw as { field?: unknown } | null)?.field;
    return typeof field === 'string' ? field : undefined;
  }

  /** A dropped connection, 5xx or 429 may well succeed a moment later; every other 4xx is an answer a retry will not change. */
  get transient(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}

/** Whether a failure is a call's that may succeed a moment later (ApiError's `transient`); anything else is not. */
export function isTransientError(error: unknown): boolean {
  return error instanceof ApiError && error.transient;
}

/** The API's error body (DECISIONS.md §2) carried by a failed call, if it has one. */
export function errorBodyOf(error: unknown): ErrorBody | null {
  return error instanceof ApiError ? error.body : null;
}

/** The server's own message for a failed call, else the connection message. */
export function errorMessageOf(error: unknown): string {
  return errorBodyOf(error)?.message ?? CONNECTION_MESSAGE;
}
