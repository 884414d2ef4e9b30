import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { AUTH_LIMITS, LIMITS } from '../limits.ts';
import { BotCheckSchema, EncryptedPayloadSchema, LoginResultSchema } from './auth.contract.ts';

/**
 * Password flows of spec §3–§5: change (signed in), forgot by e-mail (a single-use link), and set by
 * phone (an SMS code). The password rule itself is the `password` field rule of
 * getRegistrationValidation, checked on the server with `checkField`.
 */

const trimmed = (max: number) => z.string().trim().max(max);
/** Passwords are never trimmed: a space is a character the player chose. */
const password = () => z.string().max(128);

/** How long the e-mailed reset link works; it works once. */
export const PASSWORD_RESET_LINK_MINUTES = 30;
/** The query parameter of the e-mailed link that carries the reset token: `/?resetToken=…`. */
export const RESET_TOKEN_QUERY = 'resetToken';

/** Inner payload of changePassword. oldPassword may be left out only on a forced change from the default. */
export const ChangePasswordPayloadSchema = z.object({
  oldPassword: password().optional(),
  newPassword: password(),
  confirmNewPassword: password(),
});
export type ChangePasswordPayload = z.infer<typeof ChangePasswordPayloadSchema>;

export const changePassword = defineRoute({
  operationId: 'changePassword',
  method: 'POST',
  path: '/api/member/password',
  summary:
    'Change the password (encrypted ChangePasswordPayload). Ends every session of the member and signs them in again.',
  tags: ['member'],
  audience: 'member',
  rateLimit: { perMinute: AUTH_LIMITS.changePasswordPerMinute },
  body: EncryptedPayloadSchema,
  value: LoginResultSchema,
});

export const ForgotPasswordByEmailSchema = z.object({
  username: trimmed(64),
  email: trimmed(254),
});
export type ForgotPasswordByEmail = z.infer<typeof ForgotPasswordByEmailSchema>;

export const forgotPasswordByEmail = defineRoute({
  operationId: 'forgotPasswordByEmail',
  method: 'POST',
  path: '/api/auth/forgot-password/email',
  summary:
    'Form-encoded username and e-mail. When they belong together a single-use reset link is e-mailed; ' +
    'the answer is the same either way.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.forgotByEmailPerMinute },
  form: true,
  body: ForgotPasswordByEmailSchema,
  value: z.object({ sent: z.literal(true) }),
});

/** Inner payload of resetPasswordByEmailToken. */
export const ResetPasswordByTokenPayloadSchema = z.object({
  token: trimmed(128),
  newPassword: password(),
  confirmNewPassword: password(),
});
export type ResetPasswordByTokenPayload = z.infer<typeof ResetPasswordByTokenPayloadSchema>;

export const resetPasswordByEmailToken = defineRoute({
  operationId: 'resetPasswordByEmailToken',
  method: 'POST',
  path: '/api/auth/forgot-password/email/reset',
  summary:
    'Set a new password with the token of the e-mailed link (encrypted ResetPasswordByTokenPayload). ' +
    'The token works once; every session of the member ends.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.resetByTokenPerMinute },
  body: EncryptedPayloadSchema,
  value: z.object({ reset: z.literal(true) }),
});

export const sendResetCode = defineRoute({
  operationId: 'sendResetCode',
  method: 'POST',
  path: '/api/auth/forgot-password/phone/code',
  summary: 'Send an SMS code to reset the password. Answers alike whether or not the number has an account.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.sendResetCodePerMinute },
  body: z.object({
    mobileNum: trimmed(20),
    countryDialingCode: trimmed(6),
    bot: BotCheckSchema.optional(),
  }),
  value: z.object({ expiredMinutes: z.number().int() }),
});

/** Inner payload of setPasswordByPhone. */
export const SetPasswordByPhonePayloadSchema = z.object({
  mobileNum: trimmed(20),
  countryDialingCode: trimmed(6),
  verificationCode: trimmed(LIMITS.verificationCodeMaxLength),
  newPassword: password(),
});
export type SetPasswordByPhonePayload = z.infer<typeof SetPasswordByPhonePayloadSchema>;

export const setPasswordByPhone = defineRoute({
  operationId: 'setPasswordByPhone',
  method: 'POST',
  path: '/api/auth/forgot-password/phone',
  summary:
    'Set a new password with the SMS code (encrypted SetPasswordByPhonePayload); ends every session and signs ' +
    'the member in with the new password.',
  tags: ['auth'],
  audience: 'guest',
  rateLimit: { perMinute: AUTH_LIMITS.setByPhonePerMinute },
  body: EncryptedPayloadSchema,
  value: LoginResultSchema,
});
