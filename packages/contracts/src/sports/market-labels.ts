/**
 * A market's and a selection's words, the same on the player's book and the back office's screen
 * (decision 102). Each app passes its own `word` lookup of the sportsbook's texts (`market.RESULT`,
 * `draw`, `over`, …) with `{line}` / `{market}` values.
 */
export type SportsWord = (key: string, vars?: Record<string, string | number | null>) => string;

const ESPORTS = new Set(['moba', 'shooter', 'cards']);
export const signedLine = (line: number) => (line > 0 ? `+${line}` : String(line));

/** A market's title: "Asian handicap −0.75", "Total maps 2.5", "1st half — match result". */
export function marketTitle(word: SportsWord, sport: string, marketId: string): string {
  const [period, kind, raw] = marketId.split(':');
  const line = raw === undefined ? null : Number(raw);
  const unit = ESPORTS.has(sport) ? 'maps' : sport === 'tennis' ? 'sets' : 'points';
  const base =
    kind === 'HANDICAP'
      ? word(`market.HANDICAP_${unit}`, { line: signedLine(line!) })
      : kind === 'TOTAL'
        ? word(`market.TOTAL_${unit}`, { line })
        : word(`market.${kind}`);
  return period === 'H1'
    ? word(sport === 'baseball' ? 'market.firstFive' : 'market.firstHalf', { market: base })
    : base;
}

/** A selection's words: the side's name (with its line on a handicap), draw, over/under, yes/no, a score. */
export function selectionLabel(
  word: SportsWord,
  marketId: string,
  selection: string,
  home: string,
  away: string,
): string {
  const [, kind, raw] = marketId.split(':');
  const line = raw === undefined ? null : Number(raw);
  if (selection === 'H') return kind === 'HANDICAP' ? `${home} ${signedLine(line!)}` : home;
  if (selection === 'A') return kind === 'HANDICAP' ? `${away} ${signedLine(-line!)}` : away;
  if (selection === 'D') return word('draw');
  if (selection === 'O') return word('over', { line });
  if (selection === 'U') return word('under', { line });
  if (selection === 'Y') return word('yes');
  if (selection === 'N') return word('no');
  if (selection === 'OTHER') return word('otherScore');
  return selection;
}
