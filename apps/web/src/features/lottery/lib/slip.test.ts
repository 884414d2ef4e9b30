import { describe, expect, it } from 'vitest';
import { formatCountdown, linePayout, quickPick, secondsLeft, slipTotal, toggleLine } from './slip.ts';

const line = (selection: string) => ({ betType: 'POS_DIGIT', selection, oddsBasisPoints: 98_000 });

describe('the bet slip', () => {
  it('adds a board cell once and takes it out on a second click', () => {
    const one = toggleLine([], line('1:7'));
    expect(one).toHaveLength(1);
    expect(toggleLine(one, line('1:7'))).toEqual([]);
    expect(toggleLine(one, line('2:7'))).toHaveLength(2);
  });

  it('costs lines × unit × multiplier and pays a line stake × odds, floored', () => {
    expect(slipTotal(3, 1000n, 2)).toBe(6000n);
    expect(linePayout(1001n, 19_600)).toBe(1961n);
  });

  it('quick-picks different lines from the board', () => {
    const board = ['1:0', '1:1', '1:2', '1:3'].map(line);
    const picked = quickPick(board, 3, () => 0.5);
    expect(new Set(picked.map((l) => l.selection)).size).toBe(3);
    expect(quickPick(board, 9)).toHaveLength(4);
  });

  it('counts down on the vendor clock, never below zero', () => {
    const now = Date.parse('2026-11-24T14:30:00Z');
    expect(secondsLeft('2026-11-24T14:31:00Z', 0, now)).toBe(60);
    // The vendor's clock runs 50 s ahead of the browser's (a moved test clock).
    expect(secondsLeft('2026-11-24T14:31:00Z', 50_000, now)).toBe(10);
    expect(secondsLeft('2026-11-24T14:29:00Z', 0, now)).toBe(0);
    expect(formatCountdown(75)).toBe('01:15');
  });
});
