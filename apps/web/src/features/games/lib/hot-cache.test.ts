import type { GameCard } from '@portal/contracts/games/games.contract.ts';
import { describe, expect, it } from 'vitest';
import { HOT_GAMES_KEY, readHotGames, writeHotGames } from './hot-cache.ts';

const game: GameCard = {
  nodeId: 1,
  vassalage: 'HOUSE',
  vendorName: 'Aurora Originals',
  vendorLogoUrl: '/assets/vendors/house.svg',
  gameCode: 'slot-aurora-gems',
  gameType: 'RNG',
  gameClassify: 'VIDEO_SLOT',
  isGame: 'GAME',
  iconUrl: '/assets/games/slot-aurora-gems.svg',
  showIcon: true,
  roomId: null,
  type: 0,
  accountTypeId: 0,
  displayName: 'Aurora Gems',
  gameName: 'Aurora Gems',
  supportPlay: 0,
  rtpBasisPoints: 9620,
  minBet: '100',
  lineNum: 20,
  isHot: true,
  status: 'LIVE',
};

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('the hot games kept for the session', () => {
  it('are read back in the language they were fetched in', () => {
    const store = memoryStore();
    writeHotGames(store, 'ko', [game]);
    expect(store.map.has(HOT_GAMES_KEY)).toBe(true);
    expect(readHotGames(store, 'ko')).toEqual([game]);
  });

  it('are fetched again after a language change', () => {
    const store = memoryStore();
    writeHotGames(store, 'ko', [game]);
    expect(readHotGames(store, 'en')).toBeUndefined();
  });

  it('are not kept while the list is empty, so games that arrive later show', () => {
    const store = memoryStore();
    writeHotGames(store, 'ko', []);
    expect(readHotGames(store, 'ko')).toBeUndefined();
  });

  it('ignore a stored value that is not a list of games', () => {
    const store = memoryStore();
    store.setItem(HOT_GAMES_KEY, '{"language":"ko","games":[{"nodeId":"x"}]}');
    expect(readHotGames(store, 'ko')).toBeUndefined();
    store.setItem(HOT_GAMES_KEY, 'not json');
    expect(readHotGames(store, 'ko')).toBeUndefined();
  });
});
