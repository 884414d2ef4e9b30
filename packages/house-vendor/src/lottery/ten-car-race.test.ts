import { describe, expect, it } from 'vitest';
import { createFairRng } from '../fairness/fair-rng.ts';
import { drawResult, findLotteryGame } from './lottery-games.ts';
import { RACE_TOP2_PAIRS, TEN_CAR_BET_TYPES } from './ten-car-race.ts';

const seed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const game = findLotteryGame('lotto-pk10-1m');
const type = (code: string) => TEN_CAR_BET_TYPES.find((t) => t.code === code)!;

describe('the ten-car race', () => {
  it('finishes each car once: the order is a shuffle of 1…10 from the documented stream', () => {
    for (let i = 0; i < 100; i++) {
      const id = `lotto-pk10-1m-20261124${String(1000 + i)}`;
      const order = drawResult(game, seed, id) as number[];
      expect([...order].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const rng = createFairRng({ serverSeed: seed, clientSeed: id, nonce: 0 });
      expect(order).toEqual(rng.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    }
  });

  it('returns 96–97 % on every sum of the first two cars, over all 90 first-and-second finishes', () => {
    const t = type('RACE_TOP2_SUM');
    for (const s of t.selections) {
      const wins = RACE_TOP2_PAIRS.filter(([a, b]) => a + b === Number(s)).length;
      const rtp = (wins * t.oddsBasisPoints(s)) / 90 / 10_000;
      expect(rtp, s).toBeGreaterThanOrEqual(0.96);
      expect(rtp, s).toBeLessThanOrEqual(0.97);
    }
  });

  it('pays positions, big/small, odd/even and dragon/tiger at 98 %, measured over 20 000 simulated races', () => {
    const races = Array.from({ length: 20_000 }, (_, i) => drawResult(game, seed, `sim-${i}`) as number[]);
    for (const code of ['RACE_POS', 'RACE_POS_BIG_SMALL', 'RACE_POS_ODD_EVEN', 'RACE_DRAGON_TIGER']) {
      const t = type(code);
      let staked = 0;
      let paid = 0;
      for (const r of races)
        for (const s of t.selections) {
          staked += 1;
          if (t.wins(r, s)) paid += t.oddsBasisPoints(s) / 10_000;
        }
      // Every selection of a type together covers each race evenly, so the measure is tight.
      expect(paid / staked, code).toBeCloseTo(0.98, 2);
    }
  }, 60_000);

  it('judges a race as the rules page says', () => {
    const r = [7, 3, 10, 1, 5, 6, 2, 9, 4, 8];
    expect(type('RACE_POS').wins(r, '1:7')).toBe(true);
    expect(type('RACE_POS_BIG_SMALL').wins(r, '3:BIG')).toBe(true);
    expect(type('RACE_POS_ODD_EVEN').wins(r, '2:ODD')).toBe(true);
    // Position 1 (car 7) against position 10 (car 8): tiger.
    expect(type('RACE_DRAGON_TIGER').wins(r, '1:TIGER')).toBe(true);
    expect(type('RACE_TOP2_SUM').wins(r, '10')).toBe(true);
  });
});
