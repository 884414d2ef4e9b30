import { describe, expect, it } from 'vitest';
import { lobbyListFilter } from './lobby-filter.ts';

describe("the lobby's catalogue filter", () => {
  it('leaves out what is not chosen, so the first view and an early request share one cache entry', () => {
    expect(JSON.stringify(lobbyListFilter({ gameType: 'RNG', classify: null }, null, ''))).toBe('{"gameType":"RNG"}');
  });

  it('carries the chip, the vendor and the search when chosen', () => {
    expect(lobbyListFilter({ gameType: 'RNG', classify: 'VIDEO_SLOT' }, 'HOUSE', 'gems')).toEqual({
      gameType: 'RNG',
      gameClassify: 'VIDEO_SLOT',
      vassalage: 'HOUSE',
      gameName: 'gems',
    });
  });
});
