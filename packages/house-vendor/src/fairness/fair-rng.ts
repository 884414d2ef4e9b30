import { createHmacSha256, type KeyedHmac } from './sha256.ts';
import { assertRoundSeeds, type RoundSeeds } from './round-seeds.ts';

const BYTES_PER_BLOCK = 32;
const TWO_POW_32 = 2 ** 32;

/**
 * The HMAC key pads are hashed once per server seed. A player bets many rounds on one seed and a
 * simulation replays a million, so remembering the last key saves half of every block's hashing.
 */
let cachedKey: { serverSeed: string; hmac: KeyedHmac } | undefined;

function keyedHmac(serverSeed: string): KeyedHmac {
  if (cachedKey?.serverSeed !== serverSeed) cachedKey = { serverSeed, hmac: createHmacSha256(serverSeed) };
  return cachedKey.hmac;
}

/**
 * The byte stream of one round (DESIGN.md §3): block `cursor` is
 * HMAC_SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`), with the server seed's
 * hex text as the key, exactly as `crypto.createHmac('sha256', serverSeed)` would, so a player can
 * check a round with any HMAC tool. The cursor moves on every 32 bytes, so a round may draw as many
 * numbers as it needs (free spins, a shuffled shoe) and still be fixed by (serverSeed, clientSeed, nonce).
 */
export class FairRng {
  readonly seeds: RoundSeeds;
  private readonly hmac: KeyedHmac;
  private block: Uint8Array = new Uint8Array(0);
  private offset = 0;
  private nextCursor = 0;

  constructor(seeds: RoundSeeds) {
    assertRoundSeeds(seeds);
    this.seeds = { ...seeds };
    this.hmac = keyedHmac(seeds.serverSeed);
  }

  /** How many bytes the round has drawn so far (useful for showing the work in the verify view). */
  get bytesUsed(): number {
    return this.nextCursor === 0 ? 0 : (this.nextCursor - 1) * BYTES_PER_BLOCK + this.offset;
  }

  nextByte(): number {
    if (this.offset >= this.block.length) {
      const { clientSeed, nonce } = this.seeds;
      this.block = this.hmac(`${clientSeed}:${nonce}:${this.nextCursor}`);
      this.nextCursor += 1;
      this.offset = 0;
    }
    return this.block[this.offset++]!;
  }

  /** Four bytes, big-endian: the same number as nextFloat() × 2^32. */
  nextUint32(): number {
    return ((this.nextByte() << 24) | (this.nextByte() << 16) | (this.nextByte() << 8) | this.nextByte()) >>> 0;
  }

  /**
   * A float in [0, 1) from four bytes, Stake-style: Σ byte_i / 256^(i+1). It is exact in a double
   * (it is a 32-bit fraction), so the browser and the server always agree on it.
   */
  nextFloat(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 4; i++) {
      scale /= 256;
      value += this.nextByte() * scale;
    }
    return value;
  }

  /**
   * An integer in [0, n), exactly uniform: 32-bit draws at or above the largest multiple of n are
   * thrown away and drawn again, so no outcome gets the modulo's extra share. The exact RTP of a
   * game is computed assuming uniform draws, and this keeps that assumption true.
   */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`nextInt(${n}): n is 1…2^32`);
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    for (;;) {
      const value = this.nextUint32();
      if (value < limit) return value % n;
    }
  }

  /**
   * Fisher–Yates, front to back: position i takes a uniform pick of positions i…end. Going front to
   * back means the first k cards of a full shuffle are settled after k steps, so draw(items, k)
   * deals the same cards as shuffle(items).slice(0, k) without spending bytes on the rest.
   */
  shuffle<T>(items: readonly T[]): T[] {
    return this.draw(items, items.length);
  }

  draw<T>(items: readonly T[], count: number): T[] {
    const deck = items.slice();
    const steps = Math.min(count, deck.length);
    for (let i = 0; i < steps; i++) {
      const j = i + this.nextInt(deck.length - i);
      const picked = deck[j]!;
      deck[j] = deck[i]!;
      deck[i] = picked;
    }
    return deck.slice(0, steps);
  }
}

export function createFairRng(seeds: RoundSeeds): FairRng {
  return new FairRng(seeds);
}
