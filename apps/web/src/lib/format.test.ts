import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format.ts';

describe('date-time format', () => {
  it('formats as yyyy-MM-dd HH:mm:ss with zero padding', () => {
    const local = new Date(2024, 0, 5, 7, 3, 9);
    expect(formatDateTime(local.toISOString())).toBe('2024-01-05 07:03:09');
  });

  it('gives nothing for a missing or broken time', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime('not a date')).toBeNull();
  });
});
