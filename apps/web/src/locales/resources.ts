import type ko from './ko/messages.ts';

/** Message sets bundled with the app (spec §1: CN, EN, KO); the selector lists what the site enables. */
export const BUNDLED_LANGUAGES = ['ko', 'en', 'zh'] as const;
export type BundledLanguage = (typeof BUNDLED_LANGUAGES)[number];
export const NAMESPACES = ['common', 'errors', 'home', 'games', 'auth', 'pages', 'wallet', 'house', 'support'] as const;
export type Messages = typeof ko;

/**
 * Each language is its own chunk, fetched when it is first needed (decision 040): the first page
 * loads one language's messages, not all three.
 */
const LOADERS: Record<BundledLanguage, () => Promise<{ default: Messages }>> = {
  ko: () => import('./ko/messages.ts'),
  en: () => import('./en/messages.ts'),
  zh: () => import('./zh/messages.ts'),
};

export async function loadMessages(language: BundledLanguage): Promise<Messages> {
  return (await LOADERS[language]()).default;
}
