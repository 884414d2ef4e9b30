import { AURORA_GEMS } from '@portal/house-vendor/games/slot/aurora-gems.ts';
import { evaluateSpin } from '@portal/house-vendor/games/slot/slot-engine.ts';
import { describe, expect, it } from 'vitest';
import { toPlainJson } from './verify.ts';
import { cellKey, paylinePoints, spinsOf, winningCells, type SpinView } from './paylines.ts';

const window = (rows: string[]) => [0, 1, 2, 3, 4].map((reel) => rows.map((row) => row[reel]!));

describe('winning paylines on the board', () => {
  it('lights the first `count` reels of each winning line', () => {
    const spin = {
      window: window(['HHHHH', 'AAAGB', 'CDEFG']),
      lineWins: [{ line: 0, symbol: 'A', count: 3, lineBets: 50 }],
      scatterCount: 0,
      scatterTotalBets: 0,
    };
    expect([...winningCells(spin, 'S')].sort()).toEqual([cellKey(0, 1), cellKey(1, 1), cellKey(2, 1)]);
  });

  it('follows a V-shaped line and lights paying scatters anywhere', () => {
    const spin = {
      window: window(['SHHHS', 'HHSHH', 'HHHHH']),
      lineWins: [{ line: 3, symbol: 'H', count: 2, lineBets: 0 }],
      scatterCount: 3,
      scatterTotalBets: 2,
    };
    // Line 3 is [0, 1, 2, 1, 0]: reel 0 row 0, reel 1 row 1.
    expect([...winningCells(spin, 'S')].sort()).toEqual(
      [cellKey(0, 0), cellKey(1, 1), cellKey(2, 1), cellKey(4, 0)].sort(),
    );
  });

  it('agrees with the engine on a real evaluated spin', () => {
    const spin = toPlainJson(evaluateSpin(AURORA_GEMS, [0, 0, 0, 0, 0], 2000n, 'base')) as SpinView;
    const cells = winningCells(spin, 'S');
    const expected = spin.lineWins.reduce((n, w) => n + w.count, 0);
    expect(cells.size).toBeLessThanOrEqual(expected + spin.scatterCount);
    for (const key of cells) expect(key).toMatch(/^[0-4]:[0-2]$/);
  });

  it('draws a line through the middle of its cells', () => {
    expect(paylinePoints(0)).toBe('10,50 30,50 50,50 70,50 90,50');
    expect(paylinePoints(99)).toBe('');
  });

  it('reads the spins of a recorded outcome and nothing from junk', () => {
    expect(spinsOf({ spins: [{ kind: 'base' }] })).toHaveLength(1);
    expect(spinsOf(null)).toEqual([]);
    expect(spinsOf({ spins: 'x' })).toEqual([]);
  });
});
