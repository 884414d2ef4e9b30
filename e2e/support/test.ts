import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

/** The key every story server gets (e2e/support/wallet.ts sends it as the operator). */
export const E2E_OPERATOR_KEY = 'e2e-operator-key';

/** A server start (tsx, PGlite's initdb, migrations, the demo seed) on a machine busy with other runs. */
const START_TIMEOUT_MS = 240_000;

function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  // The embedded database of `npm start`, fresh per worker (the server seeds the demo site into it),
  // and in-process rate-limit counters: nothing is shared with another worker or an earlier run.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  return {
    ...inherited,
    PORT: '0',
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

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Starts the portal as `npm run serve` would, with its own data directory, on a port the system picks
 * (so the story runs of several checkouts, and a worker started while the one it replaces is still
 * stopping, never meet); answers the server's URL once /healthz answers.
 */
async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: serverEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += String(d);
    process.stderr.write(d);
  });
  // The start line names the port the server listens on: "Portal is running: http://127.0.0.1:PORT/".
  let url = '';
  let stdout = '';
  child.stdout?.on('data', (d: Buffer) => {
    if (url) return;
    stdout += String(d);
    const m = /Portal is running: (http:\/\/[^/\s]+)\//.exec(stdout);
    if (m) url = m[1]!;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  let ended = false;
  void exited.then(() => (ended = true));
  while (!url || !(await healthy(url))) {
    if (ended || Date.now() > deadline) {
      await stop();
      throw new Error(
        `The story server did not start within ${START_TIMEOUT_MS / 1000} s${ended ? ' (it exited)' : ''}:\n${stderr}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.stdout?.resume();
  return { url, stop };
}

/**
 * Every story runs against its worker's own server: one process and one fresh database per worker,
 * so workers never share data and a story sees only what its worker's earlier stories left.
 * Import `test` and `expect` from here, not from '@playwright/test'.
 */
export const test = base.extend<object, { portalServer: string }>({
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
});
