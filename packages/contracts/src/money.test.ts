import { describe, expect, it } from 'vitest';
import { MAX_MINOR_AMOUNT } from './limits.ts';
import { checkAmount, formatMinor, formatMoney, minorToInput, newRequestId, parseAmount } from './money.ts';

describe('money display', () => {
  it('shows minor units with two decimals and thousands commas', () => {
    expect(formatMinor('123456789')).toBe('1,234,567.89');
    expect(formatMinor('100000000')).toBe('1,000,000.00');
    expect(formatMinor('5')).toBe('0.05');
    expect(formatMinor(5n)).toBe('0.05');
    expect(formatMinor('0')).toBe('0.00');
    expect(formatMinor('-0')).toBe('0.00');
  });

  it('keeps exact values far beyond what a float can hold', () => {
    expect(formatMinor('922337203685477580')).toBe('9,223,372,036,854,775.80');
  });

  it('shows negative amounts and refuses what is not a whole number of minor units', () => {
    expect(formatMinor('-1050')).toBe('-10.50');
    expect(formatMinor('1.5')).toBe('—');
    expect(formatMinor('1e5')).toBe('—');
    expect(formatMinor('')).toBe('—');
  });

  it('can show currencies without decimals', () => {
    expect(formatMinor('1234567', 0)).toBe('1,234,567');
  });

  it('puts the currency before the amount, the sign before the currency', () => {
    expect(formatMoney('200000', 'KRW')).toBe('₩2,000.00');
    expect(formatMoney('-500', 'KRW')).toBe('-₩5.00');
    expect(formatMoney(123456n, 'USD')).toBe('$1,234.56');
    expect(formatMoney('1200', 'EUR')).toBe('12.00 EUR');
    expect(formatMoney('1200')).toBe('12.00');
    expect(formatMoney('x', 'KRW')).toBe('—');
  });
});

describe('amount input', () => {
  it('turns what a person types into exact minor units', () => {
    expect(parseAmount('100')).toEqual({ ok: true, minor: '10000' });
    expect(parseAmount('100.5')).toEqual({ ok: true, minor: '10050' });
    expect(parseAmount(' 1,234.56 ')).toEqual({ ok: true, minor: '123456' });
    expect(parseAmount('0.01')).toEqual({ ok: true, minor: '1' });
    expect(parseAmount('0.29')).toEqual({ ok: true, minor: '29' });
    expect(parseAmount('12.')).toEqual({ ok: true, minor: '1200' });
  });

  it('refuses empty, signed, exponent and oddly grouped input', () => {
    expect(parseAmount('')).toEqual({ ok: false, issue: 'required' });
    for (const bad of ['-5', '+5', '1e5', 'abc', '1,23', '.5', '1 000', '0x10', '100.0.0'])
      expect(parseAmount(bad), bad).toEqual({ ok: false, issue: 'format' });
  });

  it('refuses more than two decimals and zero', () => {
    expect(parseAmount('1.001')).toEqual({ ok: false, issue: 'decimals' });
    expect(parseAmount('0')).toEqual({ ok: false, issue: 'positive' });
    expect(parseAmount('0.00')).toEqual({ ok: false, issue: 'positive' });
  });

  it('refuses what the server refuses: anything above MAX_MINOR_AMOUNT minor units', () => {
    const largest = minorToInput(MAX_MINOR_AMOUNT);
    expect(parseAmount(largest)).toEqual({ ok: true, minor: MAX_MINOR_AMOUNT.toString() });
    expect(parseAmount(minorToInput(MAX_MINOR_AMOUNT + 1n))).toEqual({ ok: false, issue: 'max' });
    expect(parseAmount('9999999999999999999')).toEqual({ ok: false, issue: 'max' });
  });

  it('checks limits in minor units', () => {
    expect(checkAmount('99.99', { min: '10000', max: '10000000' })).toEqual({ ok: false, issue: 'min' });
    expect(checkAmount('100', { min: '10000', max: '10000000' })).toEqual({ ok: true, minor: '10000' });
    expect(checkAmount('100000.01', { min: 10000n, max: 10000000n })).toEqual({ ok: false, issue: 'max' });
  });

  it('writes minor units back the way a person types them', () => {
    expect(minorToInput('10050')).toBe('100.5');
    expect(minorToInput('10000')).toBe('100');
    expect(minorToInput('7')).toBe('0.07');
    expect(minorToInput('-7')).toBe('');
  });
});

describe('request ids', () => {
  it('are fresh 32-character hex strings', () => {
    const id = newRequestId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(newRequestId()).not.toBe(id);
  });
});
