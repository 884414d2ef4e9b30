import { formatMoney } from '@portal/contracts/money.ts';
import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { isApiError, type ApiError } from './api-error.ts';
import { i18n } from './i18n.ts';

/** The bounds the server sends with AMOUNT_OUT_OF_RANGE (`{ min, max }` in minor units), if readable. */
function amountBounds(error: ApiError): { min: string; max: string } | null {
  const value = error.value as { min?: unknown; max?: unknown } | null | undefined;
  if (!value || typeof value !== 'object') return null;
  const { min, max } = value;
  if (typeof min !== 'string' || typeof max !== 'string' || !/^\d+$/.test(min) || !/^\d+$/.test(max)) return null;
  return { min: formatMoney(min, SITE_CURRENCY), max: formatMoney(max, SITE_CURRENCY) };
}

/** The chat room's refusals with what the server sent: the length, the wait, the mute's reason and end. */
function chatError(error: ApiError): string | undefined {
  const v = (error.value ?? {}) as Record<string, unknown>;
  if (error.code === 'CHAT_MESSAGE_TOO_LONG' && typeof v.max === 'number')
    return i18n.t('errors:CHAT_MESSAGE_TOO_LONG_MAX', { max: v.max });
  if (error.code === 'CHAT_RATE_LIMITED' && typeof v.retryAfterSeconds === 'number')
    return i18n.t('errors:CHAT_RATE_LIMITED_WAIT', { seconds: v.retryAfterSeconds });
  if (error.code === 'CHAT_MUTED' && typeof v.until === 'string' && typeof v.reason === 'string') {
    const until = new Date(v.until);
    if (Number.isNaN(until.getTime())) return undefined;
    return i18n.t('errors:CHAT_MUTED_UNTIL', {
      until: until.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
      reason: v.reason,
    });
  }
  return undefined;
}

/** The localized text of an error: `errors:<CODE>` when the catalogue knows it, else the server's message. */
export function localizeError(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'AMOUNT_OUT_OF_RANGE') {
      const bounds = amountBounds(error);
      if (bounds) return i18n.t('errors:AMOUNT_OUT_OF_RANGE_BETWEEN', bounds);
    }
    if (error.code === 'FEEDBACK_TOO_SHORT' || error.code === 'FEEDBACK_TOO_LONG') {
      const v = error.value as { minWords?: unknown; maxWords?: unknown } | null | undefined;
      if (v && typeof v.minWords === 'number' && typeof v.maxWords === 'number')
        return i18n.t('errors:FEEDBACK_LENGTH', { min: v.minWords, max: v.maxWords });
    }
    if (error.code === 'BONUS_LOCKED_FUNDS') {
      const v = error.value as { withdrawable?: unknown } | null | undefined;
      const withdrawable =
        v && typeof v.withdrawable === 'string' && /^\d+$/.test(v.withdrawable) ? v.withdrawable : '0';
      return i18n.t('errors:BONUS_LOCKED_FUNDS', { withdrawable: formatMoney(withdrawable, SITE_CURRENCY) });
    }
    const chat = chatError(error);
    if (chat) return chat;
    const key = `errors:${error.code}`;
    if (i18n.exists(key)) return i18n.t(key);
    return error.message || i18n.t('errors:UNKNOWN_ERROR');
  }
  return i18n.t('errors:UNKNOWN_ERROR');
}
