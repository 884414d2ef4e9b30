import { LANGUAGE_STORAGE_KEY } from '@portal/contracts/limits.ts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { RESOURCES, NAMESPACES, BUNDLED_LANGUAGES, type BundledLanguage } from '../locales/resources.ts';

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
  resources: RESOURCES,
  lng: readStoredLanguage() ?? DEFAULT_LANGUAGE,
  fallbackLng: 'en',
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

/** Switches the language and keeps the choice in localStorage (spec §1: kept locally). */
export async function changeLanguage(code: string): Promise<void> {
  if (!isBundledLanguage(code)) return;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Not persisted when storage is blocked.
  }
  await i18n.changeLanguage(code);
}
