import type { MessageLanguage } from '../messaging/verification-message.ts';

interface Params {
  brand: string;
  link: string;
  minutes: number;
}

// The text leaves the server as an e-mail, so it cannot be an i18n key the web app resolves: like
// verification-message.ts, the server's own three-language table is the one place these words live.
const TEXT: Record<MessageLanguage, { subject(p: Params): string; body(p: Params): string }> = {
  ko: {
    subject: (p) => `[${p.brand}] 비밀번호 재설정`,
    body: (p) =>
      `아래 링크에서 새 비밀번호를 설정하세요 (${p.minutes}분 이내, 한 번만 사용 가능).\n\n${p.link}\n\n` +
      '본인이 요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.',
  },
  en: {
    subject: (p) => `[${p.brand}] Reset your password`,
    body: (p) =>
      `Set a new password with the link below (valid for ${p.minutes} minutes, once).\n\n${p.link}\n\n` +
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  zh: {
    subject: (p) => `[${p.brand}] 重置密码`,
    body: (p) =>
      `请通过以下链接设置新密码（${p.minutes}分钟内有效，仅可使用一次）。\n\n${p.link}\n\n` +
      '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
  },
};

/** The e-mail that carries a single-use password reset link. */
export function passwordResetMessage(input: Params & { language: MessageLanguage }): { subject: string; body: string } {
  const t = TEXT[input.language];
  return { subject: t.subject(input), body: t.body(input) };
}
