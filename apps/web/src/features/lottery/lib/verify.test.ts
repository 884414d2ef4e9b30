import { sha256Hex } from '@portal/house-vendor/fairness/sha256.ts';
import { drawResult, findLotteryGame } from '@portal/house-vendor/lottery/lottery-games.ts';
import { describe, expect, it } from 'vitest';
import { checkDraw, verdictHolds } from './verify.ts';

const seed = '5b2f0c4e9a7d1e3f8c6b4a2d0e9f7c5b3a1d8e6f4c2b0a9e7d5c3b1a0f8e6d4c';
const drawId = 'lotto-5d-1m-202611241431';
const drawn = {
  gameCode: 'lotto-5d-1m',
  drawId,
  seed,
  seedHash: sha256Hex(seed),
  result: drawResult(findLotteryGame('lotto-5d-1m'), seed, drawId) as number[],
};

describe('checking a listed draw in the browser', () => {
  it('verifies a draw whose seed matches its commitment and whose result is the seed’s', () => {
    expect(checkDraw(drawn)).toBe('OK');
    expect(verdictHolds('OK')).toBe(true);
  });

  it('flags a published result that is not the seed’s, and a seed that is not the committed one', () => {
    const wrong = [...drawn.result];
    wrong[0] = (wrong[0]! + 1) % 10;
    expect(checkDraw({ ...drawn, result: wrong })).toBe('BAD_RESULT');
    expect(checkDraw({ ...drawn, seedHash: sha256Hex(`${seed}x`) })).toBe('BAD_COMMITMENT');
    expect(checkDraw({ ...drawn, seed: null })).toBe('BAD_COMMITMENT');
    expect(verdictHolds('BAD_RESULT')).toBe(false);
  });

  it('accepts a cancelled draw (no result) when its revealed seed matches the commitment', () => {
    expect(checkDraw({ ...drawn, result: null })).toBe('CANCELLED');
    expect(verdictHolds('CANCELLED')).toBe(true);
  });
});
