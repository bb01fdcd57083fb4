/**
 * The catalog of the errors the API answers on purpose. A service (or a guard) throws one; the
 * error handler (plugins/errors.ts) maps it to its status, its body in the shape of DECISIONS.md §2
 * (`code` and `field` when it has them, and any details) and, for a 429 or 503, `Retry-After`.
 * Messages are in Portuguese: the apps show them.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string,
    readonly extra: {
      /** A stable name the apps act on (DECISIONS.md §2's `code`). */
      code?: string;
      /** The request field at fault, also named at the start of the message. */
      field?: string;
      /** Joins the body (a plan's every error). */
      details?: Record<string, unknown>;
      /** When to try again, for a 429 or 503. */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
  }

  /** The status as Fastify and its plugins read it of any error. */
  get statusCode() {
    return this.status;
  }
}

const wholeSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export const notFound = (message = 'Recurso não encontrado.') => new DomainError(404, message);
export const unauthorized = (message: string, code?: string) => new DomainError(401, message, { code });
export const forbidden = (message: string, code?: string) => new DomainError(403, message, { code });
/** A 400 naming the field at fault, like the answers of the request schemas. */
export const badField = (field: string, message: string) => new DomainError(400, `${field}: ${message}`, { field });
/** A 409: the request is well formed, but what is stored forbids it. */
export const conflict = (message: string, extra: { code?: string; field?: string; details?: Record<string, unknown> } = {}) => new DomainError(409, message, extra);
/** A 409 on a field: a value another record already has. */
export const fieldConflict = (field: string, message: string) => conflict(`${field}: ${message}`, { field });
export const tooManyRequests = (retryAfterMs: number) =>
  new DomainError(429, `Muitas tentativas. Tente novamente em ${Math.ceil(retryAfterMs / 1000)} segundos.`, {
    code: 'TooManyRequests',
    retryAfterSeconds: wholeSeconds(retryAfterMs),
  });
/** A 503: this instance cannot serve now, through no fault of the request; the client (or a balancer) tries again. */
export const unavailable = (message: string, retryAfterMs: number) => new DomainError(503, message, { retryAfterSeconds: wholeSeconds(retryAfterMs) });

// What more than one route can fail to find.
export const clientNotFound = () => notFound('Cliente não encontrado.');
export const userNotFound = () => notFound('Usuário não encontrado.');
export const evaluationNotFound = () => notFound('Avaliação não encontrada.');
export const workoutNotFound = () => notFound('Treino não encontrado.');
export const dietNotFound = () => notFound('Dieta não encontrada.');
export const exerciseNotFound = () => notFound('Exercício não encontrado.');
export const sessionNotFound = () => notFound('Sessão não encontrada.');
