import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { addressAllowed, addressKind, EndpointRefusedError, guardedLookup, type EndpointRules } from './endpoint-rules.js';

/** What web-push's generateRequestDetails makes: the encrypted, signed request to a push service. */
export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

export interface PushServiceAnswer {
  status: number;
  /** The push service's Retry-After, in milliseconds (on 429 and 503). */
  retryAfterMs: number | null;
}

/** A push service that does not answer within this is tried again later. */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;

function retryAfterOf(header: string | undefined, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * Posts a push to its service, connecting only where the endpoint rules allow: an IP literal is
 * checked here, a name by the socket's own lookup (endpoint-rules.ts). Resolves with the status;
 * rejects on a refused endpoint (EndpointRefusedError), a network error or a timeout.
 */
export function postToPushService(request: PushRequest, rules: EndpointRules, timeoutMs = PUSH_REQUEST_TIMEOUT_MS): Promise<PushServiceAnswer> {
  const url = new URL(request.endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if ((url.protocol !== 'https:' && (!rules.loopback || url.protocol !== 'http:')) || url.username || url.password) {
    return Promise.reject(new EndpointRefusedError(`endpoint scheme ${url.protocol} is not allowed`));
  }
  if (isIP(host) && !addressAllowed(host, url.protocol, rules)) {
    return Promise.reject(new EndpointRefusedError(`endpoint address is ${addressKind(host)}`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        lookup: guardedLookup(url.protocol, rules),
        timeout: timeoutMs,
        // One connection per push: no pool may keep a socket to an address that was allowed once.
        agent: false,
      },
      (answer) => {
        // The body is not needed; reading it lets the socket close.
        answer.resume();
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, retryAfterMs: retryAfterOf(answer.headers['retry-after'], Date.now()) }));
        answer.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from the push service within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}
