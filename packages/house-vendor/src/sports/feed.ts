import type { Fixture } from './schedule.ts';
import { fixturesBetween, fixtureParams } from './schedule.ts';
import { type LiveState, type MatchScript, playMatch, stateAt } from './match-engine.ts';

/**
 * What the sportsbook needs from a data provider (decision 100). Our own feed fills it from the
 * schedule generator and the match engine; a real provider would fill it from its fixtures list and
 * its live scores (the book prices from its own model either way, so only fixtures, states and
 * results cross this line).
 */
export interface SportsFeed {
  /** Fixtures starting in [fromMs, toMs). */
  fixtures(fromMs: number, toMs: number): Promise<Fixture[]>;
  /** The state of play at `atMs` (phase PRE before kick-off; ENDED with the final score after). */
  state(fixture: Fixture, atMs: number): Promise<LiveState>;
}

/**
 * The vendor's own feed: fixtures from the schedule, play from the match engine with each fixture's
 * secret seed (kept by the vendor, never shown before the match ends).
 */
export function ownFeed(seedOf: (fixture: Fixture) => Promise<string>): SportsFeed & {
  script(fixture: Fixture): Promise<MatchScript>;
} {
  const scripts = new Map<string, MatchScript>();
  const script = async (f: Fixture) => {
    let s = scripts.get(f.id);
    if (!s) {
      s = playMatch(f.sport, fixtureParams(f), f.id, await seedOf(f));
      if (scripts.size > 5_000) scripts.clear();
      scripts.set(f.id, s);
    }
    return s;
  };
  return {
    script,
    async fixtures(fromMs, toMs) {
      return fixturesBetween(fromMs, toMs);
    },
    async state(f, atMs) {
      return stateAt(f.sport, await script(f), atMs - f.startsAt);
    },
  };
}
