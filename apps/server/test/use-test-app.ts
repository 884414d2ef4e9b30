import { afterAll, beforeAll } from 'vitest';
import { verifyLedgerAfterEach } from './ledger-check.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * The app a test file runs against: started before its tests, closed after them and, unless the file
 * says otherwise, its ledger checked after each test. The answer stands for the app once it has
 * started (read it inside hooks and tests, not at the file's top level).
 */
export function useTestApp(
  start: () => Promise<TestApp> = () => startTestApp(),
  { checkLedger = true }: { checkLedger?: boolean } = {},
): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(async () => current?.close());
  if (checkLedger) verifyLedgerAfterEach(() => current?.database.db);
  return new Proxy({} as TestApp, {
    get(_, key: keyof TestApp) {
      if (!current) throw new Error('the test app starts in beforeAll');
      return current[key];
    },
  });
}
