import type { Env } from '../config/env.ts';
import type { Db } from './client.ts';
import { migrateToLatest } from './migrate.ts';
import { demoAccountsWithPublicPasswords, seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedDemoMoney } from './seed/demo-money.ts';
import { seedDemo } from './seed/demo-seed.ts';

/** The database may not serve a production site as it is; each problem names what to fix. */
export class UnsafeDatabaseError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/**
 * What the server does to its database before it listens: migrations, then in production a refusal
 * of demo accounts that still open with their published passwords, else (outside production, with
 * SEED_DEMO) the demo site on an empty database.
 */
export async function prepareDatabase(
  env: Pick<Env, 'NODE_ENV' | 'SEED_DEMO'>,
  db: Db,
): Promise<{ applied: string[]; seeded: boolean }> {
  const applied = await migrateToLatest(db);
  if (env.NODE_ENV === 'production') {
    const open = await demoAccountsWithPublicPasswords(db);
    if (open.length > 0)
      throw new UnsafeDatabaseError(
        open.map((a) => `database: the demo account ${a} opens with its published password; change or disable it`),
      );
    return { applied, seeded: false };
  }
  if (!env.SEED_DEMO) return { applied, seeded: false };
  const seeded = await seedDemo(db);
  if (await seedDemoAccounts(db)) await seedDemoMoney(db);
  return { applied, seeded };
}
