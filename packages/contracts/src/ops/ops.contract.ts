import { z } from 'zod';
import { defineRoute } from '../http.ts';

/** Operator calls: authenticated by the `X-Operator-Key` header, used by `npm run ops`. */
export const MaintenanceSchema = z.object({
  enabled: z.boolean(),
  title: z.string().trim().max(200).default(''),
  info: z.string().trim().max(2000).default(''),
  endTime: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type Maintenance = z.infer<typeof MaintenanceSchema>;

export const RegionRestrictionSchema = z.object({
  enabled: z.boolean(),
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'two-letter country code'))
    .max(250)
    .default([]),
  /** CIDR ranges or single addresses, IPv4 or IPv6. */
  ipRanges: z.array(z.string().max(64)).max(1000).default([]),
});
export type RegionRestriction = z.infer<typeof RegionRestrictionSchema>;

export const setMaintenance = defineRoute({
  operationId: 'setMaintenance',
  method: 'PUT',
  path: '/api/ops/maintenance',
  summary: 'Switch maintenance on or off (title, info text, optional end time). Effective at once.',
  tags: ['ops'],
  audience: 'operator',
  body: MaintenanceSchema,
  value: MaintenanceSchema,
});

export const setRegionRestriction = defineRoute({
  operationId: 'setRegionRestriction',
  method: 'PUT',
  path: '/api/ops/region-restriction',
  summary: 'Block countries and IP ranges. Effective at once.',
  tags: ['ops'],
  audience: 'operator',
  body: RegionRestrictionSchema,
  value: RegionRestrictionSchema,
});

export const getOpsStatus = defineRoute({
  operationId: 'getOpsStatus',
  method: 'GET',
  path: '/api/ops/status',
  summary: 'Current maintenance and region-restriction settings.',
  tags: ['ops'],
  audience: 'operator',
  value: z.object({ maintenance: MaintenanceSchema, regionRestriction: RegionRestrictionSchema }),
});

export const ModuleSwitchSchema = z.object({
  modId: z.string().trim().min(1).max(64),
  enabled: z.boolean(),
});

export const setModule = defineRoute({
  operationId: 'setModule',
  method: 'PUT',
  path: '/api/ops/module',
  summary:
    'Switch a site module (a feature flag of getPermissionInfo) on or off. Effective at once on this instance, within a second on the others.',
  tags: ['ops'],
  audience: 'operator',
  body: ModuleSwitchSchema,
  value: ModuleSwitchSchema,
});
