import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { addressKey } from '../counters/address-key.js';

/** Whether a connection comes from a proxy the server trusts, by Fastify's own reading of TRUST_PROXY. */
function trustedPeer(trustProxy: Config['TRUST_PROXY']): (address: string) => boolean {
  if (typeof trustProxy === 'function') return (address) => trustProxy(address, 0);
  if (typeof trustProxy === 'boolean') return () => trustProxy;
  const trusted = proxyAddr.compile(trustProxy);
  return (address) => trusted(address, 0);
}

/**
 * Connections one caller address (IPv6 by its /64, as every per-address limit) may hold open at
 * once; beyond them a new one is closed at once, as beyond MAX_CONNECTIONS. Without it a single
 * address's slow connections could take every one of the instance's. A trusted proxy's connections
 * are not counted: they carry everyone's requests, and the proxy limits its clients (030, 054).
 */
export const connectionLimits = fp(async (app: FastifyInstance, { perAddress, trustProxy }: { perAddress: number; trustProxy: Config['TRUST_PROXY'] }) => {
  const isProxy = trustedPeer(trustProxy);
  const open = new Map<string, number>();
  app.server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    // A socket already closed by its peer has no address left, and nothing to count.
    if (address === undefined || isProxy(address)) return;
    const key = addressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= perAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
});
