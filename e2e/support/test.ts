import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Browser, type BrowserContext } from '@playwright/test';
import { startServerProcess } from '../../scripts/server-process.ts';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

/** The key every story server gets (e2e/support/wallet.ts sends it as the operator). */
export const E2E_OPERATOR_KEY = 'e2e-operator-key';

/** A server start (tsx, PGlite's initdb, migrations, the demo seed) on a machine busy with other runs. */
export const START_TIMEOUT_MS = 240_000;

function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  // The embedded database of `npm start`, fresh per worker (the server seeds the demo site into it),
  // and in-process rate-limit counters: nothing is shared with another worker or an earlier run.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  return {
    ...inherited,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    OPERATOR_KEY: E2E_OPERATOR_KEY,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every page of every story comes from 127.0.0.1: the per-address API limit is for real visitors.
    RATE_LIMIT_MAX: '10000',
    RATE_LIMIT_SCALE: '50',
    BOT_CHECK_MAX_NUMBER: '5000',
    // One proxy hop: a story that sends X-Forwarded-For signs in "from another address" (the new-address
    // check, the failed-sign-in captcha); every other request comes from 127.0.0.1 as before.
    TRUST_PROXY: '1',
  };
}

/**
 * The portal with its own fresh data directory, on a port the system picks (see startServerProcess).
 * Each worker has one (`portalServer`); a story about a brand-new site (the first owner) starts its own.
 */
export async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  try {
    const server = await startServerProcess(serverEnv(dataDir), START_TIMEOUT_MS);
    return {
      url: server.url,
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The home announcement popup (spec §2) opens over the home page of every new browser session. Stories
 * that are not about it start with it closed for the session (its flags, spec §3), so it never covers
 * what they click; `contextShowingPopups` opens a context without that, for the popup's own stories.
 */
function closePopups() {
  try {
    window.sessionStorage.setItem('USER_POPUP', 'closed');
    window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
  } catch {
    // No storage (about:blank): nothing to close.
  }
}
const plainNewContext = new WeakMap<Browser, Browser['newContext']>();

/**
 * The browser contexts a story opened besides its own page's (a second player, a staff console): each
 * is closed when its story ends, so its pages stop polling, animating and holding sockets while the
 * worker's later stories run (they did, and their rendering took CPU from every later story).
 */
const storyContexts = new Set<BrowserContext>();
function tracked(context: BrowserContext): BrowserContext {
  storyContexts.add(context);
  context.once('close', () => storyContexts.delete(context));
  return context;
}

/** A browser context whose home page shows the announcement popup as a new visitor's would. */
export async function contextShowingPopups(
  browser: Browser,
  options?: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  return tracked(await (plainNewContext.get(browser) ?? browser.newContext.bind(browser))(options));
}

/**
 * Every story runs against its worker's own server: one process and one fresh database per worker,
 * so workers never share data and a story sees only what its worker's earlier stories left.
 * Import `test` and `expect` from here, not from '@playwright/test'.
 */
export const test = base.extend<{ closeStoryContexts: void }, { portalServer: string }>({
  portalServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startServer();
      await use(server.url);
      await server.stop();
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ portalServer }, use) => use(portalServer),
  browser: [
    async ({ browser }, use) => {
      const plain = browser.newContext.bind(browser);
      plainNewContext.set(browser, plain);
      browser.newContext = async (options) => {
        const context = tracked(await plain(options));
        await context.addInitScript(closePopups);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  closeStoryContexts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      await use();
      await Promise.all([...storyContexts].map((context) => context.close().catch(() => undefined)));
      storyContexts.clear();
    },
    { auto: true },
  ],
  context: async ({ context }, use) => {
    // The default context may come from a reused browser context: close the popups there too.
    await context.addInitScript(closePopups);
    await use(context);
  },
});
