import { defineConfig } from 'vitest/config';

/**
 * unit: rules, no database. api: the server through app.inject on a real database — PGlite by
 * default, the PostgreSQL at TEST_DATABASE_URL when it is set (scripts/test.sh runs both).
 * API test files run in parallel (API_TEST_WORKERS, default 3): each has its own database, its own
 * Redis key prefix and ports chosen by the system; a worker process runs its files one after another.
 */
const apiWorkers = Number(process.env.API_TEST_WORKERS ?? 3);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts', 'apps/server/test/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: apiWorkers > 1,
          // A worker runs its files one after another in one module graph: the server's modules
          // load once per worker instead of once per file (decision 024).
          isolate: false,
          setupFiles: ['apps/server/test/per-file-setup.ts'],
          maxWorkers: apiWorkers,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
