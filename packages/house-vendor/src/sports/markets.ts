import type { Sport } from './catalog.ts';
import {
  HALF_SHARE,
  type Period,
  type PlayState,
  type Score,
  type ScoreChance,
  scoreDistribution,
  type SportParams,
} from './score-model.ts';

/**
 * Markets, their settlement and their prices (decision 100). A selection is settled by one function
 * of the period's final score; its price is the same function summed over the model's score
 * distribution, so settlement and pricing can never disagree.
 */
export type MarketKind = 'RESULT' | 'MONEYLINE' | 'HANDICAP' | 'TOTAL' | 'BTTS' | 'CORRECT_SCORE';

export interface MarketSpec {
  /** `FT:RESULT`, `FT:HANDICAP:-0.75`, `H1:TOTAL:1.5` … stable for the whole match. */
  id: string;
  period: Period;
  kind: MarketKind;
  /** Handicap (the home side's; the away side takes its negative) or total line. */
  line: number | null;
  selections: readonly string[];
}

/** How a selection ended: quarter lines split the stake into two halves. */
export type LegOutcome = 'WIN' | 'HALF_WIN' | 'PUSH' | 'HALF_LOSE' | 'LOSE' | 'VOID';
export const LEG_OUTCOMES: readonly LegOutcome[] = ['WIN', 'HALF_WIN', 'PUSH', 'HALF_LOSE', 'LOSE', 'VOID'];

export function marketId(period: Period, kind: MarketKind, line: number | null): string {
  return line === null ? `${period}:${kind}` : `${period}:${kind}:${line}`;
}

export function parseMarketId(id: string): { period: Period; kind: MarketKind; line: number | null } | null {
  const m = /^(FT|H1):(RESULT|MONEYLINE|HANDICAP|TOTAL|BTTS|CORRECT_SCORE)(?::(-?\d+(?:\.\d+)?))?$/.exec(id);
  if (!m) return null;
  const line = m[3] === undefined ? null : Number(m[3]);
  const needsLine = m[2] === 'HANDICAP' || m[2] === 'TOTAL';
  if (needsLine !== (line !== null)) return null;
  if (line !== null && !Number.isInteger(line * 4)) return null;
  return { period: m[1] as Period, kind: m[2] as MarketKind, line };
}

/** Correct-score selections: every score up to `max` a side, and OTHER for anything else. */
function correctScores(max: number, target?: number): string[] {
  const out: string[] = [];
  if (target !== undefined) {
    for (let a = 0; a < target; a++) out.push(`${target}-${a}`);
    for (let h = target - 1; h >= 0; h--) out.push(`${h}-${target}`);
    return out;
  }
  for (let h = 0; h <= max; h++) for (let a = 0; a <= max; a++) out.push(`${h}-${a}`);
  out.push('OTHER');
  return out;
}

function selectionsOf(kind: MarketKind, sport: Sport, target?: number): string[] {
  switch (kind) {
    case 'RESULT':
      return ['H', 'D', 'A'];
    case 'MONEYLINE':
      return ['H', 'A'];
    case 'HANDICAP':
      return ['H', 'A'];
    case 'TOTAL':
      return ['O', 'U'];
    case 'BTTS':
      return ['Y', 'N'];
    case 'CORRECT_SCORE':
      return sport === 'football' ? correctScores(3) : correctScores(0, target);
  }
}

export function spec(sport: Sport, period: Period, kind: MarketKind, line: number | null, target?: number): MarketSpec {
  return { id: marketId(period, kind, line), period, kind, line, selections: selectionsOf(kind, sport, target) };
}

/** Splits a quarter line into its two half-stake lines; a whole or half line stays one. */
export function lineParts(line: number): number[] {
  return Number.isInteger(line * 2) ? [line] : [line - 0.25, line + 0.25];
}

function combine(parts: number[]): LegOutcome {
  const sign = parts.map((v) => Math.sign(v));
  if (sign.length === 1) return sign[0]! > 0 ? 'WIN' : sign[0]! < 0 ? 'LOSE' : 'PUSH';
  const sum = sign[0]! + sign[1]!;
  return sum === 2 ? 'WIN' : sum === 1 ? 'HALF_WIN' : sum === 0 ? 'PUSH' : sum === -1 ? 'HALF_LOSE' : 'LOSE';
}

/** The outcome of one selection against the period's final score. */
export function settleSelection(
  market: Pick<MarketSpec, 'kind' | 'line'>,
  selection: string,
  score: Score,
): LegOutcome {
  const { home, away } = score;
  switch (market.kind) {
    case 'RESULT':
      return (selection === 'H' ? home > away : selection === 'A' ? away > home : home === away) ? 'WIN' : 'LOSE';
    case 'MONEYLINE':
      if (home === away) return 'PUSH';
      return (selection === 'H') === home > away ? 'WIN' : 'LOSE';
    case 'HANDICAP': {
      const margin = selection === 'H' ? home - away : away - home;
      const line = selection === 'H' ? market.line! : -market.line!;
      return combine(lineParts(line).map((part) => margin + part));
    }
    case 'TOTAL': {
      const total = home + away;
      return combine(lineParts(market.line!).map((part) => (selection === 'O' ? total - part : part - total)));
    }
    case 'BTTS':
      return (home > 0 && away > 0) === (selection === 'Y') ? 'WIN' : 'LOSE';
    case 'CORRECT_SCORE':
      if (selection === 'OTHER') return home > 3 || away > 3 ? 'WIN' : 'LOSE';
      return selection === `${home}-${away}` ? 'WIN' : 'LOSE';
  }
}

/**
 * The distribution a market kind reads, collapsed: result, moneyline and handicap depend on the
 * margin only, totals on the sum only, so a basketball match's ten thousand scores become a few
 * hundred (as `{home: margin, away: 0}` or `{home: 0, away: −margin}`, or `{home: total, away: 0}`,
 * which settle exactly as the scores they stand for).
 */
export function collapse(kind: MarketKind, scores: readonly ScoreChance[]): readonly ScoreChance[] {
  if (kind === 'BTTS' || kind === 'CORRECT_SCORE') return scores;
  const by = new Map<number, number>();
  for (const s of scores) {
    const k = kind === 'TOTAL' ? s.home + s.away : s.home - s.away;
    by.set(k, (by.get(k) ?? 0) + s.p);
  }
  return [...by].map(([k, p]) => (k >= 0 ? { home: k, away: 0, p } : { home: 0, away: -k, p }));
}

/** The chance of each outcome of a selection under a score distribution. */
export function outcomeChances(market: MarketSpec, selection: string, scores: readonly ScoreChance[]) {
  const c = { WIN: 0, HALF_WIN: 0, PUSH: 0, HALF_LOSE: 0, LOSE: 0, VOID: 0 } satisfies Record<LegOutcome, number>;
  for (const s of scores) c[settleSelection(market, selection, s)] += s.p;
  return c;
}

/**
 * The fair implied probability: the q for which odds 1/q return the stake on average. With wins w,
 * half-wins hw, pushes p and half-losses hl: (w + hw/2)/q + hw/2 + p + hl/2 = 1. Null when the
 * selection can only push (nothing to price).
 */
export function fairProbability(chances: Record<LegOutcome, number>): number | null {
  const returned = chances.HALF_WIN / 2 + chances.PUSH + chances.VOID + chances.HALF_LOSE / 2;
  const denominator = 1 - returned;
  if (denominator <= 1e-12) return null;
  return (chances.WIN + chances.HALF_WIN / 2) / denominator;
}

export const MIN_ODDS_BP = 10_100;
export const MAX_ODDS_BP = 5_000_000;

export interface SelectionPrice {
  selection: string;
  /** Offered decimal odds in basis points (stake included), or null when not offered. */
  oddsBp: number | null;
  /** The model's fair probability (no margin); cash-out and exposure read it. */
  fair: number | null;
}

/**
 * Offered odds: fair odds divided by (1 + margin), floored to the cent, at most 500.00. A selection
 * whose offered odds would fall below 1.01 is not offered, so no offer is ever above its fair odds.
 */
export function offeredOddsBp(fair: number | null, margin: number): number | null {
  if (fair === null || fair <= 0) return null;
  const raw = 1 / (fair * (1 + margin));
  const cents = Math.floor(raw * 100 + 1e-9);
  const bp = Math.min(cents * 100, MAX_ODDS_BP);
  return bp < MIN_ODDS_BP ? null : bp;
}

export function priceMarket(market: MarketSpec, all: readonly ScoreChance[], margin: number): SelectionPrice[] {
  const scores = collapse(market.kind, all);
  return market.selections.map((selection) => {
    const fair = fairProbability(outcomeChances(market, selection, scores));
    return { selection, fair, oddsBp: offeredOddsBp(fair, margin) };
  });
}

/** Lines a side of `main` (quarter steps for football, half steps elsewhere). */
function ladder(main: number, step: number, each: number): number[] {
  const out: number[] = [];
  for (let i = -each; i <= each; i++) out.push(Math.round((main + i * step) * 4) / 4);
  return out;
}

/** The line nearest an even book: the quarter (or half) line where the home/over side is closest to ½. */
function mainLine(
  kind: 'HANDICAP' | 'TOTAL',
  sport: Sport,
  all: readonly ScoreChance[],
  step: number,
  guess: number,
): number {
  const scores = collapse(kind, all);
  let best = guess;
  let bestGap = Infinity;
  for (let k = -80; k <= 80; k++) {
    const line = Math.round((guess + k * step) * 4) / 4;
    if (kind === 'TOTAL' && line <= 0) continue;
    const q = fairProbability(outcomeChances(spec(sport, 'FT', kind, line), kind === 'TOTAL' ? 'O' : 'H', scores));
    if (q === null) continue;
    const gap = Math.abs(q - 0.5);
    if (gap < bestGap) {
      best = line;
      bestGap = gap;
    }
  }
  return best;
}

/**
 * The markets a match offers, fixed before it starts (lines do not move in play; their prices do).
 * Football: 1X2, Asian handicap and goal lines in quarter steps, both teams to score, correct score,
 * first-half 1X2 and goal line. Basketball and baseball: moneyline, handicap and totals in half
 * steps, first-half (first five innings) result and total. Tennis: match winner, set handicap, total
 * sets, set score. E-sports: match winner, map handicap, total maps.
 */
export function matchMarkets(sport: Sport, params: SportParams, pre: PlayState): MarketSpec[] {
  const ft = scoreDistribution(params, sport, pre, 'FT');
  if (params.kind === 'series') {
    const n = params.target;
    const handicaps = n === 2 ? [-1.5, 1.5] : [-2.5, -1.5, 1.5, 2.5];
    const totals = n === 2 ? [2.5] : [3.5, 4.5];
    const markets = [
      spec(sport, 'FT', 'MONEYLINE', null),
      ...handicaps.map((l) => spec(sport, 'FT', 'HANDICAP', l)),
      ...totals.map((l) => spec(sport, 'FT', 'TOTAL', l)),
    ];
    if (sport === 'tennis') markets.push(spec(sport, 'FT', 'CORRECT_SCORE', null, n));
    return markets;
  }
  const football = sport === 'football';
  const step = football ? 0.25 : 0.5;
  const meanTotal = ft.reduce((s, c) => s + c.p * (c.home + c.away), 0);
  const meanMargin = ft.reduce((s, c) => s + c.p * (c.home - c.away), 0);
  const hcp = mainLine('HANDICAP', sport, ft, step, Math.round(-meanMargin * 2) / 2);
  const tot = mainLine('TOTAL', sport, ft, step, Math.round(meanTotal * 2) / 2 + 0.5);
  const markets: MarketSpec[] = [
    spec(sport, 'FT', football ? 'RESULT' : 'MONEYLINE', null),
    ...ladder(hcp, step, 2).map((l) => spec(sport, 'FT', 'HANDICAP', l)),
    ...ladder(tot, step, 2).map((l) => spec(sport, 'FT', 'TOTAL', l)),
  ];
  if (football) markets.push(spec(sport, 'FT', 'BTTS', null), spec(sport, 'FT', 'CORRECT_SCORE', null));
  if (HALF_SHARE[sport] !== null) {
    const h1 = scoreDistribution(params, sport, pre, 'H1');
    const h1Mean = h1.reduce((s, c) => s + c.p * (c.home + c.away), 0);
    const h1Line = Math.floor(h1Mean) + 0.5;
    markets.push(
      spec(sport, 'H1', 'RESULT', null),
      ...(football ? [0.5, 1.5] : [h1Line - (sport === 'basketball' ? 5 : 1), h1Line]).map((l) =>
        spec(sport, 'H1', 'TOTAL', l),
      ),
    );
  }
  return markets;
}

/** Every market of a match priced from one state of play. */
export function priceMatch(
  sport: Sport,
  params: SportParams,
  markets: readonly MarketSpec[],
  state: PlayState,
  margin: number,
): Map<string, SelectionPrice[]> {
  const ft = scoreDistribution(params, sport, state, 'FT');
  const h1 = HALF_SHARE[sport] === null ? null : scoreDistribution(params, sport, state, 'H1');
  const out = new Map<string, SelectionPrice[]>();
  for (const m of markets) out.set(m.id, priceMarket(m, m.period === 'H1' ? h1! : ft, margin));
  return out;
}
