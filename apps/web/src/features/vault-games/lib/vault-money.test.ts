import { describe, expect, it } from 'vitest';
import { cardLabel, formatMinor, toInput, toMinor } from './vault-money.ts';

describe('Vault page money', () => {
  it('reads typed amounts as minor units and refuses anything that is not a positive amount', () => {
    expect(toMinor('12')).toBe('1200');
    expect(toMinor('1,000.5')).toBe('100050');
    expect(toMinor('0')).toBeNull();
    expect(toMinor('1.234')).toBeNull();
    expect(toMinor('-5')).toBeNull();
    expect(toMinor('abc')).toBeNull();
  });

  it('shows minor units with grouping and two decimals, and back as an input value', () => {
    expect(formatMinor('123456')).toBe('1,234.56');
    expect(formatMinor('5')).toBe('0.05');
    expect(toInput('150000')).toBe('1500');
    expect(toInput('150050')).toBe('1500.50');
  });

  it('names the cards of the high-card table, two low and ace high', () => {
    expect(cardLabel(0)).toEqual({ rank: '2', suit: '♠', red: false });
    expect(cardLabel(25)).toEqual({ rank: 'A', suit: '♥', red: true });
  });
});
