import { describe, expect, it } from 'vitest';
import { checkBet, maxBet, scaleBet } from './money.ts';

const limits = { minBet: '20', maxBet: '200000' };

describe('bet amounts', () => {
  it('checks the game limits and the balance', () => {
    expect(checkBet('0.00', limits)).toEqual({ ok: false, issue: 'min' });
    expect(checkBet('0.19', limits)).toEqual({ ok: false, issue: 'min' });
    expect(checkBet('2000.01', limits)).toEqual({ ok: false, issue: 'max' });
    expect(checkBet('5', limits, '499')).toEqual({ ok: false, issue: 'balance' });
    expect(checkBet('5', limits, '500')).toEqual({ ok: true, minor: '500' });
  });

  it('halves, doubles and maxes inside the limits', () => {
    expect(scaleBet('10', 'half', limits)).toBe('5');
    expect(scaleBet('0.3', 'half', limits)).toBe('0.2');
    expect(scaleBet('1500', 'double', limits)).toBe('2000');
    expect(scaleBet('nonsense', 'double', limits)).toBe('0.4');
    expect(maxBet(limits, '12345')).toBe('123.45');
    expect(maxBet(limits, '999999999')).toBe('2000');
    expect(maxBet(limits, '3')).toBe('0.2');
  });
});
