/**
 * Money in the game clients: the contract's money rules (packages/contracts money.ts) plus what only
 * a stake field needs — the game's limits, the balance, and the ½ / 2× / max buttons.
 */
import { checkAmount, minorToInput, type AmountCheck, type AmountIssue } from '@portal/contracts/money.ts';

export { currencySymbol, formatMinor, formatMoney, minorToInput } from '@portal/contracts/money.ts';

export type BetIssue = Exclude<AmountIssue, 'positive'> | 'balance';
export type BetCheck = { ok: true; minor: string } | { ok: false; issue: BetIssue };

export interface BetLimits {
  minBet: string;
  maxBet: string;
}

/** What the player typed checked against the game's limits and, when known, the balance. */
export function checkBet(input: string, limits: BetLimits, balance?: string | null): BetCheck {
  const parsed: AmountCheck = checkAmount(input, { min: limits.minBet, max: limits.maxBet });
  if (!parsed.ok) return { ok: false, issue: parsed.issue === 'positive' ? 'min' : parsed.issue };
  if (balance != null && /^\d+$/.test(balance) && BigInt(parsed.minor) > BigInt(balance))
    return { ok: false, issue: 'balance' };
  return parsed;
}

function clamp(value: bigint, limits: BetLimits): bigint {
  const min = BigInt(limits.minBet);
  const max = BigInt(limits.maxBet);
  return value < min ? min : value > max ? max : value;
}

/** The ½ and 2× buttons: halve or double what is typed, kept inside the limits; unreadable input starts at the minimum. */
export function scaleBet(input: string, factor: 'half' | 'double', limits: BetLimits): string {
  const parsed = checkAmount(input, {});
  const current = parsed.ok ? BigInt(parsed.minor) : BigInt(limits.minBet);
  const next = factor === 'half' ? current / 2n : current * 2n;
  return minorToInput(clamp(next, limits));
}

/** The max button: the game's maximum, or the balance when that is lower (never below the minimum). */
export function maxBet(limits: BetLimits, balance?: string | null): string {
  let max = BigInt(limits.maxBet);
  if (balance != null && /^\d+$/.test(balance) && BigInt(balance) < max) max = BigInt(balance);
  return minorToInput(clamp(max, limits));
}

/** Sums decimal strings of minor units. */
export function addMinor(...values: (string | bigint)[]): string {
  return values.reduce<bigint>((sum, v) => sum + BigInt(v), 0n).toString();
}
