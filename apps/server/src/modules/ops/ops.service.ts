import type { Maintenance, RegionRestriction } from '@portal/contracts/ops/ops.contract.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { isValidRange } from '../site/region-rule.ts';
import type { SiteRepository } from '../site/site.repository.ts';
import type { SiteService } from '../site/site.service.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';

/** Records a change in its own transaction (the back office's audit row); the operator key's calls pass none. */
export type ChangeRecorder<T> = (trx: Transaction<Database>, before: T, after: T) => Promise<void>;

/**
 * The operator's site switches; each write applies at once on this instance (the settings cache is
 * cleared). `npm run ops` and the back office call the same methods, so the same rules hold.
 */
export function opsService(repo: SiteRepository, settings: SettingsRepository, site: SiteService) {
  return {
    setMaintenance(m: Maintenance, record?: ChangeRecorder<Maintenance>): Promise<Maintenance> {
      return settings.update('maintenance', () => m, record);
    },
    async setRegionRestriction(
      r: RegionRestriction,
      record?: ChangeRecorder<RegionRestriction>,
    ): Promise<RegionRestriction> {
      const bad = r.ipRanges.findIndex((range) => !isValidRange(range));
      if (bad >= 0) {
        throw new AppError(
          'VALIDATION_FAILED',
          400,
          `'${r.ipRanges[bad]}' is not an IP address or CIDR range`,
          `body.ipRanges.${bad}`,
        );
      }
      return settings.update('region_restriction', () => ({ ...r, ipRanges: r.ipRanges.map((x) => x.trim()) }), record);
    },
    async setModule(
      modId: string,
      enabled: boolean,
      record?: ChangeRecorder<{ modId: string; enabled: boolean }>,
    ): Promise<{ modId: string; enabled: boolean }> {
      await repo.transaction(async (trx) => {
        const was = await repo.lockModule(trx, modId);
        if (!was || !(await repo.setModuleEnabled(modId, enabled, trx)))
          throw new AppError('NOT_FOUND', 404, `There is no module '${modId}'.`, 'body.modId');
        await record?.(trx, { modId, enabled: was.enabled }, { modId, enabled });
      });
      site.clearFlags();
      return { modId, enabled };
    },
    async status() {
      const { maintenance, region } = await site.gateSettings();
      return { maintenance, regionRestriction: region };
    },
  };
}
export type OpsService = ReturnType<typeof opsService>;
