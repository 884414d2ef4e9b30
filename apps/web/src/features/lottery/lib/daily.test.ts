import { describe, expect, it } from 'vitest';
import { drawName, formatLong, ictClock, randomPick, threeDigits, togglePicked } from './daily.ts';

describe('the daily draws page helpers', () => {
  it('shows draw times on the Vietnam clock (UTC+7), whatever the viewer’s time zone', () => {
    expect(ictClock('2026-11-24T11:15:00.000Z')).toBe('18:15');
    expect(ictClock('2026-11-24T17:30:00.000Z')).toBe('00:30');
  });

  it('names a draw by its province and date, the north by its host province and the SEA draw by its title', () => {
    expect(drawName('lotto-vn-south-hcm-20261123', 'x')).toBe('TP. Hồ Chí Minh · 23/11');
    expect(drawName('lotto-vn-north-20261124', 'Northern draw')).toBe('Northern draw (Quảng Ninh) · 24/11');
    expect(drawName('lotto-sea-20261124', 'SEA Daily Draw')).toBe('SEA Daily Draw · 24/11');
  });

  it('reads three typed digits as a number, or as a tote’s digits in ascending order, refusing a tote of one digit', () => {
    expect(threeDigits('071', false)).toEqual({ ok: true, selection: '071' });
    expect(threeDigits('321', true)).toEqual({ ok: true, selection: '123' });
    expect(threeDigits('777', true)).toEqual({ ok: false, why: 'triple' });
    expect(threeDigits('77', false)).toEqual({ ok: false, why: 'bad' });
    expect(threeDigits('7a1', false)).toEqual({ ok: false, why: 'bad' });
  });

  it('quick-picks different numbers written as a pick, and keeps at most as many picked numbers as the bet takes', () => {
    for (let i = 0; i < 200; i++) {
      const pick = randomPick(4, 2);
      const numbers = pick.split('-');
      expect(new Set(numbers).size).toBe(4);
      expect([...numbers].sort()).toEqual(numbers);
    }
    expect(togglePicked([1, 2], 3, 2)).toEqual([1, 2]);
    expect(togglePicked([1, 2], 2, 2)).toEqual([1]);
    expect(togglePicked([1], 9, 2)).toEqual([1, 9]);
  });

  it('counts a long wait in hours', () => {
    expect(formatLong(59)).toBe('00:59');
    expect(formatLong(3 * 3600 + 62)).toBe('3:01:02');
  });
});
