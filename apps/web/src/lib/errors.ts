import { isApiError } from './api-error.ts';
import { i18n } from './i18n.ts';

/** The localized text of an error: `errors:<CODE>` when the catalogue knows it, else the server's message. */
export function localizeError(error: unknown): string {
  if (isApiError(error)) {
    const key = `errors:${error.code}`;
    if (i18n.exists(key)) return i18n.t(key);
    return error.message || i18n.t('errors:UNKNOWN_ERROR');
  }
  return i18n.t('errors:UNKNOWN_ERROR');
}
