import type { FastifyError, FastifyRequest } from 'fastify';

// A local part, '@', and a domain with at least one dot: "node_modules/@fastify/..." in a stack is no address.
const EMAIL_ADDRESS = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g;
const withoutAddresses = (text: string) => text.replace(EMAIL_ADDRESS, '[e-mail]');

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
    url: request.url.split('?', 1)[0],
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
