import { describe, expect, it } from 'vitest';
import { pickHost, withHost } from './pick-host.ts';

describe('CDN host choice', () => {
  it('picks each host of the list by the random draw', () => {
    const hosts = ['https://a.cdn.example/', 'https://b.cdn.example'];
    expect(pickHost(hosts, () => 0)).toBe('https://a.cdn.example');
    expect(pickHost(hosts, () => 0.99)).toBe('https://b.cdn.example');
  });
  it('uses this site when the list is empty', () => {
    expect(pickHost([])).toBe('');
  });
  it('prefixes relative paths and leaves absolute ones alone', () => {
    expect(withHost('https://a.cdn.example', '/assets/x.svg')).toBe('https://a.cdn.example/assets/x.svg');
    expect(withHost('', 'assets/x.svg')).toBe('/assets/x.svg');
    expect(withHost('https://a.cdn.example', 'https://other.example/y.png')).toBe('https://other.example/y.png');
  });
});
