import { describe, expect, it } from 'vitest';
import { addDays, checkRange, presetOf, presetRange, siteToday } from './date-range.ts';

describe('history date ranges', () => {
  // 2026-03-01 16:30 UTC is already 2 March in Seoul.
  const now = new Date('2026-03-01T16:30:00Z');

  it('counts days in the site time zone', () => {
    expect(siteToday(now)).toBe('2026-03-02');
  });

  it('offers today, the last 7 and the last 30 days, today included', () => {
    expect(presetRange('today', now)).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(presetRange('last7', now)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(presetRange('last30', now)).toEqual({ from: '2026-02-01', to: '2026-03-02' });
    expect(presetOf({ from: '2026-02-24', to: '2026-03-02' }, now)).toBe('last7');
    expect(presetOf({ from: '2026-02-25', to: '2026-03-02' }, now)).toBeNull();
  });

  it('moves across months and leap days', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('refuses a reversed range and one longer than 90 days', () => {
    expect(checkRange({ from: '2026-03-02', to: '2026-03-01' })).toBe('order');
    expect(checkRange({ from: '2026-01-01', to: '2026-03-31' })).toBeNull();
    expect(checkRange({ from: '2026-01-01', to: '2026-04-01' })).toBe('tooLong');
    expect(checkRange({ from: '', to: '2026-04-01' })).toBe('format');
  });
});
