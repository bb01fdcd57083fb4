import { LogController, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

// A local part, '@', and a domain with at least one dot: "node_modules/@fastify/..." in a stack is no address.
const EMAIL_ADDRESS = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g;
const withoutAddresses = (text: string) => text.replace(EMAIL_ADDRESS, '[e-mail]');
const pathOf = (url: string) => url.split('?', 1)[0];

/**
 * What the server's log may hold of a request and an error. Tokens travel in query strings
 * (`/api/v1/auth/link?token=`), addresses too (`?email=`), passwords in bodies and bearer tokens
 * in headers, so a request is logged by its path alone, never its query, body or headers. An error
 * keeps its kind, code and stack but none of the extra fields drivers attach (PostgreSQL's
 * `detail` quotes the row, an SMTP error lists the rejected recipients), and any address in its
 * text is masked.
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: pathOf(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: (error: unknown) => {
    if (!(error instanceof Error)) return { type: typeof error, message: withoutAddresses(String(error)), stack: '' };
    const { code, statusCode } = error as Partial<FastifyError>;
    return {
      type: error.constructor.name,
      message: withoutAddresses(error.message),
      stack: withoutAddresses(error.stack ?? ''),
      ...(code ? { code } : {}),
      ...(statusCode ? { statusCode } : {}),
    };
  },
};

/**
 * One line per request, when it has been answered, in place of Fastify's two (one of them written
 * as it arrived, with its host and address): its method, the route that answered it (its
 * pattern, so that lines group by route; its path without the query when no route did), the
 * status, the milliseconds it took, and the request id its other lines carry too. Fastify's other
 * lines (a stream cut after its headers, a failed serializer) stay as they are.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const answer = { method: request.method, route: request.routeOptions.url ?? pathOf(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...answer, err: error }, 'request errored');
    else reply.log.info(answer, 'request');
  }
}

/** How far the log's reader may fall behind before lines are dropped, so that a stalled reader costs lines, not the heap. */
const LOG_BUFFER_LIMIT = 8 * 1024 * 1024;

/**
 * Standard output, written behind the requests: a line goes into a buffer, and the buffer is written
 * while the server goes on (what is logged during one write goes out together in the next), so that
 * no request waits on a terminal, a pipe or a disk. What is still buffered when the process exits
 * is written synchronously on the way out (pino registers that for a destination that is not
 * synchronous); server.ts's own exits also wait for a write under way.
 */
export const logDestination = () => pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_LIMIT });
