import { describe, expect, it } from 'vitest';
import { helpTopicFor } from './help-topic.ts';

describe('footer help topic', () => {
  it('follows the route', () => {
    expect(helpTopicFor('/')).toBe('hot');
    expect(helpTopicFor('/home')).toBe('hot');
    expect(helpTopicFor('/rng')).toBe('rng');
    expect(helpTopicFor('/slots')).toBe('rng');
    expect(helpTopicFor('/sports/more')).toBe('sport');
    expect(helpTopicFor('/esport/more')).toBe('esport');
    expect(helpTopicFor('/elott')).toBe('elott');
    expect(helpTopicFor('/lott/more')).toBe('lott');
    expect(helpTopicFor('/fish')).toBe('fish');
    expect(helpTopicFor('/pvp')).toBe('pvp');
    expect(helpTopicFor('/live')).toBe('live');
    expect(helpTopicFor('/help')).toBe('hot');
  });
});
