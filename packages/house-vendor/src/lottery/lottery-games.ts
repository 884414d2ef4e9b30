import { HouseGameError } from '../house-game-error.ts';
import { FIVE_DIGIT_BET_TYPES, type FiveDigitResult } from './five-digit.ts';
import { findBetType, type LotteryBetType, ticketPayout } from './lottery-bet.ts';
import { TEN_CAR_BET_TYPES, type RaceResult } from './ten-car-race.ts';
import { THREE_DICE_BET_TYPES, type ThreeDiceResult } from './three-dice.ts';
import { drawNumbers, drawOrder } from './lottery-result.ts';

/** A game family: how a result is drawn from (seed, drawId) and its bet types. */
export interface LotteryFamily<R = unknown> {
  code: 'FIVE_DIGIT' | 'THREE_DICE' | 'TEN_CAR_RACE';
  result(seed: string, drawId: string): R;
  betTypes: readonly LotteryBetType<R>[];
}

export const FIVE_DIGIT: LotteryFamily<FiveDigitResult> = {
  code: 'FIVE_DIGIT',
  result: (seed, drawId) => drawNumbers(seed, drawId, { count: 5, range: 10 }),
  betTypes: FIVE_DIGIT_BET_TYPES,
};

export const THREE_DICE: LotteryFamily<ThreeDiceResult> = {
  code: 'THREE_DICE',
  result: (seed, drawId) => drawNumbers(seed, drawId, { count: 3, range: 6 }).map((n) => n + 1),
  betTypes: THREE_DICE_BET_TYPES,
};

export const TEN_CAR_RACE: LotteryFamily<RaceResult> = {
  code: 'TEN_CAR_RACE',
  result: (seed, drawId) => drawOrder(seed, drawId, 10),
  betTypes: TEN_CAR_BET_TYPES,
};

/**
 * A game as the catalogue lists it: one family on one schedule. Draws are aligned to the epoch
 * (every instance computes the same draw times); a draw's betting opens when the draw before it is
 * drawn and closes `cutoffMs` before its own draw.
 */
export interface LotteryGame {
  code: string;
  family: LotteryFamily<never>;
  intervalMs: number;
  cutoffMs: number;
  minStake: bigint;
  maxStake: bigint;
  /** The most one ticket may pay. */
  maxPayout: bigint;
  /** The most one draw's tickets on one selection of one bet type may pay together (decision 091). */
  maxSelectionLiability: bigint;
  /** The most one draw may pay: the sum of every ticket's possible payout stays under it (decision 091). */
  maxDrawPayout: bigint;
}

const fast = (family: LotteryFamily<never>, prefix: string, minutes: number, cutoffSeconds: number): LotteryGame => ({
  code: `lotto-${prefix}-${minutes}m`,
  family,
  intervalMs: minutes * 60_000,
  cutoffMs: cutoffSeconds * 1000,
  // Minor units (two decimals): ₩10 to ₩1,000,000 a ticket, at most ₩50,000,000 paid on one.
  minStake: 1_000n,
  maxStake: 100_000_000n,
  maxPayout: 5_000_000_000n,
  // ₩100,000,000 on one selection of one bet type, ₩2,000,000,000 on one draw.
  maxSelectionLiability: 10_000_000_000n,
  maxDrawPayout: 200_000_000_000n,
});

const FIVE = FIVE_DIGIT as LotteryFamily<never>;
const DICE = THREE_DICE as LotteryFamily<never>;
const RACE = TEN_CAR_RACE as LotteryFamily<never>;
export const LOTTERY_GAMES: readonly LotteryGame[] = [
  fast(FIVE, '5d', 1, 10),
  fast(FIVE, '5d', 3, 20),
  fast(FIVE, '5d', 5, 30),
  fast(DICE, 'k3', 1, 10),
  fast(DICE, 'k3', 3, 20),
  fast(DICE, 'k3', 5, 30),
  fast(RACE, 'pk10', 1, 10),
  fast(RACE, 'pk10', 3, 20),
  fast(RACE, 'pk10', 5, 30),
];

export function findLotteryGame(code: string): LotteryGame {
  const game = LOTTERY_GAMES.find((g) => g.code === code);
  if (!game) throw new HouseGameError('INVALID_GAME', `There is no lottery game ${code}.`);
  return game;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `lotto-5d-1m-202611241431`: the game and the draw's UTC minute (every draw is on a whole minute). */
export function drawId(game: LotteryGame, drawsAt: Date): string {
  const d = drawsAt;
  const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
  return `${game.code}-${stamp}`;
}

/** The draw whose betting is open at `now` (or about to close): the first draw time after `now`. */
export function drawTimes(game: LotteryGame, now: Date, ahead = 0) {
  const drawsAt = new Date((Math.floor(now.getTime() / game.intervalMs) + 1 + ahead) * game.intervalMs);
  return {
    id: drawId(game, drawsAt),
    opensAt: new Date(drawsAt.getTime() - game.intervalMs),
    closesAt: new Date(drawsAt.getTime() - game.cutoffMs),
    drawsAt,
  };
}

/** Checks a ticket's bet and answers its odds; a bad bet type or selection is INVALID_BET. */
export function priceTicket(game: LotteryGame, betType: string, selection: string): number {
  return findBetType(game.family.betTypes, betType, selection).oddsBasisPoints(selection);
}

/** The most a ticket can pay: its stake at its odds, capped at the game's maximum payout per ticket. */
export function ticketLiability(game: LotteryGame, stake: bigint, oddsBasisPoints: number): bigint {
  const paid = ticketPayout(stake, oddsBasisPoints, true);
  return paid > game.maxPayout ? game.maxPayout : paid;
}

/** What a ticket pays on a result, capped at the game's maximum payout per ticket. */
export function settleTicket(
  game: LotteryGame,
  result: unknown,
  ticket: { betType: string; selection: string; stake: bigint; oddsBasisPoints: number },
): bigint {
  const type = findBetType(game.family.betTypes, ticket.betType, ticket.selection);
  return type.wins(result as never, ticket.selection)
    ? ticketLiability(game, ticket.stake, ticket.oddsBasisPoints)
    : 0n;
}

export const drawResult = (game: LotteryGame, seed: string, id: string): unknown => game.family.result(seed, id);
