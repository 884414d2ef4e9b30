import { createFairRng } from '../fairness/fair-rng.ts';
import { commitServerSeed, matchesCommitment } from '../fairness/server-seed.ts';

/**
 * The result of a lottery draw is a function of the draw's seed and its id only (decision 090):
 *
 *   block c = HMAC_SHA256(key = seed, message = `${drawId}:0:${c}`)        (c = 0, 1, 2, …)
 *   read the blocks as one stream of 4-byte big-endian integers u;
 *   a number in [0, n) is u mod n, where u ≥ 2^32 − (2^32 mod n) is thrown away and the next u read.
 *
 * This is the house games' byte stream (fair-rng.ts) with the draw id as the client seed and nonce 0,
 * so the same few lines check a house round and a draw. The seed is 32 random bytes as lowercase hex;
 * `sha256(seed)` is published before the draw's betting opens and the seed itself after the draw.
 */
export function drawNumbers(seed: string, drawId: string, picks: { count: number; range: number }): number[] {
  const rng = createFairRng({ serverSeed: seed, clientSeed: drawId, nonce: 0 });
  return Array.from({ length: picks.count }, () => rng.nextInt(picks.range));
}

/** A distinct-order draw (the ten-car race): a Fisher–Yates shuffle of 1…n from the same stream. */
export function drawOrder(seed: string, drawId: string, n: number): number[] {
  const rng = createFairRng({ serverSeed: seed, clientSeed: drawId, nonce: 0 });
  return rng.shuffle(Array.from({ length: n }, (_, i) => i + 1));
}

export const commitDrawSeed = commitServerSeed;
export const seedMatchesCommitment = matchesCommitment;
