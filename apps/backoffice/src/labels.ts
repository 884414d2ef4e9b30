import enGames from '../../web/src/locales/en/games.json';
import koGames from '../../web/src/locales/ko/games.json';
import zhGames from '../../web/src/locales/zh/games.json';
import enWallet from '../../web/src/locales/en/wallet.json';
import koWallet from '../../web/src/locales/ko/wallet.json';
import zhWallet from '../../web/src/locales/zh/wallet.json';
import { useMemo } from 'react';
import { useI18n, type Language } from './i18n.tsx';
import { labelsEn, labelsKo, labelsZh, type LabelTexts, type RewardCodeGroup } from './messages/labels.ts';

const OWN: Record<Language, LabelTexts> = { en: labelsEn, ko: labelsKo, zh: labelsZh };
/** Names the player site already gives: game categories and the wallet history's transaction types. */
const CATEGORY: Record<Language, Record<string, string>> = {
  en: enGames.category,
  ko: koGames.category,
  zh: zhGames.category,
};
const TX_TYPE: Record<Language, Record<string, string>> = {
  en: enWallet.history.txType,
  ko: koWallet.history.txType,
  zh: zhWallet.history.txType,
};

/** A code the console has no name for reads as words ("SOME_KIND" → "Some kind"), never as a code. */
export const humanize = (code: string): string => {
  const words = code
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '—';
};
const pick = (names: Record<string, string>, code: string | null | undefined): string =>
  code ? (names[code] ?? humanize(code)) : '—';

export interface Labels {
  role(code: string): string;
  memberStatus(code: string): string;
  walletKind(code: string): string;
  /** A wallet by name: its kind, and for a game wallet the vendor's name. */
  wallet(w: { kind: string; vendorId: string | null; vendorName?: string | null }): string;
  txKind(code: string): string;
  category(code: string | null | undefined): string;
  promoKind(code: string): string;
  claimMode(code: string): string;
  promoState(code: string): string;
  catalogueStatus(code: string): string;
  adjustmentStatus(code: string): string;
  /** A code of the rewards set-up (mall item kinds, redemption states, missions, bonuses) in staff language. */
  reward(group: RewardCodeGroup, code: string | null | undefined): string;
  /** A language code ("ko") by its name in the staff member's language ("Korean"). */
  language(code: string): string;
}

/** The names of the codes the console shows, in the staff member's language. */
export function labelsFor(lang: Language): Labels {
  const own = OWN[lang];
  const names = new Intl.DisplayNames([lang], { type: 'language' });
  return {
    role: (c) => pick(own.role, c),
    memberStatus: (c) => pick(own.memberStatus, c),
    walletKind: (c) => pick(own.walletKind, c),
    wallet: (w) => {
      const kind = pick(own.walletKind, w.kind);
      return w.vendorId ? `${kind} · ${w.vendorName ?? w.vendorId}` : kind;
    },
    txKind: (c) => own.txKind[c] ?? TX_TYPE[lang][c] ?? humanize(c),
    category: (c) => pick(CATEGORY[lang], c),
    promoKind: (c) => pick(own.promoKind, c),
    claimMode: (c) => pick(own.claimMode, c),
    promoState: (c) => pick(own.promoState, c),
    catalogueStatus: (c) => pick(own.catalogueStatus, c),
    adjustmentStatus: (c) => pick(own.adjustmentStatus, c),
    reward: (group, c) => pick(own.reward[group], c),
    language: (c) => {
      try {
        return names.of(c) ?? c;
      } catch {
        return c;
      }
    },
  };
}

export function useLabels(): Labels {
  const { lang } = useI18n();
  return useMemo(() => labelsFor(lang), [lang]);
}
