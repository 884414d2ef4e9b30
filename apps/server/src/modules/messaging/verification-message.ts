import type { VerificationPurpose } from '@portal/contracts/messaging/messaging.contract.ts';
import { MESSAGE_LANGUAGES, messageTexts, type MessageLanguage } from './message-texts.ts';

/** Anything else gets the site default (spec §9: KO). */
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

/** The SMS text (short, one line) or the e-mail subject and body for a one-time code. */
export function verificationMessage(
  input: Params & { language: MessageLanguage; purpose: VerificationPurpose; channel: 'SMS' | 'EMAIL' },
): { subject: string | null; body: string } {
  const t = messageTexts(input.language);
  const what = t(`purpose.${input.purpose}`);
  const vars = { brand: input.brand, code: input.code, what, whatLower: what.toLowerCase(), count: input.minutes };
  const line = t('code.body', vars);
  if (input.channel === 'SMS') return { subject: null, body: line };
  return { subject: t('code.subject', vars), body: `${line}\n\n${t('code.ignore')}` };
}
