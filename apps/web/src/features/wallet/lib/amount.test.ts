import { describe, expect, it } from 'vitest';
import { checkAmount, minorToInput, parseAmount, quickAmounts } from './amount.ts';

describe('amount input', () => {
  it('turns what the player types into exact minor units', () => {
    expect(parseAmount('100')).toEqual({ ok: true, minor: '10000' });
    expect(parseAmount('100.5')).toEqual({ ok: true, minor: '10050' });
    expect(parseAmount(' 1,234.56 ')).toEqual({ ok: true, minor: '123456' });
    expect(parseAmount('0.01')).toEqual({ ok: true, minor: '1' });
    expect(parseAmount('12.')).toEqual({ ok: true, minor: '1200' });
  });

  it('refuses empty, signed, exponent and oddly grouped input', () => {
    expect(parseAmount('')).toEqual({ ok: false, issue: 'required' });
    for (const bad of ['-5', '+5', '1e5', 'abc', '1,23', '.5', '1 000', '0x10'])
      expect(parseAmount(bad), bad).toEqual({ ok: false, issue: 'format' });
  });

  it('refuses more than two decimals and zero', () => {
    expect(parseAmount('1.001')).toEqual({ ok: false, issue: 'decimals' });
    expect(parseAmount('0')).toEqual({ ok: false, issue: 'positive' });
    expect(parseAmount('0.00')).toEqual({ ok: false, issue: 'positive' });
  });

  it('checks the method limits in minor units', () => {
    expect(checkAmount('99.99', { min: '10000', max: '10000000' })).toEqual({ ok: false, issue: 'min' });
    expect(checkAmount('100', { min: '10000', max: '10000000' })).toEqual({ ok: true, minor: '10000' });
    expect(checkAmount('100000.01', { min: '10000', max: '10000000' })).toEqual({ ok: false, issue: 'max' });
    expect(checkAmount('9999999999999999999', {})).toEqual({ ok: false, issue: 'max' });
  });

  it('writes minor units back the way a player types them', () => {
    expect(minorToInput('10050')).toBe('100.5');
    expect(minorToInput('10000')).toBe('100');
    expect(minorToInput('7')).toBe('0.07');
  });

  it('offers round quick amounts inside the limits', () => {
    expect(quickAmounts('10000', '10000000')).toEqual(['10000', '50000', '100000', '500000', '1000000', '5000000']);
    expect(quickAmounts('10000', '100000')).toEqual(['10000', '50000', '100000']);
  });
});
