import { HouseGameError } from '../house-game-error.ts';
import { FIVE_DIGIT_BET_TYPES, type FiveDigitResult } from './five-digit.ts';
import { findBetType, type LotteryBetType, ticketPayout } from './lottery-bet.ts';
import { TEN_CAR_BET_TYPES, type RaceResult } from './ten-car-race.ts';
import { THREE_DICE_BET_TYPES, type ThreeDiceResult } from './three-dice.ts';
import { drawNumbers, drawOrder } from './lottery-result.ts';
import { SEA_BET_TYPES, type SeaResult, seaDrawResult } from './sea-lottery.ts';
import {
  VN_DRAW_TIME,
  VN_ROTATION,
  type VnRegion,
  vnBetTypes,
  vnDate,
  vnDrawId,
  vnDrawResult,
  vnTime,
} from './vn-lottery.ts';

/** A game family: how a result is drawn from (seed, drawId) and its bet types. */
export interface LotteryFamily<R = unknown> {
  code: 'FIVE_DIGIT' | 'THREE_DICE' | 'TEN_CAR_RACE' | 'VN_NORTH' | 'VN_SOUTH' | 'VN_CENTRAL' | 'SEA';
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

const vnFamily = (region: VnRegion): LotteryFamily<readonly number[]> => ({
  code: `VN_${region.toUpperCase()}` as 'VN_NORTH' | 'VN_SOUTH' | 'VN_CENTRAL',
  result: (seed, drawId) => vnDrawResult(region, seed, drawId),
  betTypes: vnBetTypes(region),
});
export const VN_NORTH = vnFamily('north');
export const VN_SOUTH = vnFamily('south');
export const VN_CENTRAL = vnFamily('central');

export const SEA: LotteryFamily<SeaResult> = { code: 'SEA', result: seaDrawResult, betTypes: SEA_BET_TYPES };

/** One draw of a game's schedule. */
export interface ScheduledDraw {
  id: string;
  opensAt: Date;
  closesAt: Date;
  drawsAt: Date;
}

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
  /**
   * A game on a calendar (the daily draws, decision 092): the draws of the Vietnam date of `at` and
   * of the next, each opening a day before its draw. Without it the game draws every `intervalMs`.
   */
  calendar?: (at: Date) => ScheduledDraw[];
  /** The catalogue's lane: the fast draws are the e-lottery's, the daily draws the lottery centre's. */
  lane: 'ELOTT' | 'LOTT';
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
  lane: 'ELOTT',
});

const DAY_MS = 86_400_000;
/** Betting on a daily draw closes 15 minutes before it. */
const DAILY_CUTOFF_MS = 15 * 60_000;

/** The draws of a daily game on the Vietnam date of `at` and the next: `markets(weekday)` draw each day. */
function dailyCalendar(
  time: { hour: number; minute: number },
  markets: (weekday: number) => readonly string[],
  id: (market: string, stamp: string) => string,
) {
  return (at: Date): ScheduledDraw[] =>
    [0, 1].flatMap((plus) => {
      const drawsAt = vnTime(at, time.hour, time.minute, plus);
      const date = vnDate(drawsAt);
      return markets(date.weekday).map((market) => ({
        id: id(market, date.stamp),
        opensAt: new Date(drawsAt.getTime() - DAY_MS),
        closesAt: new Date(drawsAt.getTime() - DAILY_CUTOFF_MS),
        drawsAt,
      }));
    });
}

/** The daily draws' limits: ₩1,000 to ₩5,000,000 a ticket, at most ₩100,000,000 paid on one. */
const dailyLimits = {
  intervalMs: DAY_MS,
  cutoffMs: DAILY_CUTOFF_MS,
  minStake: 100_000n,
  maxStake: 500_000_000n,
  maxPayout: 10_000_000_000n,
  // ₩300,000,000 on one number of one bet type, ₩5,000,000,000 on one draw.
  maxSelectionLiability: 30_000_000_000n,
  maxDrawPayout: 500_000_000_000n,
  lane: 'LOTT' as const,
};

const vnGame = (region: VnRegion, family: LotteryFamily<readonly number[]>): LotteryGame => {
  const code = `lotto-vn-${region}`;
  return {
    code,
    family: family as LotteryFamily<never>,
    ...dailyLimits,
    calendar: dailyCalendar(
      VN_DRAW_TIME[region],
      (weekday) => VN_ROTATION[region][weekday]!,
      (province, stamp) => vnDrawId(code, region, province, stamp),
    ),
  };
};

/** The SEA draw: daily at 16:00 Bangkok time (UTC+7, the same clock as Vietnam's). */
const SEA_GAME: LotteryGame = {
  code: 'lotto-sea',
  family: SEA as LotteryFamily<never>,
  ...dailyLimits,
  calendar: dailyCalendar(
    { hour: 16, minute: 0 },
    () => ['sea'],
    (_market, stamp) => `lotto-sea-${stamp}`,
  ),
};

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
  vnGame('north', VN_NORTH),
  vnGame('south', VN_SOUTH),
  vnGame('central', VN_CENTRAL),
  SEA_GAME,
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

/**
 * The draws to have committed at `at`: a fast game's current and next draw, a daily game's draws of
 * today and tomorrow (Vietnam date). Each opens when the one before it is drawn (or a day before it).
 */
export function upcomingDraws(game: LotteryGame, at: Date): ScheduledDraw[] {
  return game.calendar ? game.calendar(at) : [drawTimes(game, at, 0), drawTimes(game, at, 1)];
}

/** A bet type of a game by its code (INVALID_BET if the game has none of that code). */
export const betTypeOf = (game: LotteryGame, betType: string, selection: string) =>
  findBetType(game.family.betTypes, betType, selection);

/** Checks a ticket's bet and answers its odds; a bad bet type or selection is INVALID_BET. */
export function priceTicket(game: LotteryGame, betType: string, selection: string): number {
  return findBetType(game.family.betTypes, betType, selection).oddsBasisPoints(selection);
}

/**
 * The most a ticket can pay: its stake at its odds, as many times as its bet type can be paid on one
 * draw (lô: once per prize number), capped at the game's maximum payout per ticket.
 */
export function ticketLiability(game: LotteryGame, stake: bigint, oddsBasisPoints: number, betType?: string): bigint {
  const maxHits = game.family.betTypes.find((t) => t.code === betType)?.maxHits ?? 1;
  const paid = ticketPayout(stake, oddsBasisPoints, maxHits);
  return paid > game.maxPayout ? game.maxPayout : paid;
}

/** What a ticket pays on a result, capped at the game's maximum payout per ticket. */
export function settleTicket(
  game: LotteryGame,
  result: unknown,
  ticket: { betType: string; selection: string; stake: bigint; oddsBasisPoints: number },
): bigint {
  const type = findBetType(game.family.betTypes, ticket.betType, ticket.selection);
  if (!type.wins(result as never, ticket.selection)) return 0n;
  const paid = ticketPayout(ticket.stake, ticket.oddsBasisPoints, type.hits?.(result as never, ticket.selection) ?? 1);
  return paid > game.maxPayout ? game.maxPayout : paid;
}

export const drawResult = (game: LotteryGame, seed: string, id: string): unknown => game.family.result(seed, id);

/** A game's bet types with the odds of every selection (or of every pick), as the games call shows them. */
export const oddsTable = (game: LotteryGame) =>
  game.family.betTypes.map((t) => ({
    code: t.code,
    selections: t.selections.map((selection) => ({ selection, oddsBasisPoints: t.oddsBasisPoints(selection) })),
    ...(t.pick ? { pick: { ...t.pick, oddsBasisPoints: t.oddsBasisPoints('') } } : {}),
    ...(t.stakeUnit ? { stakeUnit: t.stakeUnit.toString() } : {}),
    ...(t.maxHits ? { maxHits: t.maxHits } : {}),
  }));
