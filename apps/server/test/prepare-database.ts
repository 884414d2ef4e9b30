import type { DbHandle } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemoAccounts } from '../src/db/seed/demo-accounts.ts';
import { seedDemo } from '../src/db/seed/demo-seed.ts';

/** Migrated, with the demo site seeded: what `startTestApp` starts from (the setup does it once per run). */
export async function prepareDatabase(database: Pick<DbHandle, 'db'>): Promise<void> {
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  await seedDemoAccounts(database.db);
}
