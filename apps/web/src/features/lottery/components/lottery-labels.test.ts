import { describe, expect, it } from 'vitest';
import { drawTimeFromId, oddsText } from './lottery-labels.ts';

describe('lottery labels', () => {
  it('shows odds as decimals without trailing zeros', () => {
    expect(oddsText(19_600)).toBe('1.96');
    expect(oddsText(98_000)).toBe('9.8');
    expect(oddsText(20_000)).toBe('2');
  });

  it('reads a draw time from its id in the viewer zone', () => {
    expect(drawTimeFromId('lotto-5d-1m-202611241431')).toMatch(/^\d{2}:31$/);
  });
});
