import { describe, expect, it } from 'vitest';
import { formatMinor } from './format-money.ts';

describe('money display', () => {
  it('shows minor units with two decimals and thousands commas', () => {
    expect(formatMinor('123456789')).toBe('1,234,567.89');
    expect(formatMinor('100000000')).toBe('1,000,000.00');
    expect(formatMinor('5')).toBe('0.05');
    expect(formatMinor('0')).toBe('0.00');
  });
  it('keeps exact values far beyond what a float can hold', () => {
    expect(formatMinor('922337203685477580')).toBe('9,223,372,036,854,775.80');
  });
  it('shows negative amounts and refuses what is not a whole number', () => {
    expect(formatMinor('-1050')).toBe('-10.50');
    expect(formatMinor('1.5')).toBe('—');
    expect(formatMinor('1e5')).toBe('—');
  });
  it('can show currencies without decimals', () => {
    expect(formatMinor('1234567', 0)).toBe('1,234,567');
  });
});
