import type { Maintenance, RegionRestriction } from '@portal/contracts/ops/ops.contract.ts';
import { AppError } from '../../plugins/app-error.ts';
import { isValidRange } from '../site/region-rule.ts';
import type { SiteRepository } from '../site/site.repository.ts';
import type { SiteService } from '../site/site.service.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';

/** The operator's site switches; each write applies at once on this instance (the settings cache is cleared). */
export function opsService(repo: SiteRepository, settings: SettingsRepository, site: SiteService) {
  return {
    setMaintenance(m: Maintenance): Promise<Maintenance> {
      return settings.put('maintenance', m);
    },
    async setRegionRestriction(r: RegionRestriction): Promise<RegionRestriction> {
      const bad = r.ipRanges.findIndex((range) => !isValidRange(range));
      if (bad >= 0) {
        throw new AppError(
          'VALIDATION_FAILED',
          400,
          `'${r.ipRanges[bad]}' is not an IP address or CIDR range`,
          `body.ipRanges.${bad}`,
        );
      }
      return settings.put('region_restriction', { ...r, ipRanges: r.ipRanges.map((x) => x.trim()) });
    },
    async setModule(modId: string, enabled: boolean): Promise<{ modId: string; enabled: boolean }> {
      if (!(await repo.setModuleEnabled(modId, enabled)))
        throw new AppError('NOT_FOUND', 404, `There is no module '${modId}'.`, 'body.modId');
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
