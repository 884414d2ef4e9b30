import { AGENT_TYPES, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import {
  PLAYER_TYPE,
  type LoginPayload,
  type LoginResult,
  type MemberInfo,
  type RegisterPayload,
} from '@portal/contracts/auth/auth.contract.ts';
import { checkField, type FieldIssue } from '@portal/contracts/site/field-validation.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { SiteService } from '../site/site.service.ts';
import type { BotCheck } from './bot-check.ts';
import type { CaptchaService } from './captcha.ts';
import type { LoginGuard } from './login-guard.ts';
import type { MemberRepository } from './member.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { SessionService } from './session.service.ts';

export interface RequestContext {
  ip: string;
  userAgent: string | undefined;
}

export interface PasswordPolicy {
  /** The operator's default password ({secret} of spec §9): a player still using it must change it. */
  defaultPassword: string | null;
  expiryEnabled: boolean;
  expiryDays: number;
}
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { defaultPassword: null, expiryEnabled: false, expiryDays: 90 };

const isAgentType = (type: number) => (AGENT_TYPES as readonly number[]).includes(type);

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
  db: Db;
  members: MemberRepository;
  sessions: SessionService;
  guard: LoginGuard;
  captcha: CaptchaService;
  bot: BotCheck;
  site: SiteService;
}

export function authService({ db, members, sessions, guard, captcha, bot, site }: AuthDeps) {
  async function passwordPolicy(): Promise<PasswordPolicy> {
    const row = await db
      .selectFrom('siteSetting')
      .select('value')
      .where('key', '=', 'password_policy')
      .executeTakeFirst();
    return { ...DEFAULT_PASSWORD_POLICY, ...((row?.value as Partial<PasswordPolicy> | undefined) ?? {}) };
  }

  async function issueSession(
    member: { id: string; type: number; firstLogin: boolean; passwordChangedAt: Date; account: string },
    ctx: RequestContext,
    opts: { plainPassword?: string | undefined; sms?: boolean },
  ): Promise<LoginResult> {
    const [policy, { flags }] = await Promise.all([passwordPolicy(), site.flags()]);
    const passwordExpired =
      policy.expiryEnabled &&
      Date.now() - new Date(member.passwordChangedAt).getTime() > policy.expiryDays * 86_400_000;
    const isDefault = policy.defaultPassword !== null && opts.plainPassword === policy.defaultPassword;
    const mustChangePassword = !opts.sms && flags.FORCE_CHANGE_PASSWORD && (isDefault || passwordExpired);
    const token = await sessions.create(member.id, ctx);
    await members.recordLogin(member.id, ctx.ip);
    await db
      .insertInto('memberKnownIp')
      .values({ memberId: member.id, ip: ctx.ip })
      .onConflict((oc) => oc.columns(['memberId', 'ip']).doNothing())
      .execute();
    return {
      token,
      firstTimeLogin: member.firstLogin,
      passwordExpired,
      mustChangePassword,
      isAgent: isAgentType(member.type),
      isTrial: member.type === TRIAL_TYPE,
    };
  }

  return {
    passwordPolicy,

    async login(p: LoginPayload, ctx: RequestContext): Promise<LoginResult> {
      if (p.type === 'sms') {
        throw new AppError('VALIDATION_FAILED', 400, 'SMS sign-in is not offered yet.', 'body.type');
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
      if (member.status !== 'ACTIVE')
        throw new AppError('ACCOUNT_DISABLED', 403, 'This account is disabled, please contact customer service.');
      if (p.portal === 'agent' && !isAgentType(member.type))
        throw new AppError('NOT_AGENT', 403, 'Non-agents cannot log in.');
      if (p.portal === 'member' && member.type === TRIAL_TYPE)
        throw new AppError('NOT_MEMBER', 403, 'Non-member account unable to login.');
      return issueSession(member, ctx, { plainPassword: password });
    },

    async register(p: RegisterPayload, ctx: RequestContext): Promise<LoginResult> {
      const [{ flags }, rules, settings] = await Promise.all([site.flags(), site.fieldRules(), site.setRegister()]);
      if (!flags.DIRECT_REGISTER) throw new AppError('REGISTRATION_CLOSED', 403, 'Registration is closed.');

      const issues: Record<string, FieldIssue> = {};
      const values = p as unknown as Record<string, string | undefined>;
      for (const rule of rules) {
        if (rule.field === 'verificationCode' || rule.field === 'confirmPassword') continue; // checked below / by the SMS flow
        // Username and password are always required, whatever the operator's rule says.
        const forced =
          rule.field === 'username' || rule.field === 'password' ? { ...rule, enabled: true, required: true } : rule;
        const issue = checkField(forced, values[rule.field]);
        if (issue) issues[rule.field] = issue;
      }
      if (!issues.password && p.confirmPassword !== p.password) issues.confirmPassword = { key: 'mismatch' };
      const first = Object.keys(issues)[0];
      if (first) {
        throw new AppError('VALIDATION_FAILED', 400, `${first}: ${issues[first]!.key}`, `body.${first}`, {
          fields: issues,
        });
      }
      await bot.verify(p.bot);

      let uplineId: string | null = null;
      if (p.affiliateCode && settings.affiliateCheck) {
        const upline = await members.findByAffiliateCode(p.affiliateCode);
        if (!upline || upline.status !== 'ACTIVE' || !isAgentType(upline.type))
          throw new AppError('INVALID_INVITATION_CODE', 400, 'The invitation code is invalid.', 'body.affiliateCode');
        uplineId = upline.id;
      }

      const profile = Object.fromEntries(
        PROFILE_FIELDS.filter((f) => p[f] !== undefined && p[f] !== '').map((f) => [f, String(p[f])]),
      );
      let inserted: { id: string };
      try {
        inserted = await members.insert({
          account: p.username.trim(),
          type: PLAYER_TYPE,
          uplineId,
          nickname: p.nickname || null,
          email: p.email || null,
          mobileDialingCode: p.mobileNum ? (p.countryDialingCode ?? null) : null,
          mobileNum: p.mobileNum || null,
          passwordHash: await hashPassword(p.password),
          paymentPasswordHash: p.paymentPassword ? await hashPassword(p.paymentPassword) : null,
          referralCode: p.referralCode || null,
          registerUrl: p.registerUrl || null,
          registerMethod: p.registerMethod,
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
      return issueSession(member!, ctx, { plainPassword: p.password });
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
