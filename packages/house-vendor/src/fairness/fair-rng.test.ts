import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HouseGameError } from '../house-game-error.ts';
import { createFairRng, FairRng } from './fair-rng.ts';

const serverSeed = '6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b';
const seeds = { serverSeed, clientSeed: 'lucky-player', nonce: 7 };

function bytes(rng: FairRng, count: number): number[] {
  return Array.from({ length: count }, () => rng.nextByte());
}

describe('the round byte stream', () => {
  it('is HMAC_SHA256(serverSeed, "clientSeed:nonce:cursor"), the cursor moving on every 32 bytes', () => {
    const expected = [0, 1, 2].flatMap((cursor) => [
      ...createHmac('sha256', serverSeed).update(`lucky-player:7:${cursor}`).digest(),
    ]);
    const rng = createFairRng(seeds);
    expect(rng.bytesUsed).toBe(0);
    expect(bytes(rng, 96)).toEqual(expected);
    expect(rng.bytesUsed).toBe(96);
  });

  it('gives the same numbers for the same seeds and nonce', () => {
    expect(bytes(createFairRng(seeds), 200)).toEqual(bytes(createFairRng(seeds), 200));
  });

  it('gives other numbers for another nonce or another client seed', () => {
    const first = bytes(createFairRng(seeds), 32);
    expect(bytes(createFairRng({ ...seeds, nonce: 8 }), 32)).not.toEqual(first);
    expect(bytes(createFairRng({ ...seeds, clientSeed: 'lucky-player2' }), 32)).not.toEqual(first);
  });

  it('makes a float in [0, 1) from four bytes as Σ byte / 256^(i+1)', () => {
    const raw = bytes(createFairRng(seeds), 8);
    const rng = createFairRng(seeds);
    for (const offset of [0, 4]) {
      const [a, b, c, d] = raw.slice(offset, offset + 4) as [number, number, number, number];
      expect(rng.nextFloat()).toBe(a / 256 + b / 256 ** 2 + c / 256 ** 3 + d / 256 ** 4);
    }
    const again = createFairRng(seeds);
    expect(again.nextUint32() / 2 ** 32).toBe(createFairRng(seeds).nextFloat());
  });

  it('throws away a 32-bit draw at or above the last whole multiple of n instead of taking it modulo n', () => {
    const draws = [2 ** 32 - 1, 5];
    const rng = new (class extends FairRng {
      override nextUint32(): number {
        return draws.shift()!;
      }
    })(seeds);
    // 2^32 − 1 is the one value that would give 0 an extra share among three outcomes.
    expect(rng.nextInt(3)).toBe(2);
    expect(draws).toEqual([]);
  });

  it('draws integers evenly over their range', () => {
    const rng = createFairRng(seeds);
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[rng.nextInt(6)]!++;
    // Each count is binomial(n, 1/6): σ ≈ 91, so 5σ is a generous, still meaningful bound.
    for (const count of counts) expect(Math.abs(count - n / 6)).toBeLessThan(5 * Math.sqrt((n * 5) / 36));
  });

  it('shuffles into a permutation, and drawing k cards deals the first k of that shuffle', () => {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const shuffled = createFairRng(seeds).shuffle(deck);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(deck);
    expect(shuffled).not.toEqual(deck);
    expect(createFairRng(seeds).draw(deck, 6)).toEqual(shuffled.slice(0, 6));
  });

  it.each([
    ['a server seed that is not 64 lowercase hex', { ...seeds, serverSeed: serverSeed.toUpperCase() }],
    ['an empty client seed', { ...seeds, clientSeed: '' }],
    ['a client seed with a space', { ...seeds, clientSeed: 'my seed' }],
    ['a negative nonce', { ...seeds, nonce: -1 }],
    ['a fractional nonce', { ...seeds, nonce: 1.5 }],
  ])('refuses %s', (_, bad) => {
    expect(() => createFairRng(bad)).toThrow(expect.objectContaining({ code: 'INVALID_SEED' }));
    expect(() => createFairRng(bad)).toThrow(HouseGameError);
  });
});
