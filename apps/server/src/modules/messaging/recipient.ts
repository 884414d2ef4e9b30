import type { MessageChannel } from '@portal/contracts/messaging/messaging.contract.ts';
import { AppError } from '../../plugins/app-error.ts';

/** E.164 allows at most 15 digits, dialing code included. */
const E164_MAX_DIGITS = 15;
const NATIONAL_MIN_DIGITS = 4;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One spelling per phone, so a code issued for `010-1234-5678` is found when the player types
 * `01012345678`: `+<dialing code> <national number>`, digits only, without the national trunk
 * prefix 0 (which is not dialled from abroad), e.g. `+82 1012345678`.
 */
export function phoneRecipient(countryDialingCode: string, mobileNum: string): string {
  const dial = countryDialingCode.replace(/\D/g, '').replace(/^0+/, '');
  const national = mobileNum.replace(/\D/g, '').replace(/^0+/, '');
  if (!/^\d{1,4}$/.test(dial))
    throw new AppError('VALIDATION_FAILED', 400, 'Invalid dialing code.', 'countryDialingCode');
  if (national.length < NATIONAL_MIN_DIGITS || dial.length + national.length > E164_MAX_DIGITS)
    throw new AppError('VALIDATION_FAILED', 400, 'Invalid phone number format.', 'mobileNum');
  return `+${dial} ${national}`;
}

export function emailRecipient(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!EMAIL_SHAPE.test(normalized)) throw new AppError('VALIDATION_FAILED', 400, 'Invalid e-mail format.', 'email');
  return normalized;
}

/**
 * Accepts what `phoneRecipient` / `emailRecipient` produce (or a sloppier spelling of it) and returns
 * the canonical form. A phone must carry its dialing code and a space: `+82 010-1234-5678` is fine,
 * `+821012345678` is refused because the split between dialing code and number would be a guess.
 */
export function normalizeRecipient(channel: MessageChannel, raw: string): string {
  if (channel === 'EMAIL') return emailRecipient(raw);
  const m = /^\s*\+(\d{1,4})\s+(\S.*)$/.exec(raw);
  if (!m) throw new AppError('VALIDATION_FAILED', 400, 'Invalid phone number format.', 'mobileNum');
  return phoneRecipient(m[1]!, m[2]!);
}

/** The channel a normalized recipient belongs to. */
export function channelOf(recipient: string): MessageChannel {
  return recipient.includes('@') ? 'EMAIL' : 'SMS';
}
