import { describe, expect, it } from 'vitest';
import { daysOf, resolvePeriod } from './report-period.ts';

// 2026-11-25 (a Wednesday) 00:30 in Seoul is 2026-11-24 15:30 UTC.
const now = new Date('2026-11-24T15:30:00Z');

describe('report periods in the site time zone', () => {
  it('takes today and yesterday as Seoul calendar days', () => {
    expect(resolvePeriod({ period: 'today' }, now)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(resolvePeriod({ period: 'yesterday' }, now)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
  });

  it('starts the week on Monday and the month on the 1st', () => {
    expect(resolvePeriod({ period: 'week' }, now)).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    expect(resolvePeriod({ period: 'month' }, now)).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    const sunday = new Date('2026-11-29T03:00:00Z');
    expect(resolvePeriod({ period: 'week' }, sunday)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('checks a chosen range: both dates, in order, not too long', () => {
    expect(resolvePeriod({ period: 'range', from: '2026-10-01', to: '2026-10-31' }, now)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(() => resolvePeriod({ period: 'range', from: '2026-10-01' }, now)).toThrow(/both dates/);
    expect(() => resolvePeriod({ period: 'range', from: '2026-10-02', to: '2026-10-01' }, now)).toThrow();
    expect(() => resolvePeriod({ period: 'range', from: '2026-01-01', to: '2026-10-01' }, now)).toThrow();
  });

  it('lists every day of a range across a month end', () => {
    expect(daysOf('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
  });
});
