import { isIPv4 } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';

/**
 * The key under which a caller address counts toward every per-address limit: an IPv4 address as
 * it is (an IPv4-mapped IPv6 one too), an IPv6 address by its /64. One subscriber, one home network
 * or one cloud machine gets a whole /64, so counting each of its addresses apart would hand out an
 * unlimited supply of fresh addresses. @fastify/rate-limit's own normalization, so that its default
 * keys and ours can never disagree.
 */
export const addressKey = (address: string) => normalizeIP(address, 64);

/**
 * The network of a caller address, for budgets that many addresses share: an IPv4 address's /24, an
 * IPv6 address's /48 (a site's whole allocation, where addressKey's /64 is one of its subnets). Who
 * rents many addresses usually gets them next to each other.
 */
export function addressNetwork(address: string) {
  const key = normalizeIP(address, 48);
  return isIPv4(key) ? `${key.slice(0, key.lastIndexOf('.'))}.0/24` : `${key}/48`;
}
