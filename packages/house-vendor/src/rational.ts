/** An exact fraction, for multipliers and probabilities that must not pass through a float. */
export interface Rational {
  numerator: bigint;
  denominator: bigint;
}

/** For display and test tolerances only; money is always computed from the bigint parts. */
export function rationalToNumber({ numerator, denominator }: Rational): number {
  // Scale first so the quotient keeps about 18 digits before it leaves bigint.
  return Number((numerator * 10n ** 18n) / denominator) / 1e18;
}
