import type { FastifyRequest } from 'fastify';

/** The header the web app sends with the random id it keeps in the browser (decision 028). */
export const DEVICE_ID_HEADER = 'x-device-id';
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The browser's device id, when the request carries a well-formed one. Anything else is ignored,
 * never refused: the id only feeds the risk screens, and a sign-in must not depend on it.
 */
export function deviceIdOf(request: FastifyRequest): string | undefined {
  const v = request.headers[DEVICE_ID_HEADER];
  return typeof v === 'string' && DEVICE_ID.test(v) ? v : undefined;
}
