/**
 * What the player types in an amount field, turned into the minor units the cashier contract takes
 * (a positive whole number as a decimal string) — or the reason it cannot be. Strings and BigInt
 * only: "100.1" is 10010 minor units exactly, never 10009.999….
 */
export type AmountIssue = 'required' | 'format' | 'decimals' | 'positive' | 'min' | 'max';

export type AmountCheck = { ok: true; minor: string } | { ok: false; issue: AmountIssue };

/** Digits with optional thousands commas and an optional fraction; no sign, no exponent, no spaces inside. */
const SHAPE = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/;
/** The contract's ceiling: at most 18 digits of minor units. */
const MAX_MINOR_DIGITS = 18;

export function parseAmount(input: string, decimals = 2): AmountCheck {
  const text = input.trim();
  if (text === '') return { ok: false, issue: 'required' };
  const match = SHAPE.exec(text);
  if (!match) return { ok: false, issue: 'format' };
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  if (fraction.length > decimals) return { ok: false, issue: 'decimals' };
  const digits = `${whole}${fraction.padEnd(decimals, '0')}`.replace(/^0+/, '');
  if (digits === '') return { ok: false, issue: 'positive' };
  if (digits.length > MAX_MINOR_DIGITS) return { ok: false, issue: 'max' };
  return { ok: true, minor: digits };
}

/** parseAmount plus the method's (or the balance's) limits, both in minor units. */
export function checkAmount(
  input: string,
  limits: { min?: string | undefined; max?: string | undefined },
  decimals = 2,
): AmountCheck {
  const parsed = parseAmount(input, decimals);
  if (!parsed.ok) return parsed;
  const value = BigInt(parsed.minor);
  if (limits.min !== undefined && value < BigInt(limits.min)) return { ok: false, issue: 'min' };
  if (limits.max !== undefined && value > BigInt(limits.max)) return { ok: false, issue: 'max' };
  return parsed;
}

/** Minor units as the player would type them: "10050" → "100.5", "10000" → "100". */
export function minorToInput(minor: string, decimals = 2): string {
  if (!/^\d+$/.test(minor)) return '';
  const padded = minor.replace(/^0+(?=\d)/, '').padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

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

/** Round amounts offered as chips under the amount field, in whole currency units. */
export const QUICK_AMOUNT_STEPS = [100, 500, 1_000, 5_000, 10_000, 50_000, 100_000, 500_000, 1_000_000] as const;
