import type { Maintenance, RegionRestriction } from '@portal/contracts/ops/ops.contract.ts';

export const DEFAULT_MAINTENANCE: Maintenance = {
  enabled: false,
  title: '',
  info: '',
  startTime: null,
  endTime: null,
};
export const DEFAULT_REGION_RESTRICTION: RegionRestriction = { enabled: false, countries: [], ipRanges: [] };
