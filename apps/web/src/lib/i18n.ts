import { LANGUAGE_STORAGE_KEY } from '@portal/contracts/limits.ts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES, BUNDLED_LANGUAGES, loadMessages, type BundledLanguage } from '../locales/resources.ts';

export const DEFAULT_LANGUAGE: BundledLanguage = 'ko';

export function isBundledLanguage(code: string | null | undefined): code is BundledLanguage {
  return Boolean(code) && (BUNDLED_LANGUAGES as readonly string[]).includes(code as string);
}

export function readStoredLanguage(): BundledLanguage | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isBundledLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // Messages arrive per language (loadLanguage): none are bundled with the app's code.
  resources: {},
  lng: readStoredLanguage() ?? DEFAULT_LANGUAGE,
  fallbackLng: false,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.setAttribute('lang', lng);
});
if (typeof document !== 'undefined') document.documentElement.setAttribute('lang', i18n.language);

const loading = new Map<BundledLanguage, Promise<void>>();

/** Fetches one language's messages (once) and adds them; the language in use does not change. */
export function loadLanguage(language: BundledLanguage): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = loadMessages(language).then((messages) => {
      for (const ns of NAMESPACES) i18n.addResourceBundle(language, ns, messages[ns], true, true);
    });
    // A failed fetch (offline) may be retried by the next switch.
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** Resolves when the first language's messages are in: the app renders after it (main.tsx). */
export const i18nReady: Promise<void> = loadLanguage(i18n.language as BundledLanguage);

/** Shows the app in `code` once its messages are in, without keeping the choice (a site's default). */
export async function showLanguage(code: string): Promise<void> {
  if (!isBundledLanguage(code)) return;
  await loadLanguage(code);
  await i18n.changeLanguage(code);
}

/** Switches the language and keeps the choice in localStorage (spec §1: kept locally). */
export async function changeLanguage(code: string): Promise<void> {
  if (!isBundledLanguage(code)) return;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Not persisted when storage is blocked.
  }
  await showLanguage(code);
}
