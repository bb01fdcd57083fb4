import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '@acompanha/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error whose status and message are meant for the caller. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Recurso não encontrado.') => new ApiError(404, message);
export const unauthorized = (message: string, code?: string) => new ApiError(401, message, code);

export function errorBody(status: number, message: string, code?: string): ErrorBody {
  return { status, error: STATUS_CODES[status] ?? 'Error', message, ...(code ? { code } : {}) };
}

/** Errors in the shape of DECISIONS.md §2; a 5xx never shows its internals. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(errorBody(error.status, error.message, error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
      return reply.status(400).send({ ...errorBody(400, `${field}: ${first?.message ?? 'inválido'}`), field });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(500, 'Erro interno. Tente novamente mais tarde.'));
  });
});

export function routeNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(errorBody(404, `Rota ${request.method} ${request.url.split('?')[0]} não encontrada.`));
}
