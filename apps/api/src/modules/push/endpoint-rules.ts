import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { Config } from '../../config.js';

/**
 * Where the server agrees to send a push (DECISIONS.md §5). A subscription's endpoint is a URL a
 * client chose, and the server posts to it: without rules, any account could make the server
 * reach its own network (server-side request forgery). So only `https` to public addresses; under
 * PUSH_LOOPBACK=on (test harnesses, never production) `http` and `https` on loopback too, for the
 * tests' stand-in push service.
 * Names are checked once they are resolved, when the subscription is stored and again at every
 * connection (the lookup the socket itself uses), so a name that later resolves elsewhere is
 * refused too.
 */

export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local';

export class EndpointRefusedError extends Error {}

function ipv4Kind(address: string): AddressKind {
  const [a = 0, b = 0, c = 0] = address.split('.').map(Number);
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  const reserved =
    a === 0 ||
    a === 10 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 192 && b === 88 && c === 99) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224;
  return reserved ? 'private' : 'public';
}

/** An IPv6 address's eight 16-bit groups ('::' expanded, a trailing dotted IPv4 read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) => (side === '' ? [] : side.split(':').map((group) => parseInt(group, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function ipv6Kind(address: string): AddressKind {
  const groups = ipv6Groups(address);
  const [first = 0] = groups;
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (zeroUpTo(7) && groups[7] === 1) return 'loopback';
  const embeddedIpv4 = () => `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  // IPv4-mapped (::ffff:a.b.c.d) and the NAT64 prefix (64:ff9b::/96) reach the IPv4 address inside.
  if (zeroUpTo(5) && groups[5] === 0xffff) return ipv4Kind(embeddedIpv4());
  if (first === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return ipv4Kind(embeddedIpv4());
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  // Only global unicast (2000::/3) is public, less documentation (2001:db8::/32), Teredo (2001::/32) and 6to4 (2002::/16).
  const globalUnicast = (first & 0xe000) === 0x2000 && !(first === 0x2001 && (groups[1] === 0xdb8 || groups[1] === 0)) && first !== 0x2002;
  return globalUnicast ? 'public' : 'private';
}

/** What kind of address an IP literal is; anything that is not a valid IP is 'private' (refused). */
export function addressKind(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare.replace(/%.*$/, ''));
  if (version === 4) return ipv4Kind(bare);
  if (version === 6) return ipv6Kind(bare);
  return 'private';
}

export interface EndpointRules {
  /** Loopback push services are allowed, over http or https (PUSH_LOOPBACK=on). */
  loopback: boolean;
}

export const endpointRulesOf = (config: Pick<Config, 'PUSH_LOOPBACK'>): EndpointRules => ({ loopback: config.PUSH_LOOPBACK === 'on' });

/** Whether a connection to `address` for an endpoint of this scheme is allowed. */
export function addressAllowed(address: string, protocol: string, { loopback }: EndpointRules): boolean {
  const kind = addressKind(address);
  if (kind === 'loopback') return loopback;
  return protocol === 'https:' && kind === 'public';
}

const refusedAddress = (kind: AddressKind) =>
  new EndpointRefusedError(
    kind === 'loopback'
      ? 'o endereço do serviço de notificações não pode ser local.'
      : kind === 'link-local'
        ? 'o endereço do serviço de notificações não pode ser de enlace local.'
        : 'o endereço do serviço de notificações deve ser público.',
  );

/** Checks the scheme and parts of an endpoint that need no lookup; returns the parsed URL. */
function parseEndpoint(endpoint: string, rules: EndpointRules): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefusedError('deve ser um endereço http(s).');
  }
  if (url.protocol !== 'https:' && (!rules.loopback || url.protocol !== 'http:')) {
    throw new EndpointRefusedError(rules.loopback ? 'deve ser um endereço https, ou http local.' : 'deve ser um endereço https.');
  }
  if (url.username || url.password) throw new EndpointRefusedError('não pode conter usuário ou senha.');
  return url;
}

export type Resolve = (hostname: string) => Promise<string[]>;

/** Every address a name resolves to, as the system's resolver answers (hosts file included). */
export const resolveAll: Resolve = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Refuses, with the reason in Portuguese, an endpoint the server must not post to: its scheme, or
 * any address its name resolves to (a name with one private address among public ones is refused).
 */
export async function checkEndpoint(endpoint: string, rules: EndpointRules, resolve: Resolve = resolveAll): Promise<void> {
  const url = parseEndpoint(endpoint, rules);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new EndpointRefusedError('o endereço do serviço de notificações não foi encontrado.');
    }
  }
  if (addresses.length === 0) throw new EndpointRefusedError('o endereço do serviço de notificações não foi encontrado.');
  for (const address of addresses) {
    if (!addressAllowed(address, url.protocol, rules)) throw refusedAddress(addressKind(address));
  }
}

/**
 * The lookup a push request's socket uses: the name is resolved once more, and the connection is
 * refused when any address is not allowed, so what was checked is what is connected to. (An IP
 * literal is never looked up: `checkEndpoint` has checked it.)
 */
export function guardedLookup(protocol: string, rules: EndpointRules): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((entry) => !addressAllowed(entry.address, protocol, rules));
      if (refused || addresses.length === 0) {
        return callback(refused ? refusedAddress(addressKind(refused.address)) : new EndpointRefusedError('no address'), '', 0);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
