import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { APP_RESOURCES, MODULE_FLAGS, SOCIAL_RESOURCES } from '../limits.ts';

export const SystemStatusSchema = z.object({
  /** 0 normal, 1 maintenance, 2 region restriction; maintenance takes precedence. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  maintenanceInfo: z.object({ title: z.string(), info: z.string(), endTime: z.string().nullable() }).nullable(),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

export const getSystemStatus = defineRoute({
  operationId: 'getSystemStatus',
  method: 'GET',
  path: '/api/system/status',
  summary: 'Which root view to show: 0 normal, 1 maintenance, 2 region restriction; the visitor IP.',
  tags: ['site'],
  audience: 'guest',
  value: SystemStatusSchema,
});

export const ResourceTypeSchema = z.enum([...SOCIAL_RESOURCES, ...APP_RESOURCES, 'CUSTOMER_SERVICE', 'HELP']);
export const ResourceSchema = z.object({
  resourceType: ResourceTypeSchema,
  name: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
});
export type Resource = z.infer<typeof ResourceSchema>;

export const LanguageSchema = z.object({ code: z.string(), name: z.string(), nativeName: z.string() });
export type Language = z.infer<typeof LanguageSchema>;

export const WhitelabelSchema = z.object({
  siteName: z.string(),
  merchantCode: z.string(),
  logoUrl: z.string(),
  licenceLine: z.string(),
  copyrightYear: z.number().int(),
  ageLimit: z.number().int(),
  defaultLanguage: z.string(),
});
export type Whitelabel = z.infer<typeof WhitelabelSchema>;

export const PermissionSchema = z.object({
  /** Customer-service URL, stored encrypted: ciphertext followed by its 8-character key suffix. */
  customerService: z.string(),
  domainRoute: z.string(),
  mainDomain: z.string(),
  resources: z.array(ResourceSchema),
  whitelabel: WhitelabelSchema,
  register: z.object({ direct: z.boolean(), mobile: z.boolean() }),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  languages: z.array(LanguageSchema),
});
export type Permission = z.infer<typeof PermissionSchema>;

export const getPermission = defineRoute({
  operationId: 'getPermission',
  method: 'GET',
  path: '/api/site/permission',
  summary: 'White-label site settings, resources, languages and CDN hosts.',
  tags: ['site'],
  audience: 'guest',
  value: PermissionSchema,
});

export type ModuleNode = { modId: string; enabled: boolean; childrenNodes: ModuleNode[] };
export const ModuleNodeSchema: z.ZodType<ModuleNode> = z.lazy(() =>
  z.object({ modId: z.string(), enabled: z.boolean(), childrenNodes: z.array(ModuleNodeSchema) }),
);
export const FlagsSchema = z.record(z.enum(MODULE_FLAGS), z.boolean());
export type Flags = z.infer<typeof FlagsSchema>;

export const getWhitelabelMenu = defineRoute({
  operationId: 'getWhitelabelMenu',
  method: 'GET',
  path: '/api/site/whitelabel-menu',
  summary: 'The white-label module tree and the feature flags it switches.',
  tags: ['site'],
  audience: 'guest',
  value: z.object({ modules: z.array(ModuleNodeSchema), flags: FlagsSchema }),
});

export const DomainRouterSchema = z.object({
  domain: z.string(),
  route: z.enum(['MEMBER', 'AGENT', 'MOBILE']),
  merchantCode: z.string(),
  main: z.boolean(),
});
export const getDomainRouters = defineRoute({
  operationId: 'getDomainRouters',
  method: 'GET',
  path: '/api/site/domain-routers',
  summary: 'The domains of this white-label site and which portal each one opens.',
  tags: ['site'],
  audience: 'guest',
  value: z.array(DomainRouterSchema),
});

export const SetRegisterSchema = z.object({
  directRegister: z.boolean(),
  mobileRegister: z.boolean(),
  smsVerification: z.boolean(),
  mobilePasswordRegister: z.boolean(),
  minimumAge: z.number().int(),
  affiliateCheck: z.boolean(),
});
export const getSetRegister = defineRoute({
  operationId: 'getSetRegister',
  method: 'GET',
  path: '/api/site/set-register',
  summary: 'How registration works on this site: direct, by mobile, SMS verification, minimum age.',
  tags: ['site'],
  audience: 'guest',
  value: SetRegisterSchema,
});

export const getIcon = defineRoute({
  operationId: 'getIcon',
  method: 'GET',
  path: '/api/site/icon',
  summary: 'Logo, favicon and loader image of the site.',
  tags: ['site'],
  audience: 'guest',
  value: z.object({ logoUrl: z.string(), faviconUrl: z.string(), loaderUrl: z.string() }),
});

export const CountryCodeSchema = z.object({
  countryCode: z.string().length(2),
  countryDialingCode: z.string(),
  name: z.string(),
});
export type CountryCode = z.infer<typeof CountryCodeSchema>;
export const getCountryCodes = defineRoute({
  operationId: 'getCountryCodes',
  method: 'GET',
  path: '/api/site/country-codes',
  summary: 'Countries with their dialing codes; flags are drawn by country code.',
  tags: ['site'],
  audience: 'guest',
  value: z.array(CountryCodeSchema),
});

export const FieldRuleSchema = z.object({
  field: z.string(),
  enabled: z.boolean(),
  required: z.boolean(),
  /** A regular expression, or `*` for anything. */
  acceptedPattern: z.string(),
  patternId: z.string(),
  minLength: z.number().int().nullable(),
  maxLength: z.number().int().nullable(),
});
export type FieldRule = z.infer<typeof FieldRuleSchema>;
export const getRegistrationValidation = defineRoute({
  operationId: 'getRegistrationValidation',
  method: 'GET',
  path: '/api/member/registration-validation',
  summary: 'Registration field rules: enabled, required, pattern, length.',
  tags: ['site'],
  audience: 'guest',
  value: z.array(FieldRuleSchema),
});
