import { sha256Hex } from '@portal/house-vendor/fairness/sha256.ts';
import { drawResult, findLotteryGame } from '@portal/house-vendor/lottery/lottery-games.ts';

export interface DrawCheck {
  /** sha256(seed) equals the commitment published before betting opened. */
  commitmentMatches: boolean;
  /** The result recomputed here from the seed and the draw id. */
  recomputed: number[];
  /** The recomputed result equals the one the vendor published. */
  resultMatches: boolean;
}

/** Checks a drawn draw in the browser with the same function the vendor drew it with (decision 090). */
export function verifyDraw(draw: {
  gameCode: string;
  drawId: string;
  seed: string;
  seedHash: string;
  result: number[];
}): DrawCheck {
  const recomputed = drawResult(findLotteryGame(draw.gameCode), draw.seed, draw.drawId) as number[];
  return {
    commitmentMatches: sha256Hex(draw.seed) === draw.seedHash,
    recomputed,
    resultMatches: recomputed.join(',') === draw.result.join(','),
  };
}

/** A listed draw's check in one word: OK; CANCELLED (no result, its seed matches); or what failed. */
export type DrawVerdict = 'OK' | 'CANCELLED' | 'BAD_COMMITMENT' | 'BAD_RESULT';
export const verdictHolds = (v: DrawVerdict) => v === 'OK' || v === 'CANCELLED';

/** Checks a revealed draw: its seed against the commitment, and (when drawn) the result recomputed here. */
export function checkDraw(draw: {
  gameCode: string;
  drawId: string;
  seed: string | null;
  seedHash: string;
  result: number[] | null;
}): DrawVerdict {
  if (draw.seed === null || sha256Hex(draw.seed) !== draw.seedHash) return 'BAD_COMMITMENT';
  if (draw.result === null) return 'CANCELLED';
  return verifyDraw({ ...draw, seed: draw.seed, result: draw.result }).resultMatches ? 'OK' : 'BAD_RESULT';
}
