import { createHash, randomBytes } from 'node:crypto';
import type { LoginResult } from '@portal/contracts/auth/auth.contract.ts';
import {
  PASSWORD_RESET_LINK_MINUTES,
  RESET_TOKEN_QUERY,
  type ChangePasswordPayload,
  type ForgotPasswordByEmail,
  type ResetPasswordByTokenPayload,
  type SetPasswordByPhonePayload,
} from '@portal/contracts/auth/password.contract.ts';
import { LIMITS, TRIAL_TYPE, type ModuleFlag } from '@portal/contracts/limits.ts';
import type { FieldRule } from '@portal/contracts/site/site.contract.ts';
import { checkField, type FieldIssue } from '@portal/contracts/site/field-validation.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { OutboxService } from '../messaging/outbox.service.ts';
import { phoneRecipient } from '../messaging/recipient.ts';
import type { MessageLanguage } from '../messaging/message-texts.ts';
import type { VerificationService } from '../messaging/verification.service.ts';
import type { SiteService } from '../site/site.service.ts';
import type { PasswordPolicy } from '../site/settings.ts';
import { refuseWeakPassword } from './password-rules.ts';
import type { SessionCandidate } from './session-issuer.ts';
import type { BotCheck } from './bot-check.ts';
import type { MemberRepository } from './member.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { PasswordFlowsStore } from './password-flows.repository.ts';
import { passwordResetMessage } from './password-reset-message.ts';
import type { SessionService } from './session.service.ts';
import type { SignOutEverywhere } from './sign-out-everywhere.ts';

export interface PasswordFlowContext {
  ip: string;
  userAgent: string | undefined;
  deviceId?: string | undefined;
  language: MessageLanguage;
}

/** Used only when the white-label setting has no site name. */
const FALLBACK_BRAND = 'Aurora Play';
const MINUTE_MS = 60_000;

/** Forgot-by-e-mail requests per account name: the same window as the SMS cap, so the retry hint holds. */
export const FORGOT_EMAIL_CAP = { requests: 5, windowMinutes: LIMITS.smsRetryHintMinutes } as const;

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('base64url');

type Issues = Record<string, FieldIssue>;

/** The same shape register answers with: the first field in `field`, every field in `value.fields`. */
function failOnIssues(issues: Issues): void {
  const first = Object.keys(issues)[0];
  if (!first) return;
  throw new AppError('VALIDATION_FAILED', 400, `${first}: ${issues[first]!.key}`, `body.${first}`, { fields: issues });
}

export interface PasswordFlowsDeps {
  /** Reset tokens, recovery requests and the member's password hash, and their unit of work. */
  store: PasswordFlowsStore;
  members: MemberRepository;
  sessions: SessionService;
  site: SiteService;
  bot: BotCheck;
  verification: VerificationService;
  outbox: OutboxService;
  /** The operator's default password and expiry, and the one place sessions are issued (auth service). */
  auth: {
    passwordPolicy(): Promise<PasswordPolicy>;
    issueSession(member: SessionCandidate, ctx: PasswordFlowContext, knownPassword?: string): Promise<LoginResult>;
  };
  /** Ends every session of the member, game sessions included. */
  signOut: SignOutEverywhere;
  now?: () => Date;
}

/**
 * Change, forgot-by-e-mail and set-by-phone (spec §3–§5). Every way of setting a password ends all
 * sessions of the member and retires their open reset links, in the same transaction as the new hash.
 */
export function passwordFlowsService(d: PasswordFlowsDeps) {
  const now = d.now ?? (() => new Date());
  const repo = d.store.repo;
  const members = d.members;
  const signOut = d.signOut;

  async function requireFlag(flag: ModuleFlag): Promise<void> {
    const { flags } = await d.site.flags();
    if (!flags[flag])
      throw new AppError('FEATURE_DISABLED', 403, 'This operation is not enabled, please contact customer service.');
  }

  /** The operator's rule for the field; username, password and e-mail here are always required. */
  async function requiredRule(field: string): Promise<FieldRule | undefined> {
    const rule = (await d.site.fieldRules()).find((r) => r.field === field);
    return rule && { ...rule, enabled: true, required: true };
  }

  /**
   * The password rule, the confirmation, and never a password nobody may set: the operator's default
   * (which would force a change again) or a trivial one.
   */
  async function checkNewPassword(
    p: { newPassword: string; confirmNewPassword?: string | undefined },
    policy: PasswordPolicy,
    extra: Issues = {},
  ): Promise<void> {
    const issues: Issues = { ...extra };
    const rule = await requiredRule('password');
    const issue = rule ? checkField(rule, p.newPassword) : p.newPassword ? null : ({ key: 'required' } as const);
    if (issue) issues.newPassword = issue;
    if (!issues.newPassword && p.confirmNewPassword !== undefined && p.confirmNewPassword !== p.newPassword)
      issues.confirmNewPassword = { key: 'mismatch' };
    failOnIssues(issues);
    refuseWeakPassword(p.newPassword, 'newPassword', policy);
  }

  /**
   * After a new hash is written, in its transaction: open reset links die and every session ends, game
   * sessions included. A password that changed while an old session lives on (or keeps betting) would
   * defeat the point of changing it.
   */
  async function afterNewHash(tx: typeof repo, trx: Executor, memberId: string, at: Date): Promise<void> {
    await tx.retireOpenResetTokens(memberId, at);
    await signOut.inTransaction(trx, memberId, at);
  }

  /** The new hash and its consequences, all or nothing. False when `expectedHash` no longer matches. */
  async function commitPassword(memberId: string, hash: string, expectedHash?: string): Promise<boolean> {
    const at = now();
    const committed = await d.store.transaction(async (tx, trx) => {
      if (!(await tx.setPasswordHash(memberId, hash, at, expectedHash))) return false;
      await afterNewHash(tx, trx, memberId, at);
      return true;
    });
    if (committed) await signOut.afterCommit(memberId);
    return committed;
  }

  /**
   * A new session after the password changed (spec §4: the player is signed in again), issued by the
   * same rules as every sign-in; the password was just set, so nothing forces another change.
   */
  async function signInAgain(memberId: string, newPassword: string, ctx: PasswordFlowContext): Promise<LoginResult> {
    const member = await members.findById(memberId);
    if (!member) throw new AppError('NOT_LOGGED_IN', 401, 'You are not logged in, please login.');
    return d.auth.issueSession(member, ctx, newPassword);
  }

  /**
   * At most FORGOT_EMAIL_CAP requests per account name in a rolling window, counted whether or not
   * the account exists, so the refusal tells nothing either. A flood for one player's name stops
   * e-mail links for a few minutes only; reset by phone and sign-in stay open.
   */
  async function countRecoveryRequest(username: string): Promise<void> {
    const key = username.trim().toLowerCase();
    const at = now();
    const since = new Date(at.getTime() - FORGOT_EMAIL_CAP.windowMinutes * MINUTE_MS);
    const refused = await d.store.transaction(async (tx) => {
      await tx.lockRecoveryKey('FORGOT_EMAIL', key);
      if ((await tx.countRecoveryRequests('FORGOT_EMAIL', key, since)) >= FORGOT_EMAIL_CAP.requests) return true;
      await tx.insertRecoveryRequest('FORGOT_EMAIL', key, at, since);
      return false;
    });
    if (refused)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        429,
        `Too many requests, please retry after ${FORGOT_EMAIL_CAP.windowMinutes} minutes.`,
      );
  }

  return {
    async changePassword(memberId: string, p: ChangePasswordPayload, ctx: PasswordFlowContext): Promise<LoginResult> {
      const member = await members.findById(memberId);
      if (!member) throw new AppError('NOT_LOGGED_IN', 401, 'You are not logged in, please login.');
      if (member.type === TRIAL_TYPE) throw new AppError('TRIAL_NOT_ALLOWED', 403, 'Please Register An Account First.');
      const policy = await d.auth.passwordPolicy();
      await checkNewPassword(p, policy);

      // Spec §5: the old password may be left out only when it is already known, i.e. the player is
      // on the operator's default password (the forced change after sign-in).
      let oldPassword = p.oldPassword ?? '';
      if (oldPassword === '') {
        const onDefault =
          policy.defaultPassword !== null && (await verifyPassword(member.passwordHash, policy.defaultPassword));
        if (!onDefault) failOnIssues({ oldPassword: { key: 'required' } });
        oldPassword = policy.defaultPassword!;
      } else if (!(await verifyPassword(member.passwordHash, oldPassword))) {
        throw new AppError('WRONG_OLD_PASSWORD', 400, 'The old password is wrong.', 'body.oldPassword');
      }
      if (p.newPassword === oldPassword)
        throw new AppError(
          'PASSWORD_SAME_AS_OLD',
          400,
          'The new password must differ from the old one.',
          'body.newPassword',
        );

      const hash = await hashPassword(p.newPassword);
      // Conditional on the hash we checked: a concurrent change from the same old password loses.
      if (!(await commitPassword(member.id, hash, member.passwordHash)))
        throw new AppError('WRONG_OLD_PASSWORD', 400, 'The old password is wrong.', 'body.oldPassword');
      return signInAgain(member.id, p.newPassword, ctx);
    },

    /**
     * Answers the same whether or not the pair belongs together, so the call tells nobody which
     * accounts exist or which e-mail they use; only a matching pair gets a link.
     */
    async forgotByEmail(p: ForgotPasswordByEmail, ctx: PasswordFlowContext): Promise<{ sent: true }> {
      await requireFlag('CHNGPASSMAIL3');
      const issues: Issues = {};
      // Only "required" for the username: the registration rule may have changed since older accounts were made.
      if (!p.username) issues.username = { key: 'required' };
      const emailRule = await requiredRule('email');
      const emailIssue = emailRule ? checkField(emailRule, p.email) : p.email ? null : ({ key: 'required' } as const);
      if (emailIssue) issues.email = emailIssue;
      failOnIssues(issues);
      await countRecoveryRequest(p.username);

      const member = await members.findByAccount(p.username);
      const matches =
        member !== undefined &&
        member.status === 'ACTIVE' &&
        member.type !== TRIAL_TYPE &&
        member.email !== null &&
        member.email.trim().toLowerCase() === p.email.toLowerCase();
      if (!matches) return { sent: true };

      const token = randomBytes(32).toString('base64url');
      const at = now();
      await d.store.transaction(async (tx) => {
        // Only the newest link works: an older e-mail lying in an inbox is dead.
        await tx.retireOpenResetTokens(member.id, at);
        await tx.insertResetToken({
          memberId: member.id,
          tokenHash: hashResetToken(token),
          expiresAt: new Date(at.getTime() + PASSWORD_RESET_LINK_MINUTES * MINUTE_MS),
        });
      });
      const site = await d.site.identity();
      // The link's host is the operator's main domain, never the request's Host header, which a
      // caller could set to their own site and so receive the token (reset link poisoning).
      const base = site.mainDomain ? `https://${site.mainDomain}` : '';
      const text = passwordResetMessage({
        language: ctx.language,
        brand: site.siteName ?? FALLBACK_BRAND,
        link: `${base}/?${RESET_TOKEN_QUERY}=${token}`,
        minutes: PASSWORD_RESET_LINK_MINUTES,
      });
      // Delivered in the background: neither a failure nor the gateway's time tells the caller the pair matched.
      await d.outbox.enqueue({
        channel: 'EMAIL',
        recipient: member.email!.trim().toLowerCase(),
        subject: text.subject,
        body: text.body,
        purpose: 'RESET',
      });
      return { sent: true };
    },

    async resetByEmailToken(p: ResetPasswordByTokenPayload): Promise<{ reset: true }> {
      await requireFlag('CHNGPASSMAIL3');
      const policy = await d.auth.passwordPolicy();
      await checkNewPassword(p, policy, p.token ? {} : { token: { key: 'required' } });
      // Hashed before the transaction: argon2 takes tens of milliseconds and must not hold locks.
      const hash = await hashPassword(p.newPassword);
      const at = now();
      const memberId = await d.store.transaction(async (tx, trx) => {
        const id = await tx.consumeResetToken(hashResetToken(p.token), at);
        if (!id) return undefined;
        await tx.setPasswordHash(id, hash, at);
        await afterNewHash(tx, trx, id, at);
        return id;
      });
      if (memberId) await signOut.afterCommit(memberId);
      if (!memberId)
        throw new AppError(
          'RESET_TOKEN_INVALID',
          400,
          'This reset link is invalid, used or expired, please ask for a new one.',
          'body.token',
        );
      return { reset: true };
    },

    /**
     * Sends a RESET code only to a registered number, but answers alike, throttled answers included
     * (the throttle counts every request for the number), so numbers cannot be probed.
     */
    async sendResetCode(
      p: { mobileNum: string; countryDialingCode: string; bot?: string | undefined },
      ctx: PasswordFlowContext,
    ): Promise<{ expiredMinutes: number }> {
      await requireFlag('CHNGPASSVERIF3');
      await d.bot.verify(p.bot);
      const recipient = phoneRecipient(p.countryDialingCode, p.mobileNum);
      const member = await repo.findByPhoneRecipient(recipient);
      return d.verification.issue({
        purpose: 'RESET',
        channel: 'SMS',
        recipient,
        language: ctx.language,
        deliver: member !== undefined && member.status === 'ACTIVE' && member.type !== TRIAL_TYPE,
      });
    },

    async setPasswordByPhone(p: SetPasswordByPhonePayload, ctx: PasswordFlowContext): Promise<LoginResult> {
      await requireFlag('CHNGPASSVERIF3');
      const policy = await d.auth.passwordPolicy();
      const missing: Issues = {};
      if (!p.mobileNum) missing.mobileNum = { key: 'required' };
      if (!p.verificationCode) missing.verificationCode = { key: 'required' };
      // Checked before the code is spent, so a weak password does not cost the player their code.
      await checkNewPassword(p, policy, missing);
      const recipient = phoneRecipient(p.countryDialingCode, p.mobileNum);
      await d.verification.verify({ purpose: 'RESET', recipient, code: p.verificationCode });
      const member = await repo.findByPhoneRecipient(recipient);
      // A code is only sent to a registered number; this covers a number changed in between.
      if (!member)
        throw new AppError(
          'VERIFICATION_CODE_INVALID',
          400,
          'Invalid or missing verification code.',
          'body.verificationCode',
        );
      if (member.status !== 'ACTIVE')
        throw new AppError('ACCOUNT_DISABLED', 403, 'This account is disabled, please contact customer service.');
      await commitPassword(member.id, await hashPassword(p.newPassword));
      return signInAgain(member.id, p.newPassword, ctx);
    },
  };
}
export type PasswordFlowsService = ReturnType<typeof passwordFlowsService>;
