import { FairRng } from '../fairness/fair-rng.ts';
import type { Sport } from './catalog.ts';
import { HALF_SHARE, type PlayState, type Score, type SportParams } from './score-model.ts';

/**
 * The match engine (decision 100): plays a match from the same rates the model prices with, in
 * accelerated real time. The whole match follows from (secret seed, fixture id), so every instance
 * of the vendor sees the same goals at the same instants, and the state at any time is a fold of the
 * events before it. A real feed would send the same events as they happen.
 */
export type EventType =
  | 'KICK_OFF'
  | 'GOAL'
  | 'YELLOW_CARD'
  | 'RED_CARD'
  | 'DANGER'
  | 'POINTS'
  | 'RUNS'
  | 'SET'
  | 'MAP'
  | 'HALF_TIME'
  | 'OVERTIME'
  | 'FULL_TIME';

export interface MatchEvent {
  /** Real milliseconds after the start. */
  atMs: number;
  type: EventType;
  side: 'home' | 'away' | null;
  /** Regulation played at the event, 0…1. */
  progress: number;
  /** The score after the event. */
  score: Score;
  /** Period number (half, quarter, inning, set, map) and minute within the match for the clock. */
  period: number;
  minute: number;
  /** Free detail: a set's games (6-4), a map's rounds (13-9), a quarter's points. */
  detail?: string;
}

export interface MatchScript {
  events: MatchEvent[];
  durationMs: number;
  final: Score;
  half: Score | null;
}

/** Real time a match takes to play (accelerated): a football match is ten minutes long. */
export const PLAY_MS: Readonly<Record<Sport, number>> = {
  football: 600_000,
  basketball: 480_000,
  tennis: 360_000,
  baseball: 540_000,
  moba: 360_000,
  shooter: 360_000,
  cards: 300_000,
};

/** Markets close this long before a scoring event and reopen this long after it. */
export const SUSPEND_BEFORE_MS = 3_000;
export const SUSPEND_AFTER_MS = 5_000;
const SUSPENDING: ReadonlySet<EventType> = new Set(['GOAL', 'RED_CARD', 'DANGER', 'RUNS', 'SET', 'MAP', 'OVERTIME']);

/** Poisson draw by inversion (small means only). */
function poisson(rng: FairRng, mean: number): number {
  let k = 0;
  let p = Math.exp(-mean);
  let cdf = p;
  const u = rng.nextFloat();
  while (u > cdf && k < 50) {
    k++;
    p = (p * mean) / k;
    cdf += p;
  }
  return k;
}

/** Standard normal by Box–Muller. */
function gaussian(rng: FairRng): number {
  const u = Math.max(rng.nextFloat(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.nextFloat());
}

export function playMatch(sport: Sport, params: SportParams, fixtureId: string, seed: string): MatchScript {
  const rng = new FairRng({ serverSeed: seed, clientSeed: fixtureId, nonce: 0 });
  const playMs = PLAY_MS[sport];
  const events: MatchEvent[] = [];
  const score = { home: 0, away: 0 };
  let half: Score | null = null;
  const push = (e: Omit<MatchEvent, 'score' | 'atMs'> & { atMs?: number }) =>
    events.push({ ...e, atMs: Math.round(e.atMs ?? e.progress * playMs), score: { ...score } });
  push({ type: 'KICK_OFF', side: null, progress: 0, period: 1, minute: 0 });
  if (params.kind === 'poisson' && sport === 'football') {
    const steps = 360;
    for (let s = 1; s <= steps; s++) {
      const progress = s / steps;
      const minute = Math.ceil(progress * 90);
      const period = progress <= 0.5 ? 1 : 2;
      for (const side of ['home', 'away'] as const) {
        const rate = side === 'home' ? params.home : params.away;
        const u = rng.nextFloat();
        if (u < rate / steps) {
          score[side]++;
          push({ type: 'GOAL', side, progress, period, minute });
        } else if (u < rate / steps + 0.012) push({ type: 'DANGER', side, progress, period, minute });
        else if (u < rate / steps + 0.012 + 0.008) push({ type: 'YELLOW_CARD', side, progress, period, minute });
        else if (u < rate / steps + 0.012 + 0.008 + 0.0004) push({ type: 'RED_CARD', side, progress, period, minute });
      }
      if (s === steps / 2) {
        half = { ...score };
        push({ type: 'HALF_TIME', side: null, progress, period: 1, minute: 45 });
      }
    }
  } else if (params.kind === 'poisson') {
    // Baseball: nine innings, each side's runs per inning a Poisson of a ninth of its rate.
    for (let inning = 1; inning <= 9; inning++) {
      for (const side of ['away', 'home'] as const) {
        const runs = poisson(rng, (side === 'home' ? params.home : params.away) / 9);
        const progress = (inning - (side === 'away' ? 0.5 : 0)) / 9;
        if (runs > 0) {
          score[side] += runs;
          push({ type: 'RUNS', side, progress, period: inning, minute: inning, detail: String(runs) });
        }
      }
      if (inning === 5) {
        half = { ...score };
        push({ type: 'HALF_TIME', side: null, progress: 5 / 9, period: 5, minute: 5 });
      }
    }
    if (score.home === score.away) {
      const side = rng.nextFloat() < params.home / (params.home + params.away) ? 'home' : 'away';
      score[side] += 1;
      push({ type: 'OVERTIME', side, progress: 1, atMs: playMs + 20_000, period: 10, minute: 10, detail: '1' });
    }
  } else if (params.kind === 'normal') {
    // Basketball: 48 minutes, each side's points per minute a rounded normal.
    const sd = params.sd / Math.sqrt(48);
    for (let minute = 1; minute <= 48; minute++) {
      const progress = minute / 48;
      const period = Math.ceil(minute / 12);
      for (const side of ['home', 'away'] as const) {
        const mean = (side === 'home' ? params.home : params.away) / 48;
        const points = Math.max(0, Math.round(mean + sd * gaussian(rng)));
        if (points > 0) {
          score[side] += points;
          push({ type: 'POINTS', side, progress, period, minute, detail: String(points) });
        }
      }
      if (minute === 24) {
        half = { ...score };
        push({ type: 'HALF_TIME', side: null, progress, period: 2, minute });
      }
    }
    if (score.home === score.away) {
      const side = rng.nextFloat() < params.home / (params.home + params.away) ? 'home' : 'away';
      score[side] += 5;
      push({ type: 'OVERTIME', side, progress: 1, atMs: playMs + 20_000, period: 5, minute: 53, detail: '5' });
    }
  } else {
    // Sets and maps: each won by the home side with chance p, until one side has `target`.
    const maxMaps = params.target * 2 - 1;
    let n = 0;
    while (score.home < params.target && score.away < params.target) {
      n++;
      const side = rng.nextFloat() < params.p ? 'home' : 'away';
      score[side]++;
      const loser = rng.nextInt(sport === 'tennis' ? 5 : sport === 'shooter' ? 12 : 3);
      const detail = sport === 'tennis' ? `6-${loser}` : sport === 'shooter' ? `13-${loser}` : undefined;
      // A danger moment in the middle of each set or map keeps the book honest about momentum.
      push({ type: 'DANGER', side, progress: (n - 0.5) / maxMaps, period: n, minute: n });
      push({
        type: sport === 'tennis' ? 'SET' : 'MAP',
        side,
        progress: n / maxMaps,
        period: n,
        minute: n,
        ...(detail ? { detail } : {}),
      });
    }
  }
  const durationMs = Math.max(playMs, ...events.map((e) => e.atMs)) + 1_000;
  events.push({
    atMs: durationMs,
    type: 'FULL_TIME',
    side: null,
    progress: 1,
    score: { ...score },
    period: events.at(-1)!.period,
    minute: events.at(-1)!.minute,
  });
  return { events, durationMs, final: { ...score }, half };
}

export type MatchPhase = 'PRE' | 'LIVE' | 'ENDED';

export interface LiveState extends PlayState {
  phase: MatchPhase;
  /** Markets are closed around scoring events (and danger moments). */
  suspended: boolean;
  /** The last event so far (its period and minute make the clock). */
  last: MatchEvent | null;
  /** How many events have happened: the state's version. */
  seen: number;
}

/** The state of play `elapsedMs` after the start: a fold of the events up to then. */
export function stateAt(sport: Sport, script: MatchScript, elapsedMs: number): LiveState {
  if (elapsedMs < 0)
    return {
      phase: 'PRE',
      score: { home: 0, away: 0 },
      half: null,
      progress: 0,
      suspended: false,
      last: null,
      seen: 0,
    };
  let seen = 0;
  let half: Score | null = null;
  for (const e of script.events) {
    if (e.atMs > elapsedMs) break;
    seen++;
    if (e.type === 'HALF_TIME') half = e.score;
  }
  const last = seen > 0 ? script.events[seen - 1]! : null;
  const ended = last?.type === 'FULL_TIME';
  const score = last ? { ...last.score } : { home: 0, away: 0 };
  const progress = ended ? 1 : Math.min(1, elapsedMs / PLAY_MS[sport]);
  const suspended =
    !ended &&
    script.events.some(
      (e) => SUSPENDING.has(e.type) && elapsedMs >= e.atMs - SUSPEND_BEFORE_MS && elapsedMs < e.atMs + SUSPEND_AFTER_MS,
    );
  const halfShare = HALF_SHARE[sport];
  const halfOver = halfShare !== null && (half !== null || ended);
  return {
    phase: ended ? 'ENDED' : 'LIVE',
    score,
    half: halfOver ? (half ?? script.half) : null,
    progress: PLAY_MS_SERIES.has(sport) ? 0 : progress,
    suspended,
    last,
    seen,
  };
}

/** Sets and maps are priced from the score alone; the clock inside a set does not move the odds. */
const PLAY_MS_SERIES: ReadonlySet<Sport> = new Set(['tennis', 'moba', 'shooter', 'cards']);

/** The instants the state changes (event times and suspension edges), for the in-play repricer. */
export function changeTimes(script: MatchScript): number[] {
  const times = new Set<number>();
  for (const e of script.events) {
    times.add(e.atMs);
    if (SUSPENDING.has(e.type)) {
      times.add(Math.max(0, e.atMs - SUSPEND_BEFORE_MS));
      times.add(e.atMs + SUSPEND_AFTER_MS);
    }
  }
  return [...times].sort((a, b) => a - b);
}
