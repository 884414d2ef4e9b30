import type { VerificationPurpose } from '@portal/contracts/messaging/messaging.contract.ts';

/** Languages the server writes SMS and e-mail in; anything else gets the site default (spec §9: KO). */
export const MESSAGE_LANGUAGES = ['ko', 'en', 'zh'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
export const DEFAULT_MESSAGE_LANGUAGE: MessageLanguage = 'ko';

export function toMessageLanguage(language: string | null | undefined): MessageLanguage {
  const base = (language ?? '').toLowerCase().split(/[-_]/)[0];
  return (MESSAGE_LANGUAGES as readonly string[]).includes(base ?? '')
    ? (base as MessageLanguage)
    : DEFAULT_MESSAGE_LANGUAGE;
}

interface Params {
  brand: string;
  code: string;
  minutes: number;
}

// The text leaves the server as an SMS, so it cannot be an i18n key the web app resolves: the
// server's own three-language table is the single place these words live.
const PURPOSE: Record<MessageLanguage, Record<VerificationPurpose, string>> = {
  ko: { LOGIN: '로그인', REGISTER: '회원가입', RESET: '비밀번호 재설정', NEW_IP: '새 기기 확인' },
  en: { LOGIN: 'Login', REGISTER: 'Sign-up', RESET: 'Password reset', NEW_IP: 'New device' },
  zh: { LOGIN: '登录', REGISTER: '注册', RESET: '重置密码', NEW_IP: '新设备验证' },
};

const TEXT: Record<
  MessageLanguage,
  { body(p: Params, what: string): string; subject(p: Params, what: string): string; ignore: string }
> = {
  ko: {
    body: (p, what) => `[${p.brand}] ${what} 인증번호 ${p.code} (${p.minutes}분 이내 입력)`,
    subject: (p, what) => `[${p.brand}] ${what} 인증번호`,
    ignore: '본인이 요청하지 않았다면 이 메시지를 무시하세요.',
  },
  en: {
    body: (p, what) =>
      `[${p.brand}] ${what} code ${p.code} (enter within ${p.minutes} minute${p.minutes === 1 ? '' : 's'})`,
    subject: (p, what) => `[${p.brand}] Your ${what.toLowerCase()} code`,
    ignore: 'If you did not ask for this code, ignore this message.',
  },
  zh: {
    body: (p, what) => `[${p.brand}] ${what}验证码 ${p.code}（${p.minutes}分钟内输入）`,
    subject: (p, what) => `[${p.brand}] ${what}验证码`,
    ignore: '如果这不是您本人的操作，请忽略此消息。',
  },
};

/** The SMS text (short, one line) or the e-mail subject and body for a one-time code. */
export function verificationMessage(
  input: Params & { language: MessageLanguage; purpose: VerificationPurpose; channel: 'SMS' | 'EMAIL' },
): { subject: string | null; body: string } {
  const t = TEXT[input.language];
  const what = PURPOSE[input.language][input.purpose];
  const line = t.body(input, what);
  if (input.channel === 'SMS') return { subject: null, body: line };
  return { subject: t.subject(input, what), body: `${line}\n\n${t.ignore}` };
}
