import { describe, expect, it } from 'vitest';
import { splitOddEven } from './odd-even.ts';
import { sectionTitleFor } from './section-title.ts';

describe('the home page scrollers', () => {
  it('show the odd items in the first column and the even items in the second', () => {
    expect(splitOddEven(['a', 'b', 'c', 'd', 'e'])).toEqual([
      ['a', 'c', 'e'],
      ['b', 'd'],
    ]);
    expect(splitOddEven([])).toEqual([[], []]);
    expect(splitOddEven(['only'])).toEqual([['only'], []]);
  });
});

describe('section titles by path', () => {
  it('are hot games on the home paths and the category on its own path', () => {
    for (const home of ['/', '/index', '/index.html', '/home', '/login']) expect(sectionTitleFor(home)).toBe('hot');
    expect(sectionTitleFor('/live')).toBe('live');
    expect(sectionTitleFor('/rng')).toBe('slots');
    expect(sectionTitleFor('/slots')).toBe('slots');
    expect(sectionTitleFor('/sports/more')).toBe('sports');
    expect(sectionTitleFor('/elott')).toBe('lottery');
    expect(sectionTitleFor('/pvp/more')).toBe('poker');
    expect(sectionTitleFor('/fish')).toBe('fish');
  });
});
