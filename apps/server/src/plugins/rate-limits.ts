import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Per-address request limits. Every route gets exactly one limit: the one its definition declares
 * (`rateLimit` of the contract, route config of the in-process vendors), multiplied by
 * RATE_LIMIT_SCALE, or else the site-wide `max` per minute. Only a route that says
 * `config: { rateLimit: false }` has none (the web app's files, the health check). Counters are
 * shared through Redis when there is one. Register before any route.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  { max, scale, redis }: { max: number; scale: number; redis?: Redis | undefined },
): Promise<void> {
  // Runs before the plugin's own onRoute hook, which reads the route's limit.
  app.addHook('onRoute', (route) => {
    const own: unknown = route.config?.rateLimit;
    if (own && typeof own === 'object' && 'max' in own && typeof own.max === 'number')
      route.config = { ...route.config, rateLimit: { ...own, max: own.max * scale } };
  });
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'portal-rl:' } : {}),
  });
}
