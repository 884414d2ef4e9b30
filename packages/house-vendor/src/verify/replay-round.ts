import { createFairRng } from '../fairness/fair-rng.ts';
import { findHouseGame, type HouseGameOutcome } from '../games/game-registry.ts';

/**
 * The one way a round is played and re-played: the server calls it with the active (secret) seed
 * to settle a bet, and the browser's verify view calls it with the revealed seed to check that bet.
 * The game is chosen before any byte is drawn, and params are validated before the outcome is read.
 */
export function replayRound(
  gameCode: string,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: unknown,
): HouseGameOutcome {
  const game = findHouseGame(gameCode);
  return game.play(createFairRng({ serverSeed, clientSeed, nonce }), params);
}
