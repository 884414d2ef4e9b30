import { describe, expect, it } from 'vitest';
import { isRegionBlocked, isValidRange } from './region-rule.ts';

const rule = (over: Partial<{ enabled: boolean; countries: string[]; ipRanges: string[] }>) => ({
  enabled: true,
  countries: [],
  ipRanges: [],
  ...over,
});

describe('region restriction', () => {
  it('blocks nobody while switched off, whatever the lists say', () => {
    expect(isRegionBlocked(rule({ enabled: false, ipRanges: ['0.0.0.0/0'], countries: ['KR'] }), '1.2.3.4', 'KR')).toBe(
      false,
    );
  });
  it('blocks an address inside a CIDR range and not one outside it', () => {
    const r = rule({ ipRanges: ['203.0.113.0/24'] });
    expect(isRegionBlocked(r, '203.0.113.77', null)).toBe(true);
    expect(isRegionBlocked(r, '203.0.114.1', null)).toBe(false);
  });
  it('treats a bare address as a range of one', () => {
    expect(isRegionBlocked(rule({ ipRanges: ['198.51.100.7'] }), '198.51.100.7', null)).toBe(true);
    expect(isRegionBlocked(rule({ ipRanges: ['198.51.100.7'] }), '198.51.100.8', null)).toBe(false);
  });
  it('matches an IPv4 visitor seen through an IPv6 socket (::ffff:a.b.c.d)', () => {
    expect(isRegionBlocked(rule({ ipRanges: ['127.0.0.0/8'] }), '::ffff:127.0.0.1', null)).toBe(true);
  });
  it('matches IPv6 ranges', () => {
    expect(isRegionBlocked(rule({ ipRanges: ['2001:db8::/32'] }), '2001:db8:1::5', null)).toBe(true);
    expect(isRegionBlocked(rule({ ipRanges: ['2001:db8::/32'] }), '2001:db9::1', null)).toBe(false);
  });
  it('blocks by country regardless of letter case', () => {
    expect(isRegionBlocked(rule({ countries: ['KP'] }), '1.1.1.1', 'kp')).toBe(true);
    expect(isRegionBlocked(rule({ countries: ['KP'] }), '1.1.1.1', null)).toBe(false);
  });
  it('does not crash on a visitor address it cannot read', () => {
    expect(isRegionBlocked(rule({ ipRanges: ['0.0.0.0/0'] }), 'unknown', null)).toBe(false);
  });
  it('tells a valid range from garbage', () => {
    for (const ok of ['10.0.0.0/8', '::1', '2001:db8::/32', '1.2.3.4']) expect(isValidRange(ok), ok).toBe(true);
    for (const bad of ['999.1.1.1', '10.0.0.0/33', 'example.com', '']) expect(isValidRange(bad), bad).toBe(false);
  });
});
