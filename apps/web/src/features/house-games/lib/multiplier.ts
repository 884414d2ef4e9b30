export interface Ratio {
  numerator: bigint;
  denominator: bigint;
}

/**
 * A ratio as a decimal text, floored (a multiplier is never shown above what pays), with at least
 * `minDecimals` and at most `maxDecimals` digits after the point: 9900/4950 → "2.00", 9900/7 → "1414.2857".
 */
export function formatRatio(
  { numerator, denominator }: Ratio,
  maxDecimals = 4,
  minDecimals = 2,
  rounding: 'floor' | 'nearest' = 'floor',
): string {
  if (denominator === 0n) return '—';
  const scale = 10n ** BigInt(maxDecimals);
  const scaled =
    rounding === 'floor'
      ? (numerator * scale) / denominator
      : (numerator * scale * 2n + denominator) / (2n * denominator);
  const whole = (scaled / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let fraction = (scaled % scale).toString().padStart(maxDecimals, '0');
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return fraction ? `${whole}.${fraction}` : whole;
}

/** "2.00×". */
export function formatMultiplier(ratio: Ratio, maxDecimals = 4): string {
  return `${formatRatio(ratio, maxDecimals)}×`;
}

/** A probability as a percentage, rounded to the nearest last digit: 4950/10000 → "49.50%". */
export function formatChance({ numerator, denominator }: Ratio, maxDecimals = 4): string {
  return `${formatRatio({ numerator: numerator * 100n, denominator }, maxDecimals, 2, 'nearest')}%`;
}

/** Whole hundredths as a multiplier text: 235 → "2.35×". */
export function hundredthsToMultiplier(hundredths: number): string {
  return formatMultiplier({ numerator: BigInt(hundredths), denominator: 100n }, 2);
}

/** Payout over bet, for the history: "0.00×" for a loss, "—" without a stake. */
export function roundMultiplier(bet: string, payout: string): string {
  if (!/^\d+$/.test(bet) || !/^\d+$/.test(payout) || bet === '0') return '—';
  return formatMultiplier({ numerator: BigInt(payout), denominator: BigInt(bet) }, 2);
}

/**
 * What the player types as a multiplier ("2", "2.5", "10.25") in whole hundredths, or null.
 * Strings only, so "1.01" is 101 exactly.
 */
export function parseMultiplierHundredths(input: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{0,2}))?$/.exec(input.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
