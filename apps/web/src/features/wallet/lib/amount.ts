/** Round amounts offered as chips under the amount field, in whole currency units. */
export const QUICK_AMOUNT_STEPS = [100, 500, 1_000, 5_000, 10_000, 50_000, 100_000, 500_000, 1_000_000] as const;

/** Whole-currency quick amounts that fall inside the limits, at most `count` of them. */
export function quickAmounts(
  min: string,
  max: string,
  decimals = 2,
  steps: readonly number[] = QUICK_AMOUNT_STEPS,
  count = 6,
): string[] {
  const unit = 10n ** BigInt(decimals);
  return steps
    .map((s) => BigInt(s) * unit)
    .filter((m) => m >= BigInt(min) && m <= BigInt(max))
    .slice(0, count)
    .map(String);
}
