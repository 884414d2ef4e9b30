import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers as helmet builds them for `options`, computed once. The options hold no
 * per-request parts (no nonces, no directive functions), so every answer carries the same headers;
 * `@fastify/helmet` rebuilt them on every request (about 4 % of a catalogue request's CPU, decision
 * 037).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously; its headers cannot be precomputed');
  return headers;
}

/**
 * Security headers on every answer, pages and API alike. Scripts only from this origin (no inline
 * scripts anywhere, the theme bootstrap is a file); inline style attributes are allowed because
 * React sets them. Image hosts of the CDN lists are added at start-up; connections (fetch and the live
 * channel) go to this site's own origins only.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  imageHosts: string[],
  siteOrigins: string[] = [],
): Promise<void> {
  const extra = imageHosts.filter((h) => /^https?:\/\//.test(h));
  // Connections only to ourselves: 'self' covers this origin's ws:// and wss:// (CSP Level 3); the
  // site's other origins are named with their WebSocket scheme, never a bare ws: or wss:.
  const sockets = siteOrigins.map((o) => o.replace(/^http/, 'ws'));
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...sockets],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const names = Object.keys(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const name of names) raw.setHeader(name, headers[name]!);
    done();
  });
}
