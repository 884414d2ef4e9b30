import { newRequestId } from '@portal/contracts/money.ts';

/**
 * The idempotency key of one play. A retry of the same click (same params after an answer that
 * never came) sends the same id, so the vendor answers the same round and charges once; anything
 * else gets a fresh id (the contract's newRequestId).
 */
export interface PendingRequest {
  id: string;
  key: string;
}

/** The id for a play of `key` (its params as JSON): the pending one when it is a retry of the same play. */
export function requestIdFor(
  pending: PendingRequest | null,
  key: string,
  fresh: () => string = newRequestId,
): PendingRequest {
  return pending && pending.key === key ? pending : { id: fresh(), key };
}

/** Errors after which the round's fate is unknown: keep the id so a retry cannot play twice. */
const UNKNOWN_FATE = new Set(['NETWORK_ERROR', 'INVALID_RESPONSE', 'GAME_TEMPORARILY_UNAVAILABLE', 'INTERNAL_ERROR']);

export function keepsRequestId(code: string | undefined): boolean {
  return code !== undefined && UNKNOWN_FATE.has(code);
}
