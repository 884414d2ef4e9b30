import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer, pages and API alike. Scripts only from this origin (no inline
 * scripts anywhere, the theme bootstrap is a file); inline style attributes are allowed because
 * React sets them. Image hosts of the CDN lists are added at start-up.
 */
export async function registerSecurityHeaders(app: FastifyInstance, imageHosts: string[]): Promise<void> {
  const extra = imageHosts.filter((h) => /^https?:\/\//.test(h));
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
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
