import { isAgentType, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import {
  PLAYER_TYPE,
  type LoginPayload,
  type LoginResult,
  type MemberInfo,
  type RegisterPayload,
} from '@portal/contracts/auth/auth.contract.ts';
import { checkField, checkMinimumAge, newestDay, type FieldIssue } from '@portal/contracts/site/field-validation.ts';
import { AppError } from '../../plugins/app-error.ts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NewIpChallenge } from '@portal/contracts/auth/auth.contract.ts';
import type { OutboxService } from '../messaging/outbox.service.ts';
import { emailRecipient, phoneRecipient } from '../messaging/recipient.ts';
import { messageTexts } from '../messaging/message-texts.ts';
import { toMessageLanguage } from '../messaging/verification-message.ts';
import type { VerificationService } from '../messaging/verification.service.ts';
import type { SiteService } from '../site/site.service.ts';
import type { PasswordPolicy } from '../site/settings.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';
import type { BankAccountService } from '../wallet/bank-account.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { BotCheck } from './bot-check.ts';
import type { CaptchaService } from './captcha.ts';
import type { LoginChallengeRepository } from './login-challenge.repository.ts';
import type { LoginGuard } from './login-guard.ts';
import { type MemberRepository, NO_MEMBER_DETAILS } from './member.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { weakPasswordIssue } from './password-rules.ts';
import type { SessionService } from './session.service.ts';
import { sessionIssuer, type SessionCandidate } from './session-issuer.ts';

export interface RequestContext {
  ip: string;
  userAgent: string | undefined;
  /** The web app's random browser id (decision 028), when it sent a well-formed one. */
  deviceId?: string | undefined;
  language?: string | undefined;
}

/** How long a player has to answer the new-address check. */
const NEW_IP_CHALLENGE_MINUTES = 10;
/** Wrong payee names one bank-name challenge takes before it is spent. */
const NEW_IP_BANK_ATTEMPTS = 5;

/** Payee names compare without regard to case, width or spacing: "Hong  Gildong" is "hong gildong". */
const payeeDigest = (name: string) =>
  createHash('sha256').update(name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase()).digest();

const mask = (recipient: string) =>
  recipient.includes('@')
    ? recipient.replace(/^(.).*(@.*)$/, '$1***$2')
    : recipient.replace(
        /^(\+\d+ )(\d*)(\d{4})$/,
        (_m, cc: string, mid: string, last: string) => cc + '*'.repeat(mid.length) + last,
      );

/** Profile fields of the registration form kept in member.profile (spec §3). */
const PROFILE_FIELDS = [
  'payeeName',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'idNumber',
  'fullname',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'recommenderId',
] as const;

export interface AuthDeps {
  members: MemberRepository;
  challenges: LoginChallengeRepository;
  banks: BankAccountService;
  sessions: SessionService;
  guard: LoginGuard;
  captcha: CaptchaService;
  bot: BotCheck;
  site: SiteService;
  settings: SettingsRepository;
  verification: VerificationService;
  outbox: OutboxService;
  wallet: WalletService;
  /** Agents' referral links (issue 15): a registration with a link's code lands below that agent, as the link's kind. */
  referralLinks?: {
    resolveLink(code: string): Promise<{ linkId: string; uplineId: string; type: number } | null>;
  };
  /** Refer a friend (decision 075): the player a registration names as its referrer — not an upline. */
  referrals?: {
    referrerFor(p: {
      username: string;
      referralCode?: string | undefined;
      recommenderId?: string | undefined;
    }): Promise<string | null>;
  };
}

export function authService({
  members,
  challenges,
  banks,
  sessions,
  guard,
  captcha,
  bot,
  site,
  settings,
  verification,
  outbox,
  wallet,
  referralLinks,
  referrals,
}: AuthDeps) {
  const passwordPolicy = (): Promise<PasswordPolicy> => settings.get('password_policy');

  const issuer = sessionIssuer({ sessions, members, site, passwordPolicy });
  /** Every path below issues its session here: the forced-change rule is decided in one place. */
  const issueSession = (member: SessionCandidate, ctx: RequestContext, knownPassword?: string) =>
    issuer.issue(member, ctx, knownPassword);

  /**
   * A sign-in from an address the account has never used needs a code sent to its phone or e-mail
   * first (spec §8). The first sign-in ever, and accounts with neither, pass.
   */
  async function requireKnownIp(
    member: {
      id: string;
      type: number;
      mobileDialingCode: string | null;
      mobileNum: string | null;
      email: string | null;
    },
    ctx: RequestContext,
    portal: string,
    smsLogin: boolean,
  ): Promise<void> {
    if (member.type === TRIAL_TYPE) return;
    // An SMS sign-in has just proved the account's phone: a second code to the same phone proves nothing more.
    if (smsLogin) return;
    if (!(await settings.get('login_security')).newIpVerification) return;
    const known = await members.knownIps(member.id);
    if (known.length === 0 || known.includes(ctx.ip)) return;
    const bank = await banks.challengeAccount(member.id);
    const method = member.mobileNum && member.mobileDialingCode ? 'SMS' : member.email ? 'EMAIL' : bank ? 'BANK' : null;
    // Nothing to prove it with: the password alone lets the player in, as before the check existed.
    if (!method) return;
    let recipient: string;
    let shown: string;
    let expiredMinutes = NEW_IP_CHALLENGE_MINUTES;
    if (method === 'BANK') {
      recipient = `bank:${bank!.id}`;
      shown = bank!.shown;
    } else {
      recipient =
        method === 'SMS' ? phoneRecipient(member.mobileDialingCode!, member.mobileNum!) : emailRecipient(member.email!);
      shown = mask(recipient);
      ({ expiredMinutes } = await verification.issue({
        purpose: 'NEW_IP',
        channel: method,
        recipient,
        language: toMessageLanguage(ctx.language),
      }));
    }
    const challengeId = randomBytes(18).toString('base64url');
    await challenges.insert({
      id: challengeId,
      memberId: member.id,
      ip: ctx.ip,
      method,
      recipient,
      portal,
      smsLogin,
      expiresAt: new Date(Date.now() + NEW_IP_CHALLENGE_MINUTES * 60_000),
    });
    const challenge: NewIpChallenge = { challengeId, method, maskedRecipient: shown, expiredMinutes };
    throw new AppError(
      'NEW_IP_VERIFICATION_REQUIRED',
      403,
      'This is a new address for your account: enter the code we sent.',
      undefined,
      challenge,
    );
  }

  /** The answer to a bank-name challenge: the payee name of the account it named, counted like a code. */
  async function checkPayeeName(challenge: { id: string; recipient: string; attempts: number }, answer: string) {
    if (challenge.attempts >= NEW_IP_BANK_ATTEMPTS)
      throw new AppError('VERIFICATION_CODE_ATTEMPTS', 429, 'Too many wrong answers, please sign in again.');
    const payee = await banks.payeeName(challenge.recipient.slice('bank:'.length));
    if (payee !== undefined && timingSafeEqual(payeeDigest(payee), payeeDigest(answer))) return;
    const counted = await challenges.countWrongAnswer(challenge.id);
    if ((counted ?? NEW_IP_BANK_ATTEMPTS) >= NEW_IP_BANK_ATTEMPTS)
      throw new AppError('VERIFICATION_CODE_ATTEMPTS', 429, 'Too many wrong answers, please sign in again.');
    throw new AppError('NEW_IP_BANK_NAME_WRONG', 400, 'The name does not match your bank account.', 'body.code');
  }

  function checkPortal(member: { type: number; status: string }, portal: 'member' | 'agent') {
    if (member.status !== 'ACTIVE')
      throw new AppError('ACCOUNT_DISABLED', 403, 'This account is disabled, please contact customer service.');
    if (portal === 'agent' && !isAgentType(member.type))
      throw new AppError('NOT_AGENT', 403, 'Non-agents cannot log in.');
    if (portal === 'member' && member.type === TRIAL_TYPE)
      throw new AppError('NOT_MEMBER', 403, 'Non-member account unable to login.');
  }

  async function requireFlag(flag: keyof Awaited<ReturnType<SiteService['flags']>>['flags']) {
    const { flags } = await site.flags();
    if (!flags[flag])
      throw new AppError('FEATURE_DISABLED', 403, 'This operation is not enabled, please contact customer service.');
  }

  const findByMobile = (recipient: string) => {
    const [cc, num] = recipient.replace('+', '').split(' ');
    return members.findByMobile(cc!, num!);
  };

  return {
    passwordPolicy,
    issueSession,

    async login(p: LoginPayload, ctx: RequestContext): Promise<LoginResult> {
      if (p.type === 'sms') {
        await requireFlag('SMS_LOGIN');
        if (!p.mobileNum)
          throw new AppError('VALIDATION_FAILED', 400, 'Please enter your mobile number.', 'body.mobileNum');
        if (!p.verificationCode)
          throw new AppError('VALIDATION_FAILED', 400, 'Please enter the verification code.', 'body.verificationCode');
        const recipient = phoneRecipient(p.countryDialingCode ?? '', p.mobileNum);
        await verification.verify({ purpose: 'LOGIN', recipient, code: p.verificationCode });
        const member = await findByMobile(recipient);
        // A code is only ever sent to a registered number; this guards against a race with a number change.
        if (!member)
          throw new AppError(
            'VERIFICATION_CODE_INVALID',
            400,
            'The verification code is invalid.',
            'body.verificationCode',
          );
        checkPortal(member, p.portal);
        await requireKnownIp(member, ctx, p.portal, true);
        return issueSession(member, ctx);
      }
      const username = p.username?.trim() ?? '';
      const password = p.password ?? '';
      if (!username) throw new AppError('VALIDATION_FAILED', 400, 'Please enter your username.', 'body.username');
      if (!password) throw new AppError('VALIDATION_FAILED', 400, 'Please enter your password.', 'body.password');

      const state = await guard.state(username, ctx.ip);
      if (state.ipBlocked) throw new AppError('RATE_LIMITED', 429, 'Too many failed sign-ins, please retry later.');
      await bot.verify(p.bot);
      if (state.captchaRequired) await captcha.verify(p.captchaId, p.captcha);

      const member = await members.findByAccount(username);
      const ok = await verifyPassword(member?.passwordHash, password);
      if (!member || !ok) {
        await guard.fail(username, ctx.ip);
        throw new AppError('WRONG_CREDENTIALS', 401, 'Wrong account or password.', undefined, { captcha: true });
      }
      await guard.succeed(username);
      checkPortal(member, p.portal);
      await requireKnownIp(member, ctx, p.portal, false);
      return issueSession(member, ctx, password);
    },

    async verifyNewIp(challengeId: string, code: string, ctx: RequestContext): Promise<LoginResult> {
      const expired = () =>
        new AppError('VERIFICATION_CODE_EXPIRED', 400, 'The code has expired, please sign in again.', 'body.code');
      const challenge = await challenges.open(challengeId, new Date());
      if (!challenge || challenge.ip !== ctx.ip) throw expired();
      if (challenge.method === 'BANK') await checkPayeeName(challenge, code);
      else await verification.verify({ purpose: 'NEW_IP', recipient: challenge.recipient, code });
      if (!(await challenges.markUsed(challengeId, new Date()))) throw expired();
      const member = await members.findById(challenge.memberId);
      if (!member) throw expired();
      checkPortal(member, challenge.portal === 'agent' ? 'agent' : 'member');
      // The password (if any) was checked before the challenge; the issuer checks the stored hash.
      return issueSession(member, ctx);
    },

    /**
     * Answers alike whether or not the number has an account, throttled answers included: the resend
     * throttle and the per-number cap count every request for the number; a code goes only to a
     * registered one.
     */
    async sendLoginCode(
      p: { mobileNum: string; countryDialingCode: string; bot?: string | undefined },
      ctx: RequestContext,
    ) {
      await requireFlag('SMS_LOGIN');
      const recipient = phoneRecipient(p.countryDialingCode, p.mobileNum);
      await bot.verify(p.bot);
      const member = await findByMobile(recipient);
      return verification.issue({
        purpose: 'LOGIN',
        channel: 'SMS',
        recipient,
        language: toMessageLanguage(ctx.language),
        deliver: member !== undefined && member.status === 'ACTIVE',
      });
    },

    /**
     * Answers alike whether or not the number is registered, throttled answers included. The owner
     * of a registered number gets a notice instead of a code, so only the phone's owner learns that
     * it has an account.
     */
    async sendRegisterCode(
      p: { mobileNo: string; countryDialingCode: string; bot?: string | undefined },
      ctx: RequestContext,
    ) {
      await requireFlag('MOBILE_REGISTER');
      const recipient = phoneRecipient(p.countryDialingCode, p.mobileNo);
      await bot.verify(p.bot);
      const lang = toMessageLanguage(ctx.language);
      const registered = (await findByMobile(recipient)) !== undefined;
      const answer = await verification.issue({
        purpose: 'REGISTER',
        channel: 'SMS',
        recipient,
        language: lang,
        deliver: !registered,
      });
      if (registered) {
        const { siteName } = await site.whitelabel();
        const body = messageTexts(lang)('registered', { brand: siteName });
        await outbox.enqueue({ channel: 'SMS', recipient, body, purpose: 'REGISTER' });
      }
      return answer;
    },

    /** Opens an account and grants credit: a bot check first, as before a password sign-in (decision 015). */
    async freePlay(p: { bot?: string | undefined }, ctx: RequestContext): Promise<LoginResult> {
      await requireFlag('FREE_PLAY');
      await bot.verify(p.bot);
      const { id } = await members.insert({
        account: `trial${randomBytes(5).toString('hex')}`,
        type: TRIAL_TYPE,
        ...NO_MEMBER_DETAILS,
        // Nobody knows this password: a trial account is reached only through its session.
        passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
        registerMethod: 'FREE_PLAY',
      });
      await wallet.grantTrialCredit(id);
      const member = await members.findById(id);
      return issueSession(member!, ctx);
    },

    async checkAffiliate(code: string): Promise<{ valid: boolean }> {
      const upline = await members.findByAffiliateCode(code);
      return { valid: !!upline && upline.status === 'ACTIVE' && isAgentType(upline.type) };
    },

    async register(
      input: RegisterPayload | (Omit<RegisterPayload, 'username'> & { username?: string | undefined }),
      ctx: RequestContext,
      mode: 'username' | 'mobile' = 'username',
    ): Promise<LoginResult> {
      const [{ flags }, rules, settings, policy] = await Promise.all([
        site.flags(),
        site.fieldRules(),
        site.setRegister(),
        passwordPolicy(),
      ]);
      if (!flags.DIRECT_REGISTER) throw new AppError('REGISTRATION_CLOSED', 403, 'Registration is closed.');
      if (mode === 'mobile' && !flags.MOBILE_REGISTER)
        throw new AppError('REGISTRATION_CLOSED', 403, 'Registration is closed.');
      // A mobile registration without a username gets one made from the number.
      const p: RegisterPayload = {
        ...input,
        username:
          input.username ||
          (input.mobileNum && input.countryDialingCode
            ? `m${phoneRecipient(input.countryDialingCode, input.mobileNum).split(' ')[1]}`
            : ''),
      };

      const issues: Record<string, FieldIssue> = {};
      const values = p as unknown as Record<string, string | undefined>;
      const smsChecked = mode === 'mobile' && flags.SMS_VERIFICATION;
      // Username and password always, and in mobile registration the number, are required whatever the
      // rule says; the payment password is required whenever its field is shown (spec §5).
      const always = ['username', 'password', ...(mode === 'mobile' ? ['mobileNum'] : [])];
      for (const rule of rules) {
        if (rule.field === 'confirmPassword') continue; // checked below
        if (rule.field === 'verificationCode' && !smsChecked) continue;
        const forced =
          always.includes(rule.field) || rule.field === 'verificationCode'
            ? { ...rule, enabled: true, required: true }
            : rule.field === 'paymentPassword' && rule.enabled
              ? { ...rule, required: true }
              : rule;
        const issue =
          checkField(forced, values[rule.field]) ??
          (rule.field === 'birthday' && rule.enabled
            ? checkMinimumAge(p.birthday, settings.minimumAge, newestDay())
            : null);
        if (issue) issues[rule.field] = issue;
      }
      // Neither password may be the site's default or a trivial one, whatever the field rules say.
      for (const field of ['password', 'paymentPassword'] as const) {
        const weak = !issues[field] && p[field] ? weakPasswordIssue(p[field], policy) : null;
        if (weak) issues[field] = weak;
      }
      if (!issues.password && p.confirmPassword !== p.password) issues.confirmPassword = { key: 'mismatch' };
      const first = Object.keys(issues)[0];
      if (first) {
        throw new AppError('VALIDATION_FAILED', 400, `${first}: ${issues[first]!.key}`, `body.${first}`, {
          fields: issues,
        });
      }
      await bot.verify(p.bot);
      if (smsChecked) {
        await verification.verify({
          purpose: 'REGISTER',
          recipient: phoneRecipient(p.countryDialingCode ?? '', p.mobileNum!),
          code: p.verificationCode!,
        });
      }

      let uplineId: string | null = null;
      const link = p.referralCode && referralLinks ? await referralLinks.resolveLink(p.referralCode) : null;
      if (link) uplineId = link.uplineId;
      else if (p.affiliateCode && settings.affiliateCheck) {
        const upline = await members.findByAffiliateCode(p.affiliateCode);
        if (!upline || upline.status !== 'ACTIVE' || !isAgentType(upline.type))
          throw new AppError('INVALID_INVITATION_CODE', 400, 'The invitation code is invalid.', 'body.affiliateCode');
        uplineId = upline.id;
      }
      // A player's invitation (not an agent's link): recorded as the referrer, the upline stays as it is.
      const referredBy = !link && referrals ? await referrals.referrerFor(p) : null;

      const profile = Object.fromEntries(
        PROFILE_FIELDS.filter((f) => p[f] !== undefined && p[f] !== '').map((f) => [f, String(p[f])]),
      );
      let inserted: { id: string };
      try {
        inserted = await members.insert({
          account: p.username.trim(),
          type: link?.type ?? PLAYER_TYPE,
          uplineId,
          ...(link ? { referralLinkId: link.linkId } : {}),
          ...(referredBy ? { referredBy } : {}),
          nickname: p.nickname || null,
          email: p.email || null,
          ...(p.mobileNum
            ? (() => {
                const [cc, num] = phoneRecipient(p.countryDialingCode ?? '', p.mobileNum)
                  .replace('+', '')
                  .split(' ');
                return { mobileDialingCode: cc!, mobileNum: num! };
              })()
            : { mobileDialingCode: null, mobileNum: null }),
          passwordHash: await hashPassword(p.password),
          paymentPasswordHash: p.paymentPassword ? await hashPassword(p.paymentPassword) : null,
          referralCode: p.referralCode || null,
          registerUrl: p.registerUrl || null,
          // Spec §7: registerMethod WEB for both calls; which form it was is kept on its own.
          registerMethod: 'WEB',
          registerChannel: mode === 'mobile' ? 'MOBILE' : 'USERNAME',
          domain: p.domain || null,
          profile: JSON.stringify(profile),
        });
      } catch (err) {
        const pgErr = err as { code?: string; constraint?: string };
        if (pgErr.code === '23505' && pgErr.constraint === 'member_mobile')
          throw new AppError('MOBILE_TAKEN', 409, 'This mobile number is already registered.', 'body.mobileNum');
        if (pgErr.code === '23505')
          throw new AppError('USERNAME_TAKEN', 409, 'This username is already taken.', 'body.username');
        throw err;
      }
      const member = await members.findById(inserted.id);
      return issueSession(member!, ctx, p.password);
    },

    async memberInfo(memberId: string): Promise<MemberInfo> {
      const m = await members.findById(memberId);
      if (!m) throw new AppError('NOT_LOGGED_IN', 401, 'You are not logged in, please login.');
      return {
        id: m.id,
        account: m.account,
        nickname: m.nickname,
        type: m.type as MemberInfo['type'],
        isAgent: isAgentType(m.type),
        isTrial: m.type === TRIAL_TYPE,
        mobileNum: m.mobileNum,
        countryDialingCode: m.mobileDialingCode,
        email: m.email,
        hasPaymentPassword: m.paymentPasswordHash !== null,
        firstTimeLogin: m.firstLogin,
        createdAt: new Date(m.createdAt).toISOString(),
      };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
