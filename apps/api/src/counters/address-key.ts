import { normalizeIP } from '@fastify/rate-limit';

/**
 * The key under which a caller address counts toward every per-address limit: an IPv4 address as
 * it is (an IPv4-mapped IPv6 one too), an IPv6 address by its /64. One subscriber, one home network
 * or one cloud machine gets a whole /64, so counting each of its addresses apart would hand out an
 * unlimited supply of fresh addresses. @fastify/rate-limit's own normalization, so that its default
 * keys and ours can never disagree.
 */
export const addressKey = (address: string) => normalizeIP(address, 64);
