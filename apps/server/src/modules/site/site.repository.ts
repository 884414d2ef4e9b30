import { type Db, type Executor, inTransaction } from '../../db/client.ts';

/** Queries only: the service holds the rules. Settings are read through the settings repository. */
export function siteRepository(db: Db) {
  return {
    transaction: inTransaction(db),
    async setModuleEnabled(modId: string, enabled: boolean, ex: Executor = db): Promise<boolean> {
      const r = await ex.updateTable('module').set({ enabled }).where('modId', '=', modId).executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    /** The back office's site screens: every language, enabled or not, and the switches of one. */
    listLanguages: () => db.selectFrom('language').selectAll().orderBy('sort').execute(),
    lockLanguage: (trx: Executor, code: string) =>
      trx.selectFrom('language').selectAll().where('code', '=', code).forUpdate().executeTakeFirst(),
    updateLanguage: (trx: Executor, code: string, set: { enabled?: boolean; sort?: number }) =>
      trx.updateTable('language').set(set).where('code', '=', code).returningAll().executeTakeFirstOrThrow(),
    lockFieldRule: (trx: Executor, field: string) =>
      trx.selectFrom('registrationField').selectAll().where('field', '=', field).forUpdate().executeTakeFirst(),
    updateFieldRule: (
      trx: Executor,
      field: string,
      set: {
        enabled?: boolean;
        required?: boolean;
        patternId?: string;
        acceptedPattern?: string;
        minLength?: number | null;
        maxLength?: number | null;
      },
    ) =>
      trx.updateTable('registrationField').set(set).where('field', '=', field).returningAll().executeTakeFirstOrThrow(),
    lockResource: (trx: Executor, id: number) =>
      trx.selectFrom('resource').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
    updateResourceUrl: (trx: Executor, id: number, url: string) =>
      trx.updateTable('resource').set({ url }).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
    lockModule: (trx: Executor, modId: string) =>
      trx.selectFrom('module').select('enabled').where('modId', '=', modId).forUpdate().executeTakeFirst(),
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
