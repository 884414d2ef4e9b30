import { describe, expect, it } from 'vitest';
import { COMPETITIONS } from './catalog.ts';
import { ownFeed } from './feed.ts';
import { changeTimes, PLAY_MS, playMatch, stateAt, SUSPEND_AFTER_MS } from './match-engine.ts';
import { fixturesBetween, fixtureParams } from './schedule.ts';
import { sportParams } from './score-model.ts';

const SEED = 'a'.repeat(64);
const SEED2 = 'b'.repeat(64);
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 24, 18, 0);

describe('the schedule generator', () => {
  it('fills every competition for the next two days with the same fixtures on every call', () => {
    const a = fixturesBetween(T0, T0 + 2 * DAY);
    const b = fixturesBetween(T0, T0 + 2 * DAY);
    expect(a).toEqual(b);
    for (const c of COMPETITIONS) {
      const mine = a.filter((f) => f.competition === c.code);
      expect(mine).toHaveLength(((2 * DAY) / (c.slotMinutes * 60_000)) * c.perSlot);
    }
    expect(new Set(a.map((f) => f.id)).size).toBe(a.length);
  });

  it('gives a window the fixtures a wider window has in it (an idempotent top-up)', () => {
    const wide = fixturesBetween(T0, T0 + DAY).filter((f) => f.startsAt >= T0 + 3_600_000);
    expect(fixturesBetween(T0 + 3_600_000, T0 + DAY)).toEqual(wide);
  });

  it('never pairs a side with itself or plays a side twice in a slot', () => {
    for (const f of fixturesBetween(T0, T0 + DAY)) expect(f.home).not.toBe(f.away);
    const slots = new Map<string, string[]>();
    for (const f of fixturesBetween(T0, T0 + DAY)) {
      const key = `${f.competition}@${f.startsAt}`;
      slots.set(key, [...(slots.get(key) ?? []), f.home, f.away]);
    }
    for (const sides of slots.values()) expect(new Set(sides).size).toBe(sides.length);
  });
});

describe('the match engine', () => {
  const fixtures = fixturesBetween(T0, T0 + 4 * 3_600_000);

  it('plays the same match from the same seed and a different one from another', () => {
    const f = fixtures.find((x) => x.sport === 'football')!;
    const a = playMatch(f.sport, fixtureParams(f), f.id, SEED);
    expect(playMatch(f.sport, fixtureParams(f), f.id, SEED)).toEqual(a);
    const others = fixtures
      .filter((x) => x.sport === 'football')
      .map((x) => JSON.stringify(playMatch(x.sport, fixtureParams(x), x.id, SEED2).events));
    expect(new Set(others).size).toBeGreaterThan(1);
  });

  it('ends every sport with a winner where the sport has no draw, and the final score of its last event', () => {
    for (const f of fixtures) {
      const script = playMatch(f.sport, fixtureParams(f), f.id, SEED);
      expect(script.events.at(-1)!.type).toBe('FULL_TIME');
      expect(script.events.at(-1)!.score).toEqual(script.final);
      if (f.sport !== 'football') expect(script.final.home).not.toBe(script.final.away);
      if (['football', 'basketball', 'baseball'].includes(f.sport)) expect(script.half).not.toBeNull();
      const times = script.events.map((e) => e.atMs);
      expect([...times].sort((x, y) => x - y)).toEqual(times);
    }
  });

  it('scores about as often as the model prices (football goals over many matches)', () => {
    const params = sportParams('football', 0, 0);
    let goals = 0;
    const n = 400;
    for (let i = 0; i < n; i++) {
      const s = playMatch('football', params, `m${i}`, SEED);
      goals += s.final.home + s.final.away;
    }
    const expected = params.kind === 'poisson' ? params.home + params.away : 0;
    expect(goals / n).toBeGreaterThan(expected * 0.85);
    expect(goals / n).toBeLessThan(expected * 1.15);
  });

  it('folds events into a live state: before, during, suspended around a goal, and ended', () => {
    const f = fixtures.find((x) => x.sport === 'football')!;
    let script = playMatch(f.sport, fixtureParams(f), f.id, SEED);
    for (let i = 0; !script.events.some((e) => e.type === 'GOAL'); i++)
      script = playMatch(f.sport, fixtureParams(f), `${f.id}-${i}`, SEED);
    expect(stateAt('football', script, -1).phase).toBe('PRE');
    const goal = script.events.find((e) => e.type === 'GOAL')!;
    const at = stateAt('football', script, goal.atMs);
    expect(at.phase).toBe('LIVE');
    expect(at.suspended).toBe(true);
    expect(at.score).toEqual(goal.score);
    expect(at.progress).toBeCloseTo(goal.atMs / PLAY_MS.football, 6);
    expect(stateAt('football', script, goal.atMs - 1).score).not.toEqual(goal.score);
    const end = stateAt('football', script, script.durationMs + SUSPEND_AFTER_MS);
    expect(end.phase).toBe('ENDED');
    expect(end.suspended).toBe(false);
    expect(end.score).toEqual(script.final);
    expect(end.half).toEqual(script.half);
    expect(changeTimes(script)).toContain(goal.atMs + SUSPEND_AFTER_MS);
  });
});

describe('the own feed', () => {
  it('serves the schedule and the state of play a real provider would', async () => {
    const feed = ownFeed(async () => SEED);
    const [f] = await feed.fixtures(T0, T0 + 3_600_000);
    expect((await feed.state(f!, f!.startsAt - 1)).phase).toBe('PRE');
    const script = await feed.script(f!);
    expect((await feed.state(f!, f!.startsAt + script.durationMs)).phase).toBe('ENDED');
  });
});
