import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SPA_ROUTES } from '@portal/contracts/spa-routes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { STARTS_PROCESSES } from '../test/ops-cli.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, (app) => {
    app.get('/api/test-explodes', async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
  });
});
afterAll(async () => t?.close());

describe('the HTTP edge', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with 400 and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/ops/maintenance',
      headers: { 'content-type': 'application/json', 'x-operator-key': 'test-operator-key-0123' },
      payload: '{"enabled": tru',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'MALFORMED_REQUEST' });
    expect((await t.app.inject({ url: '/api/system/status' })).json().value.status).toBe(0);
  });

  it('answers a body that fails its schema with 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/ops/maintenance',
      headers: { 'x-operator-key': 'test-operator-key-0123' },
      payload: { enabled: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.enabled' });
  });

  it('never leaks internals in a server error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-explodes' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: 'System error, please try again later.',
    });
    expect(res.body).not.toContain('secret');
  });

  it('sends security headers, the content security policy included, on API answers and pages', async () => {
    for (const url of ['/api/system/status', '/', '/rng']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      // Connections (fetch, the live channel) only to this site: no bare ws: or wss: that allows any host.
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toMatch(/wss?:(?!\/\/)/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('reports health with the database it runs on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', checks: { database: 'up' } });
  });
});

describe('the web app', () => {
  it('is served for every route of the spec (history fallback)', async () => {
    for (const path of SPA_ROUTES) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<div id="root">');
    }
    const withQuery = await t.app.inject({ method: 'GET', url: '/rng?vassalage=HOUSE' });
    expect(withQuery.statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: '/rng' });
    expect(head.statusCode).toBe(200);
  });

  it('still renders the app for an unknown page, with status 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets for a year and the page itself without caching', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abcdef12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli or gzip copy the browser accepts, and the plain file to one that accepts neither', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abcdef12.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/app-abcdef12.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('sends the page compressed too, and never cached without asking', async () => {
    for (const url of ['/', '/rng', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<div id="root">');
    }
  });

  it('writes the first home banner of the default language into the home page, and into no other page', async () => {
    for (const url of ['/', '/login', '/register', '/home']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toMatch(
        /<div id="root"><picture class="boot-banner"[^>]*>.*<img src="\/assets\/banners\/[\w-]+\.svg"/,
      );
    }
    for (const url of ['/rng', '/promotions', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('boot-banner');
    }
  });

  it('writes the first pictures of a game list into its page, narrowed to a vendor as the list is', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/rng' });
    expect(all.body).toMatch(
      /<div id="root"><div class="boot-list"[^>]*>.*<img class="game-card__image" src="\/assets\/games\/[\w-]+\.svg"/,
    );
    const first = (
      await t.app.inject({ method: 'GET', url: '/api/games?gameType=RNG&platform=html5-desktop&pageNo=1&pageSize=30' })
    ).json().value.content[0];
    expect(all.body).toContain(`src="${first.iconUrl}"`);
    // The same page through ?vassalage= shows only that vendor's games.
    const vendor = await t.app.inject({ method: 'GET', url: `/rng?vassalage=${first.vassalage}` });
    const pictures = [...vendor.body.matchAll(/<img class="game-card__image" src="([^"]+)"/g)].map((m) => m[1]);
    const own = (
      await t.app.inject({
        method: 'GET',
        url: `/api/games?gameType=RNG&vassalage=${first.vassalage}&platform=html5-desktop&pageNo=1&pageSize=30`,
      })
    )
      .json()
      .value.content.map((g: { iconUrl: string }) => g.iconUrl);
    expect(pictures.length).toBeGreaterThan(0);
    for (const picture of pictures) expect(own).toContain(picture);
    // A vendor with no games here, or one the list call itself would refuse (too long), or markup: the plain page.
    for (const vassalage of ['no-such-vendor', 'x'.repeat(10_000), '"><script>alert(1)</script>']) {
      const none = await t.app.inject({ method: 'GET', url: `/rng?vassalage=${encodeURIComponent(vassalage)}` });
      expect(none.statusCode).toBe(200);
      expect(none.body).not.toContain('boot-list');
      expect(none.body).not.toContain('<script>alert');
    }
    for (const url of ['/', '/promotions', '/no-such-page']) {
      expect((await t.app.inject({ method: 'GET', url })).body, url).not.toContain('boot-list');
    }
  });

  it('does not serve files outside the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/../../package.json' });
    expect(res.body).not.toContain('"workspaces"');
  });
});

describe('the OpenAPI document', () => {
  const coverage = readFileSync(resolve(import.meta.dirname, '../../../docs/api-coverage.md'), 'utf8');
  const rows = [...coverage.matchAll(/^\|[^|]*\|[^|]*\|\s*`(\w+)`\s*\|\s*([^|]*?)\s*\|$/gm)].map((m) => ({
    operationId: m[1]!,
    status: m[2]!.trim(),
  }));

  it('is served with an operation for every call docs/api-coverage.md marks as served', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ops = new Set<string>();
    for (const path of Object.values(doc.paths) as Record<string, { operationId?: string }>[])
      for (const op of Object.values(path)) if (op.operationId) ops.add(op.operationId);
    const served = rows.filter((r) => r.status === 'served').map((r) => r.operationId);
    expect(served.length).toBeGreaterThan(10);
    for (const id of served) expect(ops, `operation ${id} is missing`).toContain(id);
    const listed = new Set(rows.map((r) => r.operationId));
    for (const id of ops) expect(listed, `operation ${id} is not in docs/api-coverage.md`).toContain(id);
  });

  it('shows the docs UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});

describe('start-up', STARTS_PROCESSES, () => {
  it('stops with a clear message and a non-zero exit on an invalid environment', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://x', TEST_DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Invalid environment');
    expect(run.stderr).toContain('PORT');
    expect(run.stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });
});
