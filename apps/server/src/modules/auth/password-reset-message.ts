import { messageTexts, type MessageLanguage } from '../messaging/message-texts.ts';

/** The e-mail that carries a single-use password reset link (texts in messaging/message-texts.ts). */
export function passwordResetMessage(input: {
  language: MessageLanguage;
  brand: string;
  link: string;
  minutes: number;
}): {
  subject: string;
  body: string;
} {
  const t = messageTexts(input.language);
  const vars = { brand: input.brand, link: input.link, count: input.minutes };
  return { subject: t('reset.subject', vars), body: t('reset.body', vars) };
}
