import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { MaintenanceSchema, ModuleSwitchSchema, RegionRestrictionSchema } from '../ops/ops.contract.ts';
import { FIELD_PATTERNS, type PatternId } from '../site/field-patterns.ts';
import { ResourceTypeSchema } from '../site/site.contract.ts';
import { staff } from './staff.contract.ts';

/** Registration fields whose rule the console may not turn off or make optional (spec §5). */
export const ALWAYS_ON_FIELDS = ['username', 'password', 'confirmPassword', 'verificationCode'] as const;
/** The longest a registration field's length bounds may be (spec §9: the verification code's 255). */
export const FIELD_LENGTH_MAX = 255;

const PatternIdSchema = z.enum(Object.keys(FIELD_PATTERNS) as [PatternId, ...PatternId[]]);
const FieldLength = z.number().int().min(0).max(FIELD_LENGTH_MAX).nullable();

export const BoFieldRuleSchema = z.object({
  field: z.string(),
  enabled: z.boolean(),
  required: z.boolean(),
  patternId: z.string(),
  minLength: z.number().int().nullable(),
  maxLength: z.number().int().nullable(),
});
export type BoFieldRule = z.infer<typeof BoFieldRuleSchema>;

export const BoLanguageSchema = z.object({
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
  enabled: z.boolean(),
});
export type BoLanguage = z.infer<typeof BoLanguageSchema>;

export const BoLinkSchema = z.object({
  id: z.number().int(),
  resourceType: ResourceTypeSchema,
  name: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
});
export type BoLink = z.infer<typeof BoLinkSchema>;

/**
 * A link the player site opens: an http(s) address, or a path of this site (`/help`). Refused with
 * SITE_LINK_INVALID by the server; the console checks the same function before sending.
 */
export function isSiteLink(url: string): boolean {
  const u = url.trim();
  if (u.length === 0 || u.length > 500 || /\s/.test(u)) return false;
  if (u.startsWith('/')) return !u.startsWith('//');
  try {
    const parsed = new URL(u);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The back office's site switches: the same services and rules as `npm run ops`, each change audited. */
export const boSiteSettings = defineRoute({
  operationId: 'boSiteSettings',
  method: 'GET',
  path: '/api/bo/site',
  summary:
    'Back office: maintenance, region restriction, the site modules (feature flags) with their tree, registration field rules, languages and customer-service links.',
  tags: ['backoffice'],
  audience: staff('site.read'),
  value: z.object({
    maintenance: MaintenanceSchema,
    /** Where maintenance stands on the server's clock now. */
    maintenanceState: z.enum(['OFF', 'SCHEDULED', 'ON', 'ENDED']),
    regionRestriction: RegionRestrictionSchema,
    modules: z.array(z.object({ modId: z.string(), parentId: z.string().nullable(), enabled: z.boolean() })),
    fieldRules: z.array(BoFieldRuleSchema),
    languages: z.array(BoLanguageSchema),
    defaultLanguage: z.string(),
    links: z.array(BoLinkSchema),
    /** The customer-service address the site's button opens (stored encrypted, decision 004). */
    customerServiceUrl: z.string(),
  }),
});

export const boSetMaintenance = defineRoute({
  operationId: 'boSetMaintenance',
  method: 'POST',
  path: '/api/bo/site/maintenance',
  summary:
    'Back office: maintenance on or off with its title, text and window (start and end, either open); players see it only inside the window.',
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

export const boSetFieldRule = defineRoute({
  operationId: 'boSetFieldRule',
  method: 'POST',
  path: '/api/bo/site/field-rule',
  summary:
    'Back office: a registration field shown or not, required or not, its pattern and length bounds (fields left out keep their value; min ≤ max). Effective at once.',
  tags: ['backoffice'],
  audience: staff('site.manage'),
  body: z.object({
    field: z.string().trim().min(1).max(32),
    enabled: z.boolean().optional(),
    required: z.boolean().optional(),
    patternId: PatternIdSchema.optional(),
    minLength: FieldLength.optional(),
    maxLength: FieldLength.optional(),
  }),
  value: BoFieldRuleSchema,
});

export const boSetLanguage = defineRoute({
  operationId: 'boSetLanguage',
  method: 'POST',
  path: '/api/bo/site/language',
  summary:
    'Back office: a language on or off for the player site, or made the default (only a language that is on; the default stays on).',
  tags: ['backoffice'],
  audience: staff('site.manage'),
  body: z
    .object({
      code: z.string().trim().min(2).max(8),
      enabled: z.boolean().optional(),
      makeDefault: z.literal(true).optional(),
    })
    .refine((b) => b.enabled !== undefined || b.makeDefault, { message: 'enabled or makeDefault', path: ['enabled'] }),
  value: z.object({ languages: z.array(BoLanguageSchema), defaultLanguage: z.string() }),
});

export const boSetLink = defineRoute({
  operationId: 'boSetLink',
  method: 'POST',
  path: '/api/bo/site/link',
  summary:
    'Back office: the address of a site link (social pages, app downloads, customer service, help): https://, http:// or a site path.',
  tags: ['backoffice'],
  audience: staff('site.manage'),
  body: z.object({ id: z.number().int().positive(), url: z.string().trim().max(500) }),
  value: BoLinkSchema,
});

export const boSetCustomerService = defineRoute({
  operationId: 'boSetCustomerService',
  method: 'POST',
  path: '/api/bo/site/customer-service',
  summary:
    "Back office: the address the site's customer-service button opens (stored encrypted): https://, http:// or a site path.",
  tags: ['backoffice'],
  audience: staff('site.manage'),
  body: z.object({ url: z.string().trim().max(500) }),
  value: z.object({ url: z.string() }),
});
