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
