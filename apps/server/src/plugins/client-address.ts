import type { FastifyRequest } from 'fastify';

/** The visitor's address (through trusted proxies only), IPv4 shown plainly when it came over IPv6. */
export function clientAddress(request: FastifyRequest): string {
  return request.ip.startsWith('::ffff:') ? request.ip.slice(7) : request.ip;
}
