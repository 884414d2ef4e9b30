import { LIMITS } from '@portal/contracts/limits.ts';
import { describe, expect, it } from 'vitest';
import { formatJackpot, jackpotDelayMs, jackpotStep } from './jackpot.ts';

describe('the jackpot counter', () => {
  it('grows by at least 100 and at most 500 on a tick', () => {
    expect(jackpotStep(() => 0)).toBe(100);
    expect(jackpotStep(() => 0.999999)).toBe(500);
    for (let i = 0; i < 1000; i += 1) {
      const step = jackpotStep(Math.random);
      expect(Number.isInteger(step)).toBe(true);
      expect(step).toBeGreaterThanOrEqual(LIMITS.jackpotStepMin);
      expect(step).toBeLessThanOrEqual(LIMITS.jackpotStepMax);
    }
  });

  it('ticks every 3, 4 or 5 seconds', () => {
    expect(jackpotDelayMs(() => 0)).toBe(3000);
    expect(jackpotDelayMs(() => 0.5)).toBe(4000);
    expect(jackpotDelayMs(() => 0.999999)).toBe(5000);
    const seen = new Set(Array.from({ length: 500 }, () => jackpotDelayMs(Math.random)));
    expect([...seen].sort()).toEqual([3000, 4000, 5000]);
  });

  it('starts at the fixed number of the spec and shows it grouped by thousands', () => {
    expect(LIMITS.jackpotStart).toBe(852197728806);
    expect(formatJackpot(LIMITS.jackpotStart)).toBe('852,197,728,806');
    expect(formatJackpot(999)).toBe('999');
  });
});
