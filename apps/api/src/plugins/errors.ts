import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '@acompanha/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isStatementCancelled } from '../db/availability.js';
import { DomainError, unavailable } from '../errors.js';

export function errorBody(status: number, message: string, code?: string): ErrorBody {
  return { status, error: STATUS_CODES[status] ?? 'Error', message, ...(code ? { code } : {}) };
}

// Fastify's own answers to a malformed request carry English texts; the client reads Portuguese.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado: envie application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'O corpo da requisição é grande demais.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição está vazio.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'O corpo da requisição não é um JSON válido.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'O tamanho declarado do corpo não confere.',
};

function sendDomainError(reply: FastifyReply, { status, message, extra }: DomainError) {
  if (extra.retryAfterSeconds !== undefined) reply.header('retry-after', extra.retryAfterSeconds);
  return reply.status(status).send({ ...errorBody(status, message, extra.code), ...(extra.field ? { field: extra.field } : {}), ...extra.details });
}

/**
 * Errors in the shape of DECISIONS.md §2: the catalog's (errors.ts) as they say, the request
 * schemas' naming the field; an unreachable database is a 503; a 5xx never shows its internals.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) return sendDomainError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      // A strict object's unknown fields are reported on the object: name the first of them.
      const unknown = first?.keyword === 'unrecognized_keys' ? (first.params as { keys: string[] }).keys[0] : undefined;
      const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const field = [path, unknown].filter(Boolean).join('.') || error.validationContext || 'request';
      return reply.status(400).send({ ...errorBody(400, `${field}: ${first?.message ?? 'inválido'}`), field });
    }
    if (isStatementCancelled(error)) {
      // The statement ran past STATEMENT_TIMEOUT_MS (or its client had gone): the database is there, this read was too slow.
      request.log.warn({ err: error }, 'statement cancelled');
      return sendDomainError(reply, unavailable('O servidor demorou demais para responder. Tente novamente em instantes.', 5000));
    }
    if (isDatabaseUnavailable(error)) {
      // An outage is not this request's fault: the client retries, a balancer tries another instance.
      app.databaseAvailability.reportUnavailable(error);
      return sendDomainError(reply, unavailable('Serviço temporariamente indisponível. Tente novamente em instantes.', 5000));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = ('code' in error && FRAMEWORK_MESSAGES[error.code]) || error.message;
      return reply.status(status).send(errorBody(status, message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(500, 'Erro interno. Tente novamente mais tarde.'));
  });
});

export function routeNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(errorBody(404, `Rota ${request.method} ${request.url.split('?')[0]} não encontrada.`));
}
