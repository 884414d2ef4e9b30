import { formatMinor } from '@portal/contracts/money.ts';
import { HouseGameError } from './house-game-error.ts';

/**
 * Money in this package is a bigint count of minor units. Bets arrive as bigint from the server
 * and as JSON numbers or decimal strings from the browser's verify view, so one parser accepts
 * all three and refuses anything that is not a whole number of minor units.
 */
export type MinorUnitsInput = bigint | number | string;

export function toMinorUnits(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d{1,30}$/.test(value)) return BigInt(value);
  throw new HouseGameError('INVALID_BET', `A bet is a whole number of minor units, got ${String(value)}`);
}

/** Limits every game declares: a bet outside them is refused before any outcome is drawn. */
export interface BetLimits {
  minBet: bigint;
  maxBet: bigint;
}

export function parseBet(value: unknown, limits: BetLimits): bigint {
  const bet = toMinorUnits(value);
  if (bet <= 0n) throw new HouseGameError('INVALID_BET', 'A bet must be positive');
  if (bet < limits.minBet || bet > limits.maxBet) {
    throw new HouseGameError(
      'INVALID_BET',
      `A bet must be between ${formatMinor(limits.minBet)} and ${formatMinor(limits.maxBet)}`,
    );
  }
  return bet;
}

/** floor(amount × numerator / denominator): payouts are rounded down to the minor unit, never up. */
export function mulDivFloor(amount: bigint, numerator: bigint, denominator: bigint): bigint {
  return (amount * numerator) / denominator;
}
