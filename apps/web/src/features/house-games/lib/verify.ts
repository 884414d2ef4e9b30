import { matchesCommitment } from '@portal/house-vendor/fairness/server-seed.ts';
import { replayRound } from '@portal/house-vendor/verify/replay-round.ts';

/** What the verify view needs of a recorded round (HouseRound of the contract). */
export interface VerifiableRound {
  gameCode: string;
  params: unknown;
  outcome: unknown;
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
}

export type VerifyResult =
  | { state: 'unrevealed' }
  | { state: 'no-outcome' }
  | { state: 'error'; hashOk: boolean; message: string }
  | { state: 'done'; hashOk: boolean; matches: boolean; replayed: unknown; recorded: unknown };

/** bigint → decimal string, as the vendor stores outcomes. */
export function toPlainJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}

/** Deep equality of JSON values that ignores object key order (a JSON column does not keep it). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameJson(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && sameJson(left[key], right[key]));
}

/**
 * Recomputes a round in the browser from its revealed seed: the seed must hash to the commitment
 * shown before play, and the engine must give the recorded outcome from the recorded params.
 */
export function verifyRound(round: VerifiableRound): VerifyResult {
  if (!round.serverSeed) return { state: 'unrevealed' };
  if (round.outcome === null || round.outcome === undefined) return { state: 'no-outcome' };
  const hashOk = matchesCommitment(round.serverSeed, round.serverSeedHash);
  try {
    const replayed = toPlainJson(
      replayRound(round.gameCode, round.serverSeed, round.clientSeed, round.nonce, round.params),
    );
    return {
      state: 'done',
      hashOk,
      matches: hashOk && sameJson(replayed, round.outcome),
      replayed,
      recorded: round.outcome,
    };
  } catch (error) {
    return { state: 'error', hashOk, message: error instanceof Error ? error.message : String(error) };
  }
}
