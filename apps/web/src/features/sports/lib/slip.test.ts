import { describe, expect, it } from 'vitest';
import { parlayProblem, pickKey, reprice, slipReturn, togglePick, type SlipPick } from './slip.ts';

const pick = (fixtureId: string, selection = 'H', oddsBp = 20_000, marketId = 'FT:RESULT'): SlipPick => ({
  fixtureId,
  marketId,
  selection,
  oddsBp,
  label: selection,
  match: fixtureId,
});

describe('the bet slip', () => {
  it('adds a pick, takes it off on a second tap, and replaces another pick of the same market', () => {
    let slip = togglePick([], pick('a'));
    expect(slip).toHaveLength(1);
    slip = togglePick(slip, pick('a', 'D', 33_000));
    expect(slip.map((p) => p.selection)).toEqual(['D']);
    slip = togglePick(slip, pick('a', 'D', 33_000));
    expect(slip).toEqual([]);
  });

  it('allows a parlay of two to ten picks from different matches only', () => {
    expect(parlayProblem([pick('a')])).toBe('tooFew');
    expect(parlayProblem([pick('a'), pick('b')])).toBeNull();
    expect(parlayProblem([pick('a'), pick('a', 'O', 19_000, 'FT:TOTAL:2.5')])).toBe('sameMatch');
    expect(parlayProblem(Array.from({ length: 11 }, (_, i) => pick(`m${i}`)))).toBe('tooMany');
  });

  it('shows the potential return of singles and of a parlay', () => {
    const slip = [pick('a', 'H', 20_000), pick('b', 'A', 15_000)];
    expect(slipReturn(slip, 'single', 10_000n)).toEqual({ total: 20_000n, odds: null, potential: 35_000n });
    expect(slipReturn(slip, 'parlay', 10_000n)).toEqual({ total: 10_000n, odds: 30_000, potential: 30_000n });
  });

  it('takes the book’s latest prices and keeps the last one of a pick no longer offered', () => {
    const slip = [pick('a'), pick('b')];
    const latest = new Map([
      [pickKey(slip[0]!), 21_000],
      [pickKey(slip[1]!), null],
    ]);
    expect(reprice(slip, latest).map((p) => p.oddsBp)).toEqual([21_000, 20_000]);
  });
});
