import { HouseGameError } from '../house-game-error.ts';

/** One bet type of a lottery game: its selections, the odds of each, and when a selection wins. */
export interface LotteryBetType<R> {
  code: string;
  /** Every selection a ticket may name, in the board's order. */
  selections: readonly string[];
  /** Decimal odds in basis points (stake included): 19 600 pays 1.96 × the stake. */
  oddsBasisPoints(selection: string): number;
  wins(result: R, selection: string): boolean;
}

/** What a winning ticket pays: stake × odds, floored to the minor unit. A losing ticket pays 0. */
export function ticketPayout(stake: bigint, oddsBasisPoints: number, won: boolean): bigint {
  return won ? (stake * BigInt(oddsBasisPoints)) / 10_000n : 0n;
}

export function findBetType<R>(types: readonly LotteryBetType<R>[], code: string, selection: string) {
  const type = types.find((t) => t.code === code);
  if (!type) throw new HouseGameError('INVALID_BET', `There is no bet type ${code}.`);
  if (!type.selections.includes(selection))
    throw new HouseGameError('INVALID_BET', `${selection} is not a selection of ${code}.`);
  return type;
}
