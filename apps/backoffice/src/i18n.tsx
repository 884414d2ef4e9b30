import enErrors from '../../web/src/locales/en/errors.json';
import koErrors from '../../web/src/locales/ko/errors.json';
import zhErrors from '../../web/src/locales/zh/errors.json';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { en, type Messages } from './messages/en.ts';
import { ko } from './messages/ko.ts';
import { zh } from './messages/zh.ts';
import { ApiError } from './api.ts';

export const LANGUAGES = { en: 'English', ko: '한국어', zh: '中文' } as const;
export type Language = keyof typeof LANGUAGES;
const MESSAGES: Record<Language, Messages> = { en, ko, zh };
const ERRORS: Record<Language, Record<string, string>> = { en: enErrors, ko: koErrors, zh: zhErrors };

type Key = keyof Messages;
interface I18n {
  lang: Language;
  setLang(l: Language): void;
  t(key: Key, vars?: Record<string, string | number>): string;
  /** The localized text of a refused call (the error codes the player site also translates). */
  errorText(e: unknown): string;
}
const Ctx = createContext<I18n | null>(null);

const initial = (): Language => {
  const saved = localStorage.getItem('bo.lang');
  if (saved === 'en' || saved === 'ko' || saved === 'zh') return saved;
  const nav = navigator.language.slice(0, 2);
  return nav === 'ko' || nav === 'zh' ? nav : 'en';
};

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Language>(initial);
  const value = useMemo<I18n>(() => {
    const m = MESSAGES[lang];
    return {
      lang,
      setLang(l) {
        localStorage.setItem('bo.lang', l);
        document.documentElement.lang = l;
        setLangState(l);
      },
      t: (key, vars) => m[key].replace(/\{(\w+)\}/g, (_, v: string) => String(vars?.[v] ?? '')),
      errorText(e) {
        const code = e instanceof ApiError ? e.code : 'INTERNAL_ERROR';
        return ERRORS[lang][code] ?? (e instanceof Error && e.message ? e.message : ERRORS[lang].INTERNAL_ERROR!);
      },
    };
  }, [lang]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useI18n(): I18n {
  const v = useContext(Ctx);
  if (!v) throw new Error('useI18n outside I18nProvider');
  return v;
}
