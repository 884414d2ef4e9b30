import { describe, expect, it } from 'vitest';
import { checkBet, formatMinor, maxBet, minorToInput, parseAmountToMinor, scaleBet } from './money.ts';

const limits = { minBet: '20', maxBet: '200000' };

describe('bet amounts', () => {
  it('turns what the player typed into minor units without a float', () => {
    expect(parseAmountToMinor('10')).toEqual({ ok: true, minor: '1000' });
    expect(parseAmountToMinor('0.1')).toEqual({ ok: true, minor: '10' });
    expect(parseAmountToMinor('1,234.56')).toEqual({ ok: true, minor: '123456' });
    expect(parseAmountToMinor('0.29')).toEqual({ ok: true, minor: '29' });
    expect(parseAmountToMinor('99999999999999.99')).toEqual({ ok: true, minor: '9999999999999999' });
  });

  it('refuses what is not an amount', () => {
    expect(parseAmountToMinor('')).toEqual({ ok: false, issue: 'required' });
    expect(parseAmountToMinor('1e3')).toEqual({ ok: false, issue: 'format' });
    expect(parseAmountToMinor('-5')).toEqual({ ok: false, issue: 'format' });
    expect(parseAmountToMinor('1.234')).toEqual({ ok: false, issue: 'decimals' });
    expect(parseAmountToMinor('0.00')).toEqual({ ok: false, issue: 'min' });
  });

  it('checks the game limits and the balance', () => {
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

  it('shows minor units with 2 decimals and thousands commas', () => {
    expect(formatMinor('123456789')).toBe('1,234,567.89');
    expect(formatMinor(5n)).toBe('0.05');
    expect(formatMinor('-100')).toBe('-1.00');
    expect(minorToInput('10050')).toBe('100.5');
  });
});
