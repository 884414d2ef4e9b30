import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** E2E_PORT lets two runs (say, two checkouts) share a machine. */
const PORT = Number(process.env.E2E_PORT ?? 8181);
// A fresh database per run: the server seeds the demo site into an empty data directory.
const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx apps/server/src/server.ts',
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPERATOR_KEY: 'e2e-operator-key',
      NODE_ENV: 'test',
      // Every page of every story comes from 127.0.0.1: the per-address API limit is for real visitors.
      RATE_LIMIT_MAX: '10000',
      RATE_LIMIT_SCALE: '50',
      BOT_CHECK_MAX_NUMBER: '5000',
      // One proxy hop: a story that sends X-Forwarded-For signs in "from another address" (the
      // new-address check); every other request comes from 127.0.0.1 as before.
      TRUST_PROXY: '1',
    },
  },
});
