import type { Db } from '../../db/client.ts';

/** Queries only: the service holds the rules. Settings are read through the settings repository. */
export function siteRepository(db: Db) {
  return {
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
