import type { Sport } from './catalog.ts';

/**
 * The strength model (decision 100): from two ratings and the state of play, the probability of
 * every final score of a period. Every market's price and every settlement read the same scores,
 * so the odds of one match are coherent across markets, before and during play. The match engine
 * (match-engine.ts) plays matches from the same rates, so the model is the truth of our own feed.
 */
export interface Score {
  home: number;
  away: number;
}

/** Full time, or the first half (football and basketball: half time; baseball: first five innings). */
export type Period = 'FT' | 'H1';

export interface PlayState {
  score: Score;
  /** The first period's score once it is over (null while it is being played). */
  half: Score | null;
  /** Share of regulation played, 0 before the start, 1 at the end. */
  progress: number;
}

export const PRE_MATCH: PlayState = Object.freeze({ score: { home: 0, away: 0 }, half: null, progress: 0 });

export interface ScoreChance {
  home: number;
  away: number;
  p: number;
}

interface PoissonParams {
  kind: 'poisson';
  home: number;
  away: number;
  maxExtra: number;
}
interface NormalParams {
  kind: 'normal';
  home: number;
  away: number;
  sd: number;
}
interface SeriesParams {
  kind: 'series';
  /** Chance the home side wins one set or map. */
  p: number;
  /** Sets or maps needed to win. */
  target: number;
}
export type SportParams = PoissonParams | NormalParams | SeriesParams;

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/** The share of regulation the first period takes (the match engine plays it the same way). */
export const HALF_SHARE: Readonly<Record<Sport, number | null>> = {
  football: 0.5,
  basketball: 0.5,
  baseball: 5 / 9,
  tennis: null,
  moba: null,
  shooter: null,
  cards: null,
};

/** Each sport's scoring rates from the two ratings (home advantage where a venue exists). */
export function sportParams(sport: Sport, homeRating: number, awayRating: number): SportParams {
  const d = homeRating - awayRating;
  switch (sport) {
    case 'football':
      return { kind: 'poisson', home: 1.3 * Math.exp(0.12 + 0.45 * d), away: 1.3 * Math.exp(-0.45 * d), maxExtra: 10 };
    case 'baseball':
      return { kind: 'poisson', home: 4.4 * Math.exp(0.04 + 0.2 * d), away: 4.4 * Math.exp(-0.2 * d), maxExtra: 22 };
    case 'basketball':
      return { kind: 'normal', home: 110 + 2.5 + 6 * d, away: 110 - 6 * d, sd: 10 };
    case 'tennis':
      return { kind: 'series', p: logistic(1.0 * d), target: 2 };
    case 'moba':
    case 'shooter':
      return { kind: 'series', p: logistic(0.9 * d), target: 2 };
    case 'cards':
      return { kind: 'series', p: logistic(0.7 * d), target: 3 };
  }
}

function poissonPmf(lambda: number, max: number): number[] {
  const out: number[] = [];
  let term = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(term);
    term = (term * lambda) / (k + 1);
  }
  return out;
}

/** Abramowitz–Stegun 7.1.26 (|error| < 1.5e-7), enough for prices rounded to the cent. */
function erf(x: number): number {
  const s = Math.sign(x);
  const a = Math.abs(x);
  const k = 1 / (1 + 0.3275911 * a);
  const y =
    1 -
    ((((1.061405429 * k - 1.453152027) * k + 1.421413741) * k - 0.284496736) * k + 0.254829592) * k * Math.exp(-a * a);
  return s * y;
}
const normalCdf = (x: number, mean: number, sd: number): number => 0.5 * (1 + erf((x - mean) / (sd * Math.SQRT2)));

/** Points still to come for one side: a normal rounded to whole points, cut at ±6 standard deviations. */
function normalPmf(mean: number, sd: number): { from: number; p: number[] } {
  if (mean <= 0 || sd <= 0) return { from: 0, p: [1] };
  const from = Math.max(0, Math.floor(mean - 6 * sd));
  const to = Math.ceil(mean + 6 * sd);
  const p: number[] = [];
  for (let x = from; x <= to; x++) p.push(normalCdf(x + 0.5, mean, sd) - normalCdf(x - 0.5, mean, sd));
  return { from, p };
}

function product(base: Score, home: { from: number; p: number[] }, away: { from: number; p: number[] }): ScoreChance[] {
  const out: ScoreChance[] = [];
  for (let i = 0; i < home.p.length; i++)
    for (let j = 0; j < away.p.length; j++) {
      const p = home.p[i]! * away.p[j]!;
      if (p > 0) out.push({ home: base.home + home.from + i, away: base.away + away.from + j, p });
    }
  return out;
}

function normalize(chances: ScoreChance[]): ScoreChance[] {
  const total = chances.reduce((s, c) => s + c.p, 0);
  return chances.map((c) => ({ ...c, p: c.p / total }));
}

/** Regulation ties go to extra time (basketball: five points, baseball: one run), won in proportion to the rates. */
function settleTies(chances: ScoreChance[], homeShare: number, step: number): ScoreChance[] {
  const byKey = new Map<string, ScoreChance>();
  const add = (home: number, away: number, p: number) => {
    const key = `${home}-${away}`;
    const found = byKey.get(key);
    if (found) found.p += p;
    else byKey.set(key, { home, away, p });
  };
  for (const c of chances) {
    if (c.home !== c.away) add(c.home, c.away, c.p);
    else {
      add(c.home + step, c.away, c.p * homeShare);
      add(c.home, c.away + step, c.p * (1 - homeShare));
    }
  }
  return [...byKey.values()];
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Final set or map scores of a best-of series from the current one. */
function seriesScores(score: Score, p: number, target: number): ScoreChance[] {
  if (score.home >= target || score.away >= target) return [{ ...score, p: 1 }];
  const out: ScoreChance[] = [];
  const needHome = target - score.home;
  const needAway = target - score.away;
  for (let lost = 0; lost < needAway; lost++)
    out.push({
      home: target,
      away: score.away + lost,
      p: binomial(needHome - 1 + lost, lost) * p ** needHome * (1 - p) ** lost,
    });
  for (let lost = 0; lost < needHome; lost++)
    out.push({
      home: score.home + lost,
      away: target,
      p: binomial(needAway - 1 + lost, lost) * (1 - p) ** needAway * p ** lost,
    });
  return out;
}

/**
 * The chance of every final score of `period` from `state`. The first period's distribution is
 * its known score once it is over. Sums to 1 (the tails beyond the cut are spread by normalizing).
 */
export function scoreDistribution(params: SportParams, sport: Sport, state: PlayState, period: Period): ScoreChance[] {
  const halfShare = HALF_SHARE[sport];
  if (period === 'H1') {
    if (halfShare === null) throw new Error(`${sport} has no first period`);
    if (state.half) return [{ ...state.half, p: 1 }];
  }
  const until = period === 'H1' ? halfShare! : 1;
  const remaining = Math.max(0, until - state.progress);
  if (params.kind === 'series') return seriesScores(state.score, params.p, params.target);
  if (remaining === 0 && period === 'H1') return [{ ...state.score, p: 1 }];
  let chances: ScoreChance[];
  if (params.kind === 'poisson') {
    chances = product(
      state.score,
      { from: 0, p: poissonPmf(params.home * remaining, params.maxExtra) },
      { from: 0, p: poissonPmf(params.away * remaining, params.maxExtra) },
    );
  } else {
    const sd = params.sd * Math.sqrt(remaining);
    chances = product(state.score, normalPmf(params.home * remaining, sd), normalPmf(params.away * remaining, sd));
  }
  chances = normalize(chances);
  if (period === 'FT' && params.kind === 'poisson' && sport === 'baseball')
    chances = settleTies(chances, params.home / (params.home + params.away), 1);
  if (period === 'FT' && params.kind === 'normal')
    chances = settleTies(chances, params.home / (params.home + params.away), 5);
  return chances;
}
