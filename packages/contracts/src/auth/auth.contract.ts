import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { AUTH_LIMITS, LIMITS } from '../limits.ts';

/** Member types of spec §4: 1, 2, 41, 42 agents; 4 trial; 0 an ordinary player. */
export const MemberTypeSchema = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(4),
  z.literal(41),
  z.literal(42),
]);
export const PLAYER_TYPE = 0;

/** A solved ALTCHA proof-of-work challenge, base64 JSON as the widget produces it. */
export const BotCheckSchema = z.string().min(20).max(2000);

const trimmed = (max: number) => z.string().trim().max(max);

export const LoginPayloadSchema = z.object({
  type: z.enum(['username', 'sms']).default('username'),
  username: trimmed(64).optional(),
  password: z.string().max(128).optional(),
  mobileNum: trimmed(20).optional(),
  countryDialingCode: trimmed(6).optional(),
  /** The SMS code, for type sms. */
  verificationCode: trimmed(LIMITS.verificationCodeMaxLength).optional(),
  captcha: trimmed(12).optional(),
  captchaId: trimmed(64).optional(),
  bot: BotCheckSchema.optional(),
  /** Member portal or agent portal: agents only at /agent, players only at the member login. */
  portal: z.enum(['member', 'agent']).default('member'),
});
export type LoginPayload = z.infer<typeof LoginPayloadSchema>;

/** An encrypted payload: a compact JWE (RSA-OAEP-256, A256GCM; auth/payload-cipher.ts). */
export const EncryptedPayloadSchema = z.object({
  jwe: z
    .string()
    .max(24_000)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/, 'a compact JWE'),
});
export type EncryptedPayload = z.infer<typeof EncryptedPayloadSchema>;

export const LoginResultSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** The password is the operator's default or has expired: the player must change it now. */
  mustChangePassword: z.boolean(),
  /**
   * The change must name the current password: every forced change except the one from the operator's
   * default (an agent-issued first password, a staff request, an expired password).
   */
  askOldPassword: z.boolean(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const login = defineRoute({
  operationId: 'login',
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with an encrypted payload (username and password, or mobile and SMS code).',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.loginPerMinute },
  body: EncryptedPayloadSchema,
  value: LoginResultSchema,
});

export const loginV2 = defineRoute({
  operationId: 'loginV2',
  method: 'POST',
  path: '/api/auth/login-v2',
  summary: 'Sign in with a plain payload over TLS; the same rules as login.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.loginPerMinute },
  body: LoginPayloadSchema,
  value: LoginResultSchema,
});

export const logout = defineRoute({
  operationId: 'logout',
  method: 'DELETE',
  path: '/api/auth/session',
  summary: 'Sign out: revokes this session on the server.',
  tags: ['auth'],
  audience: 'member',
  value: z.object({ revoked: z.boolean() }),
});

export const logoutAll = defineRoute({
  operationId: 'logoutAll',
  method: 'DELETE',
  path: '/api/auth/sessions',
  summary: "Sign out everywhere: revokes every session of the member, and ends their games' sessions too.",
  tags: ['auth'],
  audience: 'member',
  value: z.object({ revoked: z.number().int().nonnegative() }),
});

export const MemberInfoSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: MemberTypeSchema,
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  mobileNum: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  email: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  firstTimeLogin: z.boolean(),
  createdAt: z.string(),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;

export const getMemberInfo = defineRoute({
  operationId: 'getMemberInfo',
  method: 'GET',
  path: '/api/member/info',
  summary: 'The signed-in member: id, account, nickname, type.',
  tags: ['member'],
  audience: 'member',
  value: MemberInfoSchema,
});

export const getCaptcha = defineRoute({
  operationId: 'getCaptcha',
  method: 'GET',
  path: '/api/auth/captcha',
  summary: 'A captcha image (base64 SVG data URL in value.image) and its id.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.captchaPerMinute },
  value: z.object({ captchaId: z.string(), image: z.string() }),
});

export const getBotChallenge = defineRoute({
  operationId: 'getBotChallenge',
  method: 'GET',
  path: '/api/auth/bot-challenge',
  summary: 'A proof-of-work challenge (ALTCHA) to solve before a password login or an SMS request.',
  tags: ['auth'],
  audience: 'guest',
  value: z.object({
    algorithm: z.string(),
    challenge: z.string(),
    maxnumber: z.number().int().optional(),
    salt: z.string(),
    signature: z.string(),
  }),
});

export const getPayloadKey = defineRoute({
  operationId: 'getPayloadKey',
  method: 'GET',
  path: '/api/auth/payload-key',
  summary: 'The public key (RSA-OAEP, JWK) that encrypts login and password payloads.',
  tags: ['auth'],
  audience: 'guest',
  value: z.object({ kid: z.string(), jwk: z.record(z.string(), z.unknown()) }),
});

/** Registration: the field rules of getRegistrationValidation apply on top of these shapes. */
export const RegisterPayloadSchema = z.object({
  username: trimmed(64),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
  payeeName: trimmed(100).optional(),
  email: trimmed(254).optional(),
  qqNum: trimmed(20).optional(),
  mobileNum: trimmed(20).optional(),
  countryDialingCode: trimmed(6).optional(),
  recommenderId: trimmed(32).optional(),
  captcha: trimmed(12).optional(),
  captchaId: trimmed(64).optional(),
  verificationCode: trimmed(LIMITS.verificationCodeMaxLength).optional(),
  affiliateCode: trimmed(32).optional(),
  referralCode: trimmed(32).optional(),
  paymentPassword: z.string().max(32).optional(),
  line: trimmed(60).optional(),
  whatsapp: trimmed(20).optional(),
  facebook: trimmed(100).optional(),
  wechat: trimmed(60).optional(),
  telegram: trimmed(60).optional(),
  zalo: trimmed(20).optional(),
  idNumber: trimmed(40).optional(),
  fullname: trimmed(100).optional(),
  nickname: trimmed(40).optional(),
  birthday: trimmed(10).optional(),
  address: trimmed(200).optional(),
  nationality: trimmed(60).optional(),
  occupation: trimmed(100).optional(),
  sourceOfIncome: trimmed(100).optional(),
  domain: trimmed(253).optional(),
  registerUrl: trimmed(2000).optional(),
  registerMethod: z.literal('WEB').default('WEB'),
  /** The player confirms the terms and the minimum age. */
  acceptTerms: z.literal(true, { error: 'must agree to the terms and be of age' }),
  bot: BotCheckSchema.optional(),
});
export type RegisterPayload = z.infer<typeof RegisterPayloadSchema>;

export const register = defineRoute({
  operationId: 'register',
  method: 'PUT',
  path: '/api/auth/register',
  summary: 'Register by username; signs the new player in.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.registerPerMinute },
  body: RegisterPayloadSchema,
  value: LoginResultSchema,
});

const SmsRequestSchema = z.object({
  countryDialingCode: trimmed(6),
  bot: BotCheckSchema.optional(),
});
export const ExpiredMinutesSchema = z.object({ expiredMinutes: z.number().int() });

export const sendLoginCode = defineRoute({
  operationId: 'sendLoginCode',
  method: 'POST',
  path: '/api/auth/login-code',
  summary: 'Send an SMS sign-in code. Answers alike whether or not the number has an account.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.smsPerMinute },
  body: SmsRequestSchema.extend({ mobileNum: trimmed(20) }),
  value: ExpiredMinutesSchema,
});

export const sendRegisterCode = defineRoute({
  operationId: 'sendRegisterCode',
  method: 'POST',
  path: '/api/auth/register-code',
  summary: 'Send an SMS code for registration. Answers alike whether or not the number is registered.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.smsPerMinute },
  body: SmsRequestSchema.extend({ mobileNo: trimmed(20) }),
  value: ExpiredMinutesSchema,
});

export const registerMobile = defineRoute({
  operationId: 'registerMobile',
  method: 'PUT',
  path: '/api/auth/register-mobile',
  summary: 'Register by mobile number with its SMS code; signs the new player in.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.registerPerMinute },
  body: RegisterPayloadSchema.extend({ username: trimmed(64).optional() }),
  value: LoginResultSchema,
});

export const freePlayLogin = defineRoute({
  operationId: 'freePlayLogin',
  method: 'POST',
  path: '/api/auth/free-play',
  summary: 'Open a trial account (type 4) for free play and sign it in.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.freePlayPerMinute },
  body: z.object({
    os: trimmed(40).optional(),
    platform: z.literal('W').default('W'),
    gatewayVersion: z.literal(3).default(3),
    bot: BotCheckSchema.optional(),
  }),
  value: LoginResultSchema,
});

export const checkAffiliate = defineRoute({
  operationId: 'checkAffiliate',
  method: 'GET',
  path: '/api/auth/affiliate',
  summary: 'Whether an invitation (affiliate) code belongs to an active agent of this site.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.affiliatePerMinute },
  query: z.object({ code: trimmed(32).min(1), domain: trimmed(253).optional() }),
  value: z.object({ valid: z.boolean() }),
});

/** A sign-in from an address the account has not used: what the player must prove, and where. */
export const NewIpChallengeSchema = z.object({
  challengeId: z.string(),
  /** BANK: no phone or e-mail on file; the player types the payee name of the bank account shown. */
  method: z.enum(['SMS', 'EMAIL', 'BANK']),
  maskedRecipient: z.string(),
  expiredMinutes: z.number().int(),
});
export type NewIpChallenge = z.infer<typeof NewIpChallengeSchema>;

export const verifyNewIp = defineRoute({
  operationId: 'verifyNewIp',
  method: 'POST',
  path: '/api/auth/new-ip',
  summary: 'Finish a sign-in from a new address with the code sent to the phone or e-mail, or the bank payee name.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.loginPerMinute },
  body: z.object({ challengeId: trimmed(64), code: trimmed(LIMITS.verificationCodeMaxLength) }),
  value: LoginResultSchema,
});
