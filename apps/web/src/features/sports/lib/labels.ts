import {
  marketTitle as sharedMarketTitle,
  selectionLabel as sharedSelectionLabel,
  type SportsWord,
} from '@portal/contracts/sports/market-labels.ts';
import type { TFunction } from 'i18next';

type Names = { ko: string; en: string; zh: string };
export const nameIn = (names: Names, language: string) =>
  language.startsWith('ko') ? names.ko : language.startsWith('zh') ? names.zh : names.en;

const words =
  (t: TFunction): SportsWord =>
  (key, vars) =>
    t(`sports.${key}`, vars ?? {});

/** A market's title: "Asian handicap −0.75", "Total maps 2.5", "1st half — match result". */
export const marketTitle = (t: TFunction, sport: string, marketId: string): string =>
  sharedMarketTitle(words(t), sport, marketId);

/** A selection's words: the side's name (with its line on a handicap), draw, over/under, yes/no, a score. */
export const selectionLabel = (t: TFunction, marketId: string, selection: string, home: string, away: string): string =>
  sharedSelectionLabel(words(t), marketId, selection, home, away);

/** The running clock: 67', Q3, inning 7, set 2, map 3. */
export function clockLabel(t: TFunction, sport: string, clock: { period: number; minute: number } | null): string {
  if (!clock) return t('sports.live');
  if (sport === 'football') return `${clock.minute}'`;
  if (sport === 'basketball') return t('sports.clock.quarter', { n: Math.min(clock.period, 4) });
  if (sport === 'baseball') return t('sports.clock.inning', { n: clock.period });
  if (sport === 'tennis') return t('sports.clock.set', { n: clock.period });
  return t('sports.clock.map', { n: clock.period });
}
