import { describe, expect, it } from 'vitest';
import { lobbyChips, filterLocal, hasGames } from './lobby-filter.ts';
import { needsVendorArrows, slotsMorePath, splitTopRow } from './slots-rows.ts';

describe('the home slots section', () => {
  it('puts the first 4 games on the top row and the rest below', () => {
    expect(splitTopRow([1, 2, 3, 4, 5, 6, 7])).toEqual({ top: [1, 2, 3, 4], rest: [5, 6, 7] });
    expect(splitTopRow([1, 2])).toEqual({ top: [1, 2], rest: [] });
  });

  it('shows arrows beside the vendor tabs only above 6 vendors', () => {
    expect(needsVendorArrows(6)).toBe(false);
    expect(needsVendorArrows(7)).toBe(true);
  });

  it('sends More to the slots list, narrowed to the chosen vendor', () => {
    expect(slotsMorePath(null)).toBe('/rng');
    expect(slotsMorePath('HOUSE')).toBe('/rng?page=HOUSE');
  });
});

describe('the game-list centre', () => {
  const menu = [
    { title: 'RNG' as const, gameClassify: ['VIDEO_SLOT'], games: 3 },
    { title: 'MINI' as const, gameClassify: ['CRASH', 'DICE', 'MINES'], games: 3 },
    { title: 'LIVE' as const, gameClassify: ['BACCARAT', 'ROULETTE'], games: 2 },
  ];

  it('offers a chip per classification when there is more than one, and the extra categories that have games', () => {
    expect(lobbyChips('RNG', ['MINI'], menu)).toEqual([
      { gameType: 'RNG', classify: null },
      { gameType: 'MINI', classify: null },
    ]);
    expect(lobbyChips('LIVE', [], menu)).toEqual([
      { gameType: 'LIVE', classify: null },
      { gameType: 'LIVE', classify: 'BACCARAT' },
      { gameType: 'LIVE', classify: 'ROULETTE' },
    ]);
    expect(lobbyChips('FISH', ['MINI'], [])).toEqual([{ gameType: 'FISH', classify: null }]);
  });

  it('knows a category whose vendors have no game yet', () => {
    expect(hasGames(menu, ['FISH'])).toBe(false);
    expect(hasGames(menu, ['FISH', 'MINI'])).toBe(true);
    expect(hasGames(undefined, ['RNG'])).toBe(false);
  });

  it('narrows favourites and recent games to the page, the vendor and the search', () => {
    const g = (nodeId: number, gameType: 'RNG' | 'LIVE', name: string, vassalage = 'HOUSE') =>
      ({ nodeId, gameType, displayName: name, gameName: name, vassalage }) as never;
    const games = [g(1, 'RNG', 'Aurora Gems'), g(2, 'LIVE', 'Baccarat'), g(3, 'RNG', 'Neon Fruits', 'VAULT')];
    expect(filterLocal(games, ['RNG'], '', null).map((x: { nodeId: number }) => x.nodeId)).toEqual([1, 3]);
    expect(filterLocal(games, ['RNG'], 'neon', null).map((x: { nodeId: number }) => x.nodeId)).toEqual([3]);
    expect(filterLocal(games, ['RNG'], '', 'HOUSE').map((x: { nodeId: number }) => x.nodeId)).toEqual([1]);
  });
});
