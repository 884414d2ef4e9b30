import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../../plugins/client-address.ts';
import type { Visitor } from './site.service.ts';

/** The visitor's address (through trusted proxies only) and the country the CDN says it is in. */
export function visitorOf(request: FastifyRequest, countryHeader?: string): Visitor {
  const raw = countryHeader ? request.headers[countryHeader] : undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const country = value && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null;
  return { ip: clientAddress(request), country };
}
