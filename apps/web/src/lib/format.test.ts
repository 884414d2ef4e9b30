import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime, siteDay, siteOffsetLabel } from './format.ts';

describe('dates shown on the site', () => {
  it('are yyyy-MM-dd HH:mm:ss in the site time zone (KST), whatever the browser zone', () => {
    expect(formatDateTime('2024-01-05T22:03:09Z')).toBe('2024-01-06 07:03:09');
    expect(formatDateTime(new Date('2024-01-05T00:00:00Z'))).toBe('2024-01-05 09:00:00');
    expect(formatTime('2024-01-05T15:00:01Z')).toBe('00:00:01');
  });

  it('fall on the same day as the history filters’ days', () => {
    expect(siteDay(new Date('2024-03-31T15:30:00Z'))).toBe('2024-04-01');
    expect(siteDay(new Date('2024-03-31T14:59:59Z'))).toBe('2024-03-31');
  });

  it('carry the site zone’s offset as their clock label, not the browser’s', () => {
    expect(siteOffsetLabel(new Date('2024-01-05T22:03:09Z'))).toBe('GMT+09:00');
  });

  it('give nothing for a missing or broken time', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime('not a date')).toBeNull();
  });
});
