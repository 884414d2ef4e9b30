import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { migrateDown, migrateToLatest } from './migrate.ts';
import { seedDemo } from './seed/demo-seed.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

it('migrates an empty database up, down and up again', async () => {
  expect(await migrateToLatest(database.db)).toContain('0001-foundation');
  expect(await migrateToLatest(database.db)).toEqual([]);
  await migrateDown(database.db);
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from information_schema.tables where table_name = 'site_setting'`.execute(database.db);
  expect(rows[0]?.n).toBe(0);
  expect(await migrateToLatest(database.db)).toContain('0001-foundation');
  // Every migration twice (and every down once): grows with each migration, so more than the default.
}, 180_000);

it('seeds the demo site once and leaves a seeded database alone', async () => {
  expect(await seedDemo(database.db)).toBe(true);
  expect(await seedDemo(database.db)).toBe(false);
  // The demo's seven vendors, beside the built-in lottery vendor that its migration adds.
  const vendors = await database.db.selectFrom('vendor').select('id').orderBy('id').execute();
  expect(vendors.map((v) => v.id)).toEqual([
    'HOUSE',
    'JADE',
    'LOTTO',
    'NEONLIVE',
    'REEF',
    'STRIKER',
    'TCG_LOTTO',
    'VAULT',
  ]);
});

it('refuses a field rule whose minimum exceeds its maximum', async () => {
  await expect(
    database.db
      .insertInto('registrationField')
      .values({
        field: 'bad',
        enabled: true,
        required: false,
        acceptedPattern: '*',
        patternId: 'ANY',
        minLength: 9,
        maxLength: 3,
        sort: 99,
      })
      .execute(),
  ).rejects.toThrow();
});
