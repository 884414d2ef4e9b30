import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { DbHandle } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { SETTING_CACHE_MS } from './settings.ts';
import { SettingError, settingsRepository } from './settings.repository.ts';

let database: DbHandle & { label: string };
beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.db);
});
afterAll(async () => database?.close());

/** What another instance (or a hand edit) leaves in the table, bypassing every check. */
const storeRaw = (key: string, value: unknown) =>
  database.db
    .insertInto('siteSetting')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
const removeRow = (key: string) => database.db.deleteFrom('siteSetting').where('key', '=', key).execute();

describe('the settings repository', () => {
  beforeEach(async () => {
    await removeRow('password_policy');
    await removeRow('register');
  });

  it('answers the fallback for a missing row and the stored value once one is put', async () => {
    const settings = settingsRepository(database.db);
    expect(await settings.get('password_policy')).toEqual({
      defaultPassword: null,
      expiryEnabled: false,
      expiryDays: 90,
    });
    await settings.put('password_policy', { defaultPassword: 'Secret99', expiryEnabled: true, expiryDays: 30 });
    expect(await settings.get('password_policy')).toEqual({
      defaultPassword: 'Secret99',
      expiryEnabled: true,
      expiryDays: 30,
    });
  });

  it("fills the fields a stored value leaves out from its schema's defaults", async () => {
    await storeRaw('password_policy', { defaultPassword: 'Secret99' });
    expect(await settingsRepository(database.db).get('password_policy')).toEqual({
      defaultPassword: 'Secret99',
      expiryEnabled: false,
      expiryDays: 90,
    });
  });

  it('refuses to read a stored value that breaks its schema, naming the key and the field', async () => {
    await storeRaw('register', { minimumAge: 'eighteen', affiliateCheck: true });
    const read = settingsRepository(database.db).get('register');
    await expect(read).rejects.toBeInstanceOf(SettingError);
    await expect(read).rejects.toThrow(/site setting 'register' is invalid: minimumAge/);
  });

  it('refuses to write a value that breaks its schema and keeps the stored one', async () => {
    const settings = settingsRepository(database.db);
    await settings.put('register', { minimumAge: 19, affiliateCheck: false });
    await expect(
      settings.put('register', { minimumAge: -1, affiliateCheck: true } as {
        minimumAge: number;
        affiliateCheck: boolean;
      }),
    ).rejects.toThrow(/site setting 'register' is invalid: minimumAge/);
    expect(await settings.get('register')).toEqual({ minimumAge: 19, affiliateCheck: false });
  });

  it("trusts a cached rule for a moment, and sees its own instance's write at once", async () => {
    let now = 1_000_000;
    const settings = settingsRepository(database.db, () => now);
    await settings.put('maintenance', { enabled: false, title: '', info: '', startTime: null, endTime: null });
    expect((await settings.get('maintenance')).enabled).toBe(false);

    // Another instance switches maintenance on: this one trusts its copy until the cache time is over.
    await settingsRepository(database.db).put('maintenance', {
      enabled: true,
      title: 'x',
      info: '',
      startTime: null,
      endTime: null,
    });
    expect((await settings.get('maintenance')).enabled).toBe(false);
    now += SETTING_CACHE_MS;
    expect((await settings.get('maintenance')).enabled).toBe(true);

    await settings.put('maintenance', { enabled: false, title: '', info: '', startTime: null, endTime: null });
    expect((await settings.get('maintenance')).enabled).toBe(false);
  });

  it('keeps every one of ten concurrent changes to one setting', async () => {
    const settings = settingsRepository(database.db);
    const policy = { singlePendingWithdrawal: true, minAmount: '1000', maxAmount: '10000000000' };
    await settings.put('cashier', { ...policy, autoReceiptMinutes: 60 });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        settings.update('cashier', (c) => ({ ...c, autoReceiptMinutes: c.autoReceiptMinutes + 1 })),
      ),
    );
    expect(await settings.get('cashier')).toEqual({ ...policy, autoReceiptMinutes: 70 });
  });

  it('makes a per-site secret once: instances starting together agree on the first one stored', async () => {
    await removeRow('secret.gateway_hmac');
    const candidates = Array.from({ length: 5 }, (_, i) => `candidate-secret-${i}-`.padEnd(43, 'x'));
    const answers = await Promise.all(
      candidates.map((c) => settingsRepository(database.db).ensure('secret.gateway_hmac', c)),
    );
    expect(new Set(answers).size).toBe(1);
    expect(candidates).toContain(answers[0]);
    expect(await settingsRepository(database.db).get('secret.gateway_hmac')).toBe(answers[0]);
  });
});
