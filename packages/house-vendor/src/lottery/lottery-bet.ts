import { HouseGameError } from '../house-game-error.ts';

/**
 * A bet on numbers the player picks rather than cells of a board (the Vietnam and SEA draws, decision
 * 092): `count` different numbers of `digits` digits each, written with their leading zeros in
 * ascending order and joined by `-` ("07-23" is a pick of two two-digit numbers).
 */
export interface NumberPick {
  count: number;
  digits: number;
}

/** One bet type of a lottery game: its selections, the odds of each, and when a selection wins. */
export interface LotteryBetType<R> {
  code: string;
  /** Every selection a ticket may name, in the board's order (empty for a number pick). */
  selections: readonly string[];
  /** A bet type whose selections are picked numbers: any pick of this shape is a selection. */
  pick?: NumberPick;
  /** Decimal odds in basis points (stake included): 19 600 pays 1.96 × the stake. */
  oddsBasisPoints(selection: string): number;
  wins(result: R, selection: string): boolean;
  /** How many times a winning ticket is paid (lô: once per prize number it matches); once if absent. */
  hits?(result: R, selection: string): number;
  /** The most times one ticket can be paid: what its liability counts (decision 091). */
  maxHits?: number;
  /** A stake must be a whole number of this (lô's point, decision 092); any stake if absent. */
  stakeUnit?: bigint;
}

/** What a winning ticket pays: stake × odds × hits, floored to the minor unit. A losing ticket pays 0. */
export function ticketPayout(stake: bigint, oddsBasisPoints: number, won: boolean | number): bigint {
  const hits = typeof won === 'number' ? won : won ? 1 : 0;
  return (stake * BigInt(oddsBasisPoints) * BigInt(hits)) / 10_000n;
}

/** Whether `selection` is a pick of this shape: distinct numbers, zero-padded, ascending, joined by `-`. */
export function isPick(pick: NumberPick, selection: string): boolean {
  const parts = selection.split('-');
  if (parts.length !== pick.count) return false;
  const shape = new RegExp(`^\\d{${pick.digits}}$`);
  return parts.every((p, i) => shape.test(p) && (i === 0 || p > parts[i - 1]!));
}

/** The numbers of a pick as integers. */
export const pickNumbers = (selection: string) => selection.split('-').map(Number);

/** Writes numbers as a pick's selection (sorted, zero-padded): [23, 7] → "07-23". */
export const pickSelection = (numbers: readonly number[], digits: number) =>
  [...numbers]
    .sort((a, b) => a - b)
    .map((n) => String(n).padStart(digits, '0'))
    .join('-');

export function findBetType<R>(types: readonly LotteryBetType<R>[], code: string, selection: string) {
  const type = types.find((t) => t.code === code);
  if (!type) throw new HouseGameError('INVALID_BET', `There is no bet type ${code}.`);
  if (type.pick ? !isPick(type.pick, selection) : !type.selections.includes(selection))
    throw new HouseGameError('INVALID_BET', `${selection} is not a selection of ${code}.`);
  return type;
}
