import { describe, expect, it } from 'vitest';
import { createFairRng } from '../fairness/fair-rng.ts';
import { rationalToNumber } from '../rational.ts';
import { minesLayout, minesMultiplier, playMines, type MinesParams } from './mines.ts';

const serverSeed = 'baa5a0964d3320fbc0c6a922140453c8513ea24ab8fd0577034804a967248096';
const rng = (nonce: number) => createFairRng({ serverSeed, clientSeed: 'mines', nonce });
const play = (nonce: number, params: MinesParams) => playMines(rng(nonce), params);

describe('mines', () => {
  it('lays the mines from the seeds alone, whatever the player picks', () => {
    const layout = minesLayout(rng(3), 5);
    expect(layout).toHaveLength(5);
    expect(new Set(layout).size).toBe(5);
    expect(play(3, { bet: 100n, mines: 5, picks: [0] }).mineTiles).toEqual(layout);
    expect(play(3, { bet: 100n, mines: 5, picks: [24, 12, 7] }).mineTiles).toEqual(layout);
  });

  it('cashes out after k safe picks at 0.99 × C(25, k) ÷ C(25 − mines, k)', () => {
    expect(rationalToNumber(minesMultiplier(1, 1))).toBeCloseTo(0.99 * (25 / 24), 12);
    expect(rationalToNumber(minesMultiplier(24, 1))).toBeCloseTo(24.75, 12);
    expect(minesMultiplier(3, 5)).toEqual({ numerator: 9_900n * 53_130n, denominator: 10_000n * 26_334n });

    const layout = minesLayout(rng(9), 3);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !layout.includes(tile));
    const outcome = play(9, { bet: 10_000n, mines: 3, picks: safe.slice(0, 5) });
    expect(outcome.status).toBe('cashed_out');
    // 10 000 × 0.99 × 53 130 ÷ 26 334 = 19 973.7… → 19 973.
    expect(outcome.payout).toBe(19_973n);
  });

  it('ends the round on the first mine, paying nothing and ignoring any later pick', () => {
    const layout = minesLayout(rng(4), 10);
    const safeTile = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !layout.includes(tile))!;
    const outcome = play(4, { bet: 100n, mines: 10, picks: [safeTile, layout[0]!, layout[1]!] });
    expect(outcome.status).toBe('busted');
    expect(outcome.payout).toBe(0n);
    expect(outcome.picks).toEqual([
      { tile: safeTile, safe: true },
      { tile: layout[0], safe: false },
    ]);
  });

  it.each([
    ['no mines', { mines: 0, picks: [1] }],
    ['25 mines', { mines: 25, picks: [1] }],
    ['no pick', { mines: 3, picks: [] }],
    ['more picks than safe tiles', { mines: 24, picks: [1, 2] }],
    ['the same tile twice', { mines: 3, picks: [4, 4] }],
    ['a tile off the board', { mines: 3, picks: [25] }],
  ])('refuses %s', (_, params) => {
    expect(() => play(0, { bet: 100n, ...params })).toThrow(expect.objectContaining({ code: 'INVALID_GAME_PARAMS' }));
  });
});
