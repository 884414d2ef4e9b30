import { describe, expect, it } from 'vitest';
import { readWinnerBoard, WINNER_BOARD_KEY, writeWinnerBoard } from './winner-cache.ts';

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
};
const win = {
  customerId: '7',
  customerName: 'ab***',
  gameName: 'Aurora Dice',
  iconUrl: '/assets/games/mini-dice.svg',
  winAmount: '12000',
  currency: 'KRW',
  wonAt: '2026-11-01T00:00:00.000Z',
};

describe('the winner board kept for the session', () => {
  it('gives back the board in the language it was fetched in, with when it was fetched', () => {
    const store = memory();
    writeWinnerBoard(store, 'en', [win], 1_000);
    expect(readWinnerBoard(store, 'en')).toEqual({ list: [win], savedAt: 1_000 });
    expect(readWinnerBoard(store, 'ko')).toBeUndefined();
  });

  it('ignores a missing, broken or foreign value', () => {
    const store = memory();
    expect(readWinnerBoard(store, 'en')).toBeUndefined();
    store.map.set(WINNER_BOARD_KEY, '{not json');
    expect(readWinnerBoard(store, 'en')).toBeUndefined();
    store.map.set(WINNER_BOARD_KEY, JSON.stringify({ language: 'en', savedAt: 1, list: [{ nope: true }] }));
    expect(readWinnerBoard(store, 'en')).toBeUndefined();
    expect(readWinnerBoard(undefined, 'en')).toBeUndefined();
  });
});
