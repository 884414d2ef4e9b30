import {
  checkAffiliate,
  freePlayLogin,
  getCaptcha,
  getMemberInfo,
  login,
  logout,
  register,
  registerMobile,
  sendLoginCode,
  sendRegisterCode,
  verifyNewIp,
  type LoginPayload,
  type LoginResult,
  type RegisterPayload,
} from '@portal/contracts/auth/auth.contract.ts';
import {
  changePassword,
  forgotPasswordByEmail,
  resetPasswordByEmailToken,
  sendResetCode,
  setPasswordByPhone,
  type ChangePasswordPayload,
  type ResetPasswordByTokenPayload,
  type SetPasswordByPhonePayload,
} from '@portal/contracts/auth/password.contract.ts';
import { getCountryCodes, getRegistrationValidation } from '@portal/contracts/site/site.contract.ts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { PAYLOAD_KEY_QUERY, sealed } from '../../../lib/sealed.ts';
import { solveBotCheck } from './bot-check.ts';

export const authKeys = {
  payloadKey: PAYLOAD_KEY_QUERY,
  member: (token: string | null) => ['auth', 'member', token ?? ''] as const,
  memberAll: ['auth', 'member'] as const,
  countries: ['auth', 'country-codes'] as const,
  rules: ['auth', 'registration-validation'] as const,
};

/** Called while a request is on its way: first the proof of work, then the request itself. */
export type Stage = (stage: 'verifying' | 'sending') => void;

async function withBot<T>(stage: Stage | undefined, send: (bot: string) => Promise<T>): Promise<T> {
  stage?.('verifying');
  const bot = await solveBotCheck();
  stage?.('sending');
  return send(bot);
}

export function passwordLogin(
  qc: QueryClient,
  p: { username: string; password: string; portal: 'member' | 'agent'; captcha?: string; captchaId?: string },
  stage?: Stage,
): Promise<LoginResult> {
  return withBot(stage, (bot) => {
    const payload: LoginPayload = {
      type: 'username',
      username: p.username.trim(),
      password: p.password,
      portal: p.portal,
      bot,
      ...(p.captchaId ? { captchaId: p.captchaId, captcha: p.captcha?.trim() ?? '' } : {}),
    };
    return sealed(qc, payload, (body) => call(login, { body }));
  });
}

export function smsLogin(
  qc: QueryClient,
  p: { mobileNum: string; countryDialingCode: string; verificationCode: string; portal: 'member' | 'agent' },
): Promise<LoginResult> {
  const payload: LoginPayload = {
    type: 'sms',
    mobileNum: p.mobileNum.trim(),
    countryDialingCode: p.countryDialingCode,
    verificationCode: p.verificationCode.trim(),
    portal: p.portal,
  };
  return sealed(qc, payload, (body) => call(login, { body }));
}

export type CodePurpose = 'login' | 'register' | 'reset';

/** Sends an SMS code for sign-in, registration or password reset; resolves with its lifetime in minutes. */
export async function requestSmsCode(
  purpose: CodePurpose,
  phone: { mobileNum: string; countryDialingCode: string },
  stage?: Stage,
): Promise<number> {
  const mobileNum = phone.mobileNum.trim();
  const { countryDialingCode } = phone;
  const result = await withBot(stage, (bot) => {
    if (purpose === 'login') return call(sendLoginCode, { body: { mobileNum, countryDialingCode, bot } });
    if (purpose === 'register')
      return call(sendRegisterCode, { body: { mobileNo: mobileNum, countryDialingCode, bot } });
    return call(sendResetCode, { body: { mobileNum, countryDialingCode, bot } });
  });
  return result.expiredMinutes;
}

export function freePlay(stage?: Stage): Promise<LoginResult> {
  return withBot(stage, (bot) =>
    call(freePlayLogin, { body: { platform: 'W', gatewayVersion: 3, os: navigator.platform || undefined, bot } }),
  );
}

export function registerAccount(
  mode: 'username' | 'mobile',
  payload: Omit<RegisterPayload, 'bot' | 'registerMethod'>,
  stage?: Stage,
): Promise<LoginResult> {
  return withBot(stage, (bot) => {
    const body = { ...payload, registerMethod: 'WEB' as const, bot };
    return mode === 'mobile' ? call(registerMobile, { body }) : call(register, { body });
  });
}

export async function isInvitationValid(code: string): Promise<boolean> {
  const result = await call(checkAffiliate, { query: { code: code.trim(), domain: window.location.hostname } });
  return result.valid;
}

export function fetchCaptcha() {
  return call(getCaptcha);
}

export function finishNewIp(challengeId: string, code: string): Promise<LoginResult> {
  return call(verifyNewIp, { body: { challengeId, code: code.trim() } });
}

export function changeOwnPassword(qc: QueryClient, payload: ChangePasswordPayload): Promise<LoginResult> {
  return sealed(qc, payload, (body) => call(changePassword, { body }));
}

export function setPasswordWithSms(qc: QueryClient, payload: SetPasswordByPhonePayload): Promise<LoginResult> {
  return sealed(qc, payload, (body) => call(setPasswordByPhone, { body }));
}

export function resetPasswordWithToken(qc: QueryClient, payload: ResetPasswordByTokenPayload) {
  return sealed(qc, payload, (body) => call(resetPasswordByEmailToken, { body }));
}

export function sendResetEmail(username: string, email: string) {
  return call(forgotPasswordByEmail, { body: { username: username.trim(), email: email.trim() } });
}

export async function endSession(): Promise<void> {
  await call(logout);
}

/** The signed-in member; keyed by token so a new sign-in never shows the previous member. */
export function useMemberInfo() {
  const token = useSessionToken();
  return useQuery({
    queryKey: authKeys.member(token),
    queryFn: ({ signal }) => call(getMemberInfo, { signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

export function useCountryCodes(enabled = true) {
  return useQuery({
    queryKey: authKeys.countries,
    queryFn: ({ signal }) => call(getCountryCodes, { signal }),
    staleTime: Infinity,
    enabled,
  });
}

/** Registration field rules (spec §3), cached: the form checks exactly what the server checks. */
export function useRegistrationRules(enabled = true) {
  return useQuery({
    queryKey: authKeys.rules,
    queryFn: ({ signal }) => call(getRegistrationValidation, { signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

/** A refusal that means the stored session no longer works. */
export function isSessionGone(error: unknown): boolean {
  return isApiError(error) && (error.code === 'NOT_LOGGED_IN' || error.code === 'SESSION_EXPIRED');
}
