import { describe, expect, it } from 'vitest';
import { createFairRng } from '../fairness/fair-rng.ts';
import { limboResultHundredths, playLimbo } from './limbo.ts';

const serverSeed = 'fcde2b2edba56bf408601fb721fe9b5c338d10ee429ea04fae5511b68fbf8fb9';

describe('limbo', () => {
  it('turns the round float u into max(1.00, 0.99 ÷ (1 − u)) floored to the hundredth', () => {
    expect(limboResultHundredths(0)).toBe(100);
    expect(limboResultHundredths(2 ** 31)).toBe(198);
    expect(limboResultHundredths(2 ** 32 - 1)).toBe(99 * 2 ** 32);
    for (let uint32 = 1; uint32 < 2 ** 32; uint32 += 9_999_991) {
      const expected = Math.max(100, Math.floor(99 / (1 - uint32 / 2 ** 32)));
      // The float formula can differ only where it lands a hair off a whole hundredth.
      expect(Math.abs(limboResultHundredths(uint32) - expected)).toBeLessThanOrEqual(1);
    }
  });

  it('pays bet × target when the result reaches the target, and nothing below it', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const outcome = playLimbo(createFairRng({ serverSeed, clientSeed: 'limbo', nonce }), {
        bet: 333n,
        targetHundredths: 150,
      });
      expect(outcome.won).toBe(outcome.resultHundredths >= 150);
      expect(outcome.payout).toBe(outcome.won ? 499n : 0n);
    }
  });

  it.each([
    ['a target of 1.00', 100],
    ['a target above 10 000×', 1_000_001],
    ['a fractional target', 150.5],
  ])('refuses %s', (_, targetHundredths) => {
    expect(() =>
      playLimbo(createFairRng({ serverSeed, clientSeed: 'limbo', nonce: 0 }), { bet: 100n, targetHundredths }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_GAME_PARAMS' }));
  });
});
