import { diceMultiplier } from '@portal/house-vendor/games/dice.ts';
import { limboWinProbability } from '@portal/house-vendor/games/limbo.ts';
import { minesMultiplier } from '@portal/house-vendor/games/mines.ts';
import { describe, expect, it } from 'vitest';
import {
  formatChance,
  formatMultiplier,
  hundredthsToMultiplier,
  parseMultiplierHundredths,
  roundMultiplier,
} from './multiplier.ts';

describe('multiplier display', () => {
  it('shows the engine multipliers floored, never above what pays', () => {
    expect(formatMultiplier(diceMultiplier(5000))).toBe('1.98×');
    expect(formatMultiplier(diceMultiplier(100))).toBe('99.00×');
    expect(formatMultiplier(diceMultiplier(7))).toBe('1,414.2857×');
    expect(formatMultiplier(minesMultiplier(3, 1), 2)).toBe('1.12×');
    expect(formatMultiplier(minesMultiplier(24, 1), 2)).toBe('24.75×');
  });

  it('shows chances as percentages', () => {
    expect(formatChance({ numerator: 4950n, denominator: 10_000n }, 2)).toBe('49.50%');
    expect(formatChance(limboWinProbability(200))).toBe('49.50%');
  });

  it('reads a typed target multiplier as whole hundredths', () => {
    expect(parseMultiplierHundredths('2')).toBe(200);
    expect(parseMultiplierHundredths('1.01')).toBe(101);
    expect(parseMultiplierHundredths('10.5')).toBe(1050);
    expect(parseMultiplierHundredths('1.001')).toBeNull();
    expect(parseMultiplierHundredths('abc')).toBeNull();
    expect(hundredthsToMultiplier(235)).toBe('2.35×');
  });

  it('gives a round multiplier from its bet and payout', () => {
    expect(roundMultiplier('1000', '1980')).toBe('1.98×');
    expect(roundMultiplier('1000', '0')).toBe('0.00×');
    expect(roundMultiplier('0', '0')).toBe('—');
  });
});
