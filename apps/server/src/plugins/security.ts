import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
  await app.register(helmet, {
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
}
