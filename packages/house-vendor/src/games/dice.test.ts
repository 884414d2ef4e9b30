import { describe, expect, it } from 'vitest';
import { createFairRng } from '../fairness/fair-rng.ts';
import { playDice, type DiceParams } from './dice.ts';

const serverSeed = '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae';
const roll = (nonce: number, params: DiceParams) =>
  playDice(createFairRng({ serverSeed, clientSeed: 'dice', nonce }), params);

describe('dice', () => {
  it('rolls 0.00–99.99 and wins "over" only above the target and "under" only below it', () => {
    for (let nonce = 0; nonce < 300; nonce++) {
      const over = roll(nonce, { bet: 100n, direction: 'over', targetHundredths: 4999 });
      expect(over.rollHundredths).toBeGreaterThanOrEqual(0);
      expect(over.rollHundredths).toBeLessThan(10_000);
      expect(over.won).toBe(over.rollHundredths > 4999);
      const under = roll(nonce, { bet: 100n, direction: 'under', targetHundredths: 4999 });
      expect(under.rollHundredths).toBe(over.rollHundredths);
      expect(under.won).toBe(under.rollHundredths < 4999);
    }
  });

  it('pays bet × 99 ÷ win chance on a win, floored to the minor unit, and nothing on a loss', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      // Under 33.33 wins on 3333 rolls: 1 000 × 9900 ÷ 3333 = 2970.297… → 2970.
      const outcome = roll(nonce, { bet: 1_000n, direction: 'under', targetHundredths: 3333 });
      expect(outcome.winningRolls).toBe(3333);
      expect(outcome.payout).toBe(outcome.won ? 2_970n : 0n);
    }
  });

  it.each([
    ['a target that leaves less than 1 % to win', { direction: 'under', targetHundredths: 99 }],
    ['a target that leaves more than 98 % to win', { direction: 'over', targetHundredths: 198 }],
    ['a target above 99.99', { direction: 'under', targetHundredths: 10_000 }],
    ['a fractional target', { direction: 'under', targetHundredths: 50.5 }],
    ['an unknown direction', { direction: 'sideways', targetHundredths: 5000 }],
  ])('refuses %s', (_, params) => {
    expect(() => roll(0, { bet: 100n, ...params } as DiceParams)).toThrow(
      expect.objectContaining({ code: 'INVALID_GAME_PARAMS' }),
    );
  });
});
