import type { TFunction } from 'i18next';

type Names = { ko: string; en: string; zh: string };
export const nameIn = (names: Names, language: string) =>
  language.startsWith('ko') ? names.ko : language.startsWith('zh') ? names.zh : names.en;

const ESPORTS = new Set(['moba', 'shooter', 'cards']);
const signed = (line: number) => (line > 0 ? `+${line}` : String(line));

/** A market's title: "Asian handicap −0.75", "Total maps 2.5", "1st half — match result". */
export function marketTitle(t: TFunction, sport: string, marketId: string): string {
  const [period, kind, raw] = marketId.split(':');
  const line = raw === undefined ? null : Number(raw);
  const unit = ESPORTS.has(sport) ? 'maps' : sport === 'tennis' ? 'sets' : 'points';
  const base =
    kind === 'HANDICAP'
      ? t(`sports.market.HANDICAP_${unit}`, { line: signed(line!) })
      : kind === 'TOTAL'
        ? t(`sports.market.TOTAL_${unit}`, { line })
        : t(`sports.market.${kind}`);
  return period === 'H1'
    ? t(sport === 'baseball' ? 'sports.market.firstFive' : 'sports.market.firstHalf', { market: base })
    : base;
}

/** A selection's words: the side's name (with its line on a handicap), draw, over/under, yes/no, a score. */
export function selectionLabel(t: TFunction, marketId: string, selection: string, home: string, away: string): string {
  const [, kind, raw] = marketId.split(':');
  const line = raw === undefined ? null : Number(raw);
  if (selection === 'H') return kind === 'HANDICAP' ? `${home} ${signed(line!)}` : home;
  if (selection === 'A') return kind === 'HANDICAP' ? `${away} ${signed(-line!)}` : away;
  if (selection === 'D') return t('sports.draw');
  if (selection === 'O') return t('sports.over', { line });
  if (selection === 'U') return t('sports.under', { line });
  if (selection === 'Y') return t('sports.yes');
  if (selection === 'N') return t('sports.no');
  if (selection === 'OTHER') return t('sports.otherScore');
  return selection;
}

/** The running clock: 67', Q3, inning 7, set 2, map 3. */
export function clockLabel(t: TFunction, sport: string, clock: { period: number; minute: number } | null): string {
  if (!clock) return t('sports.live');
  if (sport === 'football') return `${clock.minute}'`;
  if (sport === 'basketball') return t('sports.clock.quarter', { n: Math.min(clock.period, 4) });
  if (sport === 'baseball') return t('sports.clock.inning', { n: clock.period });
  if (sport === 'tennis') return t('sports.clock.set', { n: clock.period });
  return t('sports.clock.map', { n: clock.period });
}
