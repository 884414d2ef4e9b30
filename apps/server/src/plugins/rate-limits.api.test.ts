import { houseBalance } from '@portal/contracts/house/house-vendor.contract.ts';
import { vaultPlay } from '@portal/contracts/games/vault-vendor.contract.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // RATE_LIMIT_SCALE 1: the limits exactly as the contracts declare them.
  t = await startTestApp({ RATE_LIMIT_SCALE: '1', RATE_LIMIT_MAX: '500' });
});
afterAll(async () => t?.close());

const play = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: vaultPlay.path,
    remoteAddress,
    payload: { session: 'no-such-session-0000000000', requestId: 'r-0000000001', bet: '100' },
  });

describe('rate limits of routes outside /api', () => {
  it('limits a /vendor/… play call to exactly the calls per minute its contract declares', async () => {
    const declared = vaultPlay.rateLimit!.perMinute;
    const first = await play('198.51.100.10');
    expect(first.statusCode).not.toBe(429);
    expect(first.headers['x-ratelimit-limit']).toBe(String(declared));
    for (let i = 1; i < declared; i++) expect((await play('198.51.100.10')).statusCode).not.toBe(429);

    const over = await play('198.51.100.10');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // The limit is per address: another player's table still answers.
    expect((await play('198.51.100.11')).statusCode).not.toBe(429);
  });

  it("counts the house vendor's calls under /vendor/house against its own declared limit", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${houseBalance.path}?session=no-such-session-0000000000`,
      remoteAddress: '198.51.100.20',
    });
    expect(res.headers['x-ratelimit-limit']).toBe('600');
    expect(Number(res.headers['x-ratelimit-remaining'])).toBe(599);
  });

  it('leaves static files and the health check unlimited', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abcdef12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-ratelimit-limit']).toBeUndefined();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('gives an API route without a declared limit the site-wide one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/icon', remoteAddress: '198.51.100.30' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe('500');
  });
});
