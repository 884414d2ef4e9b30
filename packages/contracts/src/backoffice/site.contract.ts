import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { MaintenanceSchema, ModuleSwitchSchema, RegionRestrictionSchema } from '../ops/ops.contract.ts';
import { staff } from './staff.contract.ts';

/** The back office's site switches: the same services and rules as `npm run ops`, each change audited. */
export const boSiteSettings = defineRoute({
  operationId: 'boSiteSettings',
  method: 'GET',
  path: '/api/bo/site',
  summary: 'Back office: maintenance, region restriction and the site modules (feature flags) with their tree.',
  tags: ['backoffice'],
  audience: staff('site.read'),
  value: z.object({
    maintenance: MaintenanceSchema,
    regionRestriction: RegionRestrictionSchema,
    modules: z.array(z.object({ modId: z.string(), parentId: z.string().nullable(), enabled: z.boolean() })),
  }),
});

export const boSetMaintenance = defineRoute({
  operationId: 'boSetMaintenance',
  method: 'POST',
  path: '/api/bo/site/maintenance',
  summary: 'Back office: maintenance on or off with its title, text and end time. Effective at once.',
  tags: ['backoffice'],
  audience: staff('site.manage'),
  body: MaintenanceSchema,
  value: MaintenanceSchema,
});

export const boSetRegionRestriction = defineRoute({
  operationId: 'boSetRegionRestriction',
  method: 'POST',
  path: '/api/bo/site/region-restriction',
  summary: 'Back office: blocked countries and IP ranges. Effective at once.',
  tags: ['backoffice'],
  audience: staff('site.manage'),
  body: RegionRestrictionSchema,
  value: RegionRestrictionSchema,
});

export const boSetModule = defineRoute({
  operationId: 'boSetModule',
  method: 'POST',
  path: '/api/bo/site/module',
  summary: 'Back office: a site module (feature flag, white-label module) on or off.',
  tags: ['backoffice'],
  audience: staff('site.manage'),
  body: ModuleSwitchSchema,
  value: ModuleSwitchSchema,
});
