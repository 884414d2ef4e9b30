import type { FairRng } from '../fairness/fair-rng.ts';
import { HouseGameError } from '../house-game-error.ts';
import { mulDivFloor, parseBet, type MinorUnitsInput } from '../minor-units.ts';
import type { Rational } from '../rational.ts';
import type { GameMetadata } from './game-metadata.ts';
import { integerParam, paramsObject } from './game-params.ts';

export const MINES: GameMetadata = {
  code: 'mini-mines',
  category: 'mini',
  nameKey: 'houseGames.mini-mines.name',
  rtpBasisPoints: 9900,
  minBet: 10n,
  maxBet: 1_000_000n,
};

/** A 5×5 board: tiles 0…24, row by row. */
export const MINES_TILES = 25;
export const MINES_MIN_MINES = 1;
export const MINES_MAX_MINES = 24;

export interface MinesParams {
  bet: MinorUnitsInput;
  mines: number;
  /** Tiles in the order the player opened them; the round cashes out after the last one. */
  picks: number[];
}

export interface MinesPick {
  tile: number;
  safe: boolean;
}

export interface MinesOutcome {
  kind: 'mines';
  game: string;
  bet: bigint;
  /** Where the mines lay, ascending. */
  mineTiles: number[];
  /** The picks that were played: all of them, or up to and including the one that hit a mine. */
  picks: MinesPick[];
  status: 'cashed_out' | 'busted';
  payout: bigint;
}

function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/**
 * The mine layout is fixed by the seeds alone, before the first pick: the first `mines` tiles of a
 * Fisher–Yates shuffle of the board. So the server can answer each pick as it comes, and the
 * player's choices cannot move a mine.
 */
export function minesLayout(rng: FairRng, mines: number): number[] {
  integerParam(mines, 'mines', MINES_MIN_MINES, MINES_MAX_MINES);
  const tiles = Array.from({ length: MINES_TILES }, (_, tile) => tile);
  return rng.draw(tiles, mines).sort((a, b) => a - b);
}

/**
 * Cash-out multiplier after k safe picks: 0.99 × C(25, k) ÷ C(25 − mines, k). The chance of k safe
 * picks is C(25 − mines, k) ÷ C(25, k) whichever tiles are chosen, so every strategy returns 99 %.
 */
export function minesMultiplier(mines: number, safePicks: number): Rational {
  return {
    numerator: BigInt(MINES.rtpBasisPoints) * binomial(MINES_TILES, safePicks),
    denominator: 10_000n * binomial(MINES_TILES - mines, safePicks),
  };
}

function parsePicks(value: unknown, mines: number): number[] {
  const maxPicks = MINES_TILES - mines;
  if (!Array.isArray(value) || value.length < 1 || value.length > maxPicks) {
    throw new HouseGameError('INVALID_GAME_PARAMS', `picks must list 1 to ${maxPicks} tiles`);
  }
  const picks = value.map((tile) => integerParam(tile, 'a picked tile', 0, MINES_TILES - 1));
  if (new Set(picks).size !== picks.length) throw new HouseGameError('INVALID_GAME_PARAMS', 'A tile is picked once');
  return picks;
}

export function playMines(rng: FairRng, params: MinesParams): MinesOutcome {
  const raw = paramsObject(params, MINES.code);
  const bet = parseBet(raw.bet, MINES);
  const mines = integerParam(raw.mines, 'mines', MINES_MIN_MINES, MINES_MAX_MINES);
  const requested = parsePicks(raw.picks, mines);
  const mineTiles = minesLayout(rng, mines);

  const picks: MinesPick[] = [];
  for (const tile of requested) {
    const safe = !mineTiles.includes(tile);
    picks.push({ tile, safe });
    // The round ends on a mine; anything picked after it was never played.
    if (!safe) return { kind: 'mines', game: MINES.code, bet, mineTiles, picks, status: 'busted', payout: 0n };
  }
  const { numerator, denominator } = minesMultiplier(mines, picks.length);
  return {
    kind: 'mines',
    game: MINES.code,
    bet,
    mineTiles,
    picks,
    status: 'cashed_out',
    payout: mulDivFloor(bet, numerator, denominator),
  };
}
