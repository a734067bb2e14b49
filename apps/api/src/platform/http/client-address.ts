import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * What a per-address limit counts for a client address: an IPv4 address as it is, an IPv4-mapped
 * IPv6 address (`::ffff:203.0.113.7`) as its IPv4 address, and any other IPv6 address as its /64
 * network (`2001:db8:1:2::/64`): one subscriber's line or device gets a whole /64 and may take a
 * new address in it for every call. A value that is no IP address is kept as it is.
 */
export function addressSubject(address: string): string {
  if (!ipaddr.IPv6.isValid(address)) return address;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...parsed.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}

/**
 * The client's address as every per-address limit keys it (`addressSubject`): behind a trusted
 * proxy, the one its X-Forwarded-For names (decision 041). Logs keep the address itself.
 */
export const clientAddress = (request: Pick<FastifyRequest, 'ip'>): string => addressSubject(request.ip);
