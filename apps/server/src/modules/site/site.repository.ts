import type { Db } from '../../db/client.ts';

/** Queries only: the service holds the rules. */
export function siteRepository(db: Db) {
  return {
    async getSetting<T>(key: string): Promise<T | undefined> {
      const row = await db.selectFrom('siteSetting').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value as T | undefined;
    },
    async getSettings(keys: string[]): Promise<Map<string, unknown>> {
      const rows = await db.selectFrom('siteSetting').select(['key', 'value']).where('key', 'in', keys).execute();
      return new Map(rows.map((r) => [r.key, r.value]));
    },
    async putSetting(key: string, value: unknown): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto('siteSetting')
        .values({ key, value: json })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updatedAt: new Date() }))
        .execute();
    },
    async setModuleEnabled(modId: string, enabled: boolean): Promise<boolean> {
      const r = await db.updateTable('module').set({ enabled }).where('modId', '=', modId).executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    listModules: () => db.selectFrom('module').selectAll().orderBy('sort').execute(),
    listResources: () => db.selectFrom('resource').selectAll().orderBy('sort').execute(),
    listEnabledLanguages: () =>
      db
        .selectFrom('language')
        .select(['code', 'name', 'nativeName'])
        .where('enabled', '=', true)
        .orderBy('sort')
        .execute(),
    listCountries: () => db.selectFrom('country').selectAll().orderBy('sort').execute(),
    listFieldRules: () => db.selectFrom('registrationField').selectAll().orderBy('sort').execute(),
    listDomainRouters: () => db.selectFrom('domainRouter').selectAll().orderBy('domain').execute(),
    listCdnHosts: () => db.selectFrom('cdnHost').selectAll().orderBy('sort').execute(),
  };
}
export type SiteRepository = ReturnType<typeof siteRepository>;
