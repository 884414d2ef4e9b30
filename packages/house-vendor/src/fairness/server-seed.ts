import { bytesToHex, sha256Hex } from './sha256.ts';
import { assertClientSeed, isServerSeed } from './round-seeds.ts';
import { HouseGameError } from '../house-game-error.ts';

const SERVER_SEED_BYTES = 32;

/** globalThis.crypto.getRandomValues exists in Node 20 and in every browser, secure context or not. */
export function generateServerSeed(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(SERVER_SEED_BYTES)));
}

/** The commitment shown before play: sha256 of the seed's hex text, as hex. */
export function commitServerSeed(serverSeed: string): string {
  if (!isServerSeed(serverSeed))
    throw new HouseGameError('INVALID_SEED', 'A server seed is 64 lowercase hex characters');
  return sha256Hex(serverSeed);
}

export function matchesCommitment(serverSeed: string, commitment: string): boolean {
  return isServerSeed(serverSeed) && sha256Hex(serverSeed) === commitment.toLowerCase();
}

/** A player's active pair: the server seed stays secret until rotation; only its hash is shown. */
export interface ActiveSeedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next bet will use. */
  nextNonce: number;
}

export interface RevealedSeedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** Bets played on the pair: nonces 0 … roundsPlayed − 1. */
  roundsPlayed: number;
}

export interface SeedRotation {
  revealed: RevealedSeedPair;
  next: ActiveSeedPair;
}

export function createSeedPair(clientSeed: string, serverSeed: string = generateServerSeed()): ActiveSeedPair {
  assertClientSeed(clientSeed);
  return { serverSeed, serverSeedHash: commitServerSeed(serverSeed), clientSeed, nextNonce: 0 };
}

/**
 * Rotation reveals the old server seed (so every round played on it can be verified) and commits a
 * new one before any bet uses it; nonces restart at 0. Pure data: the caller stores both halves
 * in one transaction, and may pass the new seeds in (tests do).
 */
export function rotateSeedPair(
  active: ActiveSeedPair,
  options: { nextClientSeed?: string; nextServerSeed?: string } = {},
): SeedRotation {
  return {
    revealed: {
      serverSeed: active.serverSeed,
      serverSeedHash: active.serverSeedHash,
      clientSeed: active.clientSeed,
      roundsPlayed: active.nextNonce,
    },
    next: createSeedPair(options.nextClientSeed ?? active.clientSeed, options.nextServerSeed ?? generateServerSeed()),
  };
}
