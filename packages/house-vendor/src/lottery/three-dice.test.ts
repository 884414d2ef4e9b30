import { describe, expect, it } from 'vitest';
import { drawResult, findLotteryGame, priceTicket, settleTicket } from './lottery-games.ts';
import { drawNumbers } from './lottery-result.ts';
import { ALL_THREE_DICE_RESULTS, THREE_DICE_BET_TYPES } from './three-dice.ts';

const seed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const game = findLotteryGame('lotto-k3-1m');

describe('the three-dice fast draw', () => {
  it('draws three dice 1–6 from the documented stream: each die is a number below 6 plus one', () => {
    for (let i = 0; i < 100; i++) {
      const id = `lotto-k3-1m-20261124${String(1000 + i)}`;
      const dice = drawResult(game, seed, id) as number[];
      expect(dice).toEqual(drawNumbers(seed, id, { count: 3, range: 6 }).map((n) => n + 1));
      for (const d of dice) expect(d >= 1 && d <= 6).toBe(true);
    }
  });

  it('returns 96 % to 97 % of stakes on every selection, over all 216 results', () => {
    for (const type of THREE_DICE_BET_TYPES) {
      for (const selection of type.selections) {
        const wins = ALL_THREE_DICE_RESULTS.filter((r) => type.wins(r, selection)).length;
        const rtp = (wins * type.oddsBasisPoints(selection)) / 216 / 10_000;
        expect(rtp, `${type.code} ${selection}`).toBeGreaterThanOrEqual(0.96);
        expect(rtp, `${type.code} ${selection}`).toBeLessThanOrEqual(0.97);
      }
    }
  });

  it('loses big/small and odd/even on a triple, and pays a pair also on a triple', () => {
    const pay = (betType: string, selection: string, dice: number[]) =>
      settleTicket(game, dice, {
        betType,
        selection,
        stake: 10_000n,
        oddsBasisPoints: priceTicket(game, betType, selection),
      });
    expect(pay('K3_BIG_SMALL', 'BIG', [6, 6, 6])).toBe(0n);
    expect(pay('K3_BIG_SMALL', 'BIG', [6, 5, 6])).toBe(19_900n);
    expect(pay('K3_ODD_EVEN', 'ODD', [1, 1, 1])).toBe(0n);
    expect(pay('K3_PAIR', '4', [4, 4, 4])).toBeGreaterThan(0n);
    expect(pay('K3_SUM', '10', [3, 3, 4])).toBe((10_000n * BigInt(priceTicket(game, 'K3_SUM', '10'))) / 10_000n);
    expect(pay('K3_ANY_TRIPLE', 'ANY', [2, 2, 3])).toBe(0n);
  });
});
