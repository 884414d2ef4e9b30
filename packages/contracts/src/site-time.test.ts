import { describe, expect, it } from 'vitest';
import { formatSiteTime, fromSiteInput, siteZoneLabel, toSiteInput } from './site-time.ts';

describe('schedule times in the site time zone', () => {
  it('reads a picked 09:00 as 09:00 in Seoul, whatever zone the browser is in', () => {
    expect(fromSiteInput('2026-12-01T09:00')).toBe('2026-12-01T00:00:00.000Z');
    expect(fromSiteInput('2026-12-01T03:30')).toBe('2026-11-30T18:30:00.000Z');
  });

  it('shows a stored instant as the site wall clock, and back again unchanged', () => {
    expect(toSiteInput('2026-11-30T18:30:00Z')).toBe('2026-12-01T03:30');
    expect(fromSiteInput(toSiteInput('2026-07-15T23:59:00Z'))).toBe('2026-07-15T23:59:00.000Z');
    expect(formatSiteTime('2026-12-01T00:00:00Z')).toBe('2026-12-01 09:00');
  });

  it('keeps an empty picker open-ended and refuses what is not a time', () => {
    expect(fromSiteInput('')).toBeNull();
    expect(fromSiteInput('tomorrow')).toBeUndefined();
    expect(toSiteInput(null)).toBe('');
    expect(formatSiteTime(null)).toBe('—');
  });

  it('follows a zone with summer time on either side of the change', () => {
    const ny = 'America/New_York';
    expect(fromSiteInput('2026-01-15T09:00', ny)).toBe('2026-01-15T14:00:00.000Z');
    expect(fromSiteInput('2026-07-15T09:00', ny)).toBe('2026-07-15T13:00:00.000Z');
    expect(toSiteInput('2026-07-15T13:00:00Z', ny)).toBe('2026-07-15T09:00');
  });

  it('names the zone with its offset for the label beside the pickers', () => {
    expect(siteZoneLabel(new Date('2026-12-01T00:00:00Z'))).toBe('Asia/Seoul, UTC+9');
  });
});
