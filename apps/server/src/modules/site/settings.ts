import { LIMITS } from '@portal/contracts/limits.ts';
import { MaintenanceSchema, RegionRestrictionSchema } from '@portal/contracts/ops/ops.contract.ts';
import { ChatRoomSettingsSchema } from '@portal/contracts/chat/chat-room.contract.ts';
import { ReferralSettingsSchema, type ReferralSettings } from '@portal/contracts/rewards/referral.contract.ts';
import { WhitelabelSchema } from '@portal/contracts/site/site.contract.ts';
import { WithdrawalPolicySchema } from '@portal/contracts/wallet/cashier-ops.contract.ts';
import { z } from 'zod';
import { DEFAULT_MAINTENANCE, DEFAULT_REGION_RESTRICTION } from '../ops/ops.defaults.ts';

/** How long an instance trusts its copy of a setting read on every request; its own writes clear it at once. */
export const SETTING_CACHE_MS = 1000;

interface SettingDef<S extends z.ZodType> {
  schema: S;
  /** What a missing row means; without one, `get` answers undefined. */
  fallback?: z.output<S>;
  /** A short per-instance cache for settings read on every request. */
  cacheMs?: number;
}

function setting<S extends z.ZodType>(schema: S): { schema: S };
function setting<S extends z.ZodType>(
  schema: S,
  fallback: z.output<S>,
  cacheMs?: number,
): { schema: S; fallback: z.output<S>; cacheMs?: number };
function setting<S extends z.ZodType>(schema: S, fallback?: z.output<S>, cacheMs?: number): SettingDef<S> {
  return { schema, ...(fallback !== undefined ? { fallback } : {}), ...(cacheMs ? { cacheMs } : {}) };
}

/** The white-label site: what `getPermission` shows, plus the art, analytics and the public address. */
export const WhitelabelSettingSchema = WhitelabelSchema.extend({
  faviconUrl: z.string(),
  loaderUrl: z.string(),
  gtagId: z.string().nullable(),
  mainDomain: z.string(),
});
export type WhitelabelSetting = z.infer<typeof WhitelabelSettingSchema>;

export const PasswordPolicySchema = z.object({
  /** The operator's default password ({secret} of spec §9): a player still using it must change it. */
  defaultPassword: z.string().nullable().default(null),
  expiryEnabled: z.boolean().default(false),
  expiryDays: z.number().int().positive().default(90),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicySchema>;

/** The operator's cashier switches; a stored value may name only some of them. */
export const CashierSettingsSchema = z.object({
  singlePendingWithdrawal: WithdrawalPolicySchema.shape.singlePendingWithdrawal.default(true),
  autoReceiptMinutes: WithdrawalPolicySchema.shape.autoReceiptMinutes.default(60),
  /** ₩10.00 to ₩100,000,000.00 unless the operator sets other bounds. */
  minAmount: WithdrawalPolicySchema.shape.minAmount.default('1000'),
  maxAmount: WithdrawalPolicySchema.shape.maxAmount.default('10000000000'),
});
export type CashierSettings = z.infer<typeof CashierSettingsSchema>;

export const ContractSettingsSchema = z.object({
  /** Agents may ask for their finished periods to be settled and paid now (process dividend / salary). */
  manualClaim: z.boolean().default(true),
  /** Settlements are paid when settled; when off they wait for the agent's claim (CLAIMABLE). */
  autoPay: z.boolean().default(true),
});

/** Feedback (issue 18, spec §5): its content must have between `minWords` and `maxWords` words. */
export const FeedbackSettingsSchema = z.object({
  minWords: z.number().int().min(1).default(2),
  maxWords: z.number().int().min(1).default(60),
});

/** The refer-a-friend programme a site has before staff change it. */
export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = {
  enabled: true,
  rewardAmount: '1000000',
  minimumDeposit: '5000000',
  wageringMultiple: 3,
  validDays: 30,
};

const JwkSchema = z.custom<JsonWebKey>((v) => typeof v === 'object' && v !== null && 'kty' in v, 'a JSON web key');
const Secret = z.string().min(32);

/**
 * Every row of `site_setting`: its key, the schema its JSON value must match, and what a missing row
 * means. A module that needs a new setting adds its key here; nobody reads the table with a key string
 * of their own. A stored value that does not match its schema is an error when read, never a cast.
 */
export const SETTINGS = {
  whitelabel: setting(WhitelabelSettingSchema),
  maintenance: setting(MaintenanceSchema, DEFAULT_MAINTENANCE, SETTING_CACHE_MS),
  region_restriction: setting(RegionRestrictionSchema, DEFAULT_REGION_RESTRICTION, SETTING_CACHE_MS),
  /** The encrypted customer-service link (decision 004). */
  customer_service: setting(z.string(), ''),
  register: setting(
    z.object({
      minimumAge: z.number().int().min(0).default(LIMITS.minimumAgeDefault),
      affiliateCheck: z.boolean().default(true),
    }),
    { minimumAge: LIMITS.minimumAgeDefault, affiliateCheck: true },
  ),
  password_policy: setting(PasswordPolicySchema, PasswordPolicySchema.parse({})),
  /** A sign-in from an address the account never used needs a code first (spec §8). */
  login_security: setting(z.object({ newIpVerification: z.boolean().default(false) }), { newIpVerification: false }),
  cashier: setting(CashierSettingsSchema, CashierSettingsSchema.parse({})),
  /** Salary and dividend contracts (issue 16): whether agents may claim by hand, and whether settlements pay themselves. */
  contracts: setting(ContractSettingsSchema, ContractSettingsSchema.parse({})),
  feedback: setting(FeedbackSettingsSchema, FeedbackSettingsSchema.parse({})),
  /** Refer a friend (decision 075): on by default with a ₩10,000 bonus for a first deposit of ₩50,000 or more. */
  referral_reward: setting(ReferralSettingsSchema, DEFAULT_REFERRAL_SETTINGS),
  /** Live support (decision 057): an outside chat product's address for the live chat launch; empty for the built-in one. */
  live_chat: setting(z.object({ externalUrl: z.string().max(500).default('') }), { externalUrl: '' }),
  /** The chat room's rules (decision 056): message length, messages per member per window. */
  chat_room: setting(ChatRoomSettingsSchema, ChatRoomSettingsSchema.parse({}), SETTING_CACHE_MS),
  'secret.bot_hmac': setting(Secret),
  'secret.payload_key': setting(z.object({ kid: z.string().min(1), publicJwk: JwkSchema, privateJwk: JwkSchema })),
  'secret.gateway_hmac': setting(Secret),
  /** Signs the time-limited addresses of uploaded images (uploads.service.ts). */
  'secret.upload_hmac': setting(Secret),
} as const;

type Defs = typeof SETTINGS;
export type SettingKey = keyof Defs;
export type SettingValue<K extends SettingKey> = z.output<Defs[K]['schema']>;
/** What `get` answers: the value, or the fallback, or undefined when the key has none. */
export type SettingRead<K extends SettingKey> = Defs[K] extends { fallback: unknown }
  ? SettingValue<K>
  : SettingValue<K> | undefined;
