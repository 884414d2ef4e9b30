import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.ts';

// scripts/test.sh provides TEST_REDIS_URL whenever a Redis answers on this machine.
const redisUrl = process.env.TEST_REDIS_URL;
let t: TestApp | undefined;
beforeAll(async () => {
  if (redisUrl) t = await startTestApp({ REDIS_URL: redisUrl });
});
afterAll(async () => t?.close());

it.skipIf(!redisUrl)('reports Redis in its health and keeps rate-limit counters there', async () => {
  const health = await t!.app.inject({ method: 'GET', url: '/healthz' });
  expect(health.json()).toMatchObject({ status: 'ok', checks: { database: 'up', redis: 'up' } });
  const res = await t!.app.inject({ method: 'GET', url: '/api/site/icon' });
  expect(res.statusCode).toBe(200);
  expect(Number(res.headers['x-ratelimit-limit'])).toBe(600);
  expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(600);
});
