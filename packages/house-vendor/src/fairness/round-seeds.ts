import { HouseGameError } from '../house-game-error.ts';

/** What fixes a round: the (later revealed) server seed, the player's client seed and the bet's nonce. */
export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** 32 random bytes as lowercase hex, the form the commitment hashes. */
const SERVER_SEED = /^[0-9a-f]{64}$/;
/**
 * Printable ASCII without spaces, so a player can paste it into any HMAC tool without
 * encoding or trimming surprises. A colon is harmless: the message is parsed from the right.
 */
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

export function isServerSeed(value: string): boolean {
  return SERVER_SEED.test(value);
}

export function assertClientSeed(clientSeed: string): void {
  if (typeof clientSeed !== 'string' || !CLIENT_SEED.test(clientSeed)) {
    throw new HouseGameError('INVALID_SEED', 'A client seed is 1 to 64 printable characters without spaces');
  }
}

export function assertRoundSeeds(seeds: RoundSeeds): void {
  if (typeof seeds.serverSeed !== 'string' || !isServerSeed(seeds.serverSeed)) {
    throw new HouseGameError('INVALID_SEED', 'A server seed is 64 lowercase hex characters');
  }
  assertClientSeed(seeds.clientSeed);
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) {
    throw new HouseGameError('INVALID_SEED', 'A nonce is a non-negative integer');
  }
}
