/**
 * Money in the game clients: minor units as decimal strings, BigInt for arithmetic, never a float.
 * A copy of the wallet's tiny formatter (features do not import each other).
 */
export const MONEY_DECIMALS = 2;

/** "1234567" → "12,345.67". */
export function formatMinor(minor: string | bigint, decimals = MONEY_DECIMALS): string {
  const text = typeof minor === 'bigint' ? minor.toString() : minor;
  if (!/^-?\d+$/.test(text)) return '—';
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, '');
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Minor units as the player would type them: "10050" → "100.5", "10000" → "100". */
export function minorToInput(minor: string | bigint, decimals = MONEY_DECIMALS): string {
  const text = typeof minor === 'bigint' ? minor.toString() : minor;
  if (!/^\d+$/.test(text)) return '';
  const padded = text.replace(/^0+(?=\d)/, '').padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export type BetIssue = 'required' | 'format' | 'decimals' | 'min' | 'max' | 'balance';
export type BetCheck = { ok: true; minor: string } | { ok: false; issue: BetIssue };

const SHAPE = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/;
const MAX_MINOR_DIGITS = 18;

/** What the player typed (currency units, optional commas, up to 2 decimals) as minor units. */
export function parseAmountToMinor(input: string, decimals = MONEY_DECIMALS): BetCheck {
  const text = input.trim();
  if (text === '') return { ok: false, issue: 'required' };
  if (!SHAPE.test(text)) return { ok: false, issue: 'format' };
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  if (fraction.length > decimals) return { ok: false, issue: 'decimals' };
  const digits = `${whole}${fraction.padEnd(decimals, '0')}`.replace(/^0+/, '');
  if (digits === '') return { ok: false, issue: 'min' };
  if (digits.length > MAX_MINOR_DIGITS) return { ok: false, issue: 'max' };
  return { ok: true, minor: digits };
}

export interface BetLimits {
  minBet: string;
  maxBet: string;
}

/** parseAmountToMinor plus the game's limits and, when known, the balance. */
export function checkBet(input: string, limits: BetLimits, balance?: string | null): BetCheck {
  const parsed = parseAmountToMinor(input);
  if (!parsed.ok) return parsed;
  const value = BigInt(parsed.minor);
  if (value < BigInt(limits.minBet)) return { ok: false, issue: 'min' };
  if (value > BigInt(limits.maxBet)) return { ok: false, issue: 'max' };
  if (balance != null && /^\d+$/.test(balance) && value > BigInt(balance)) return { ok: false, issue: 'balance' };
  return parsed;
}

function clamp(value: bigint, limits: BetLimits): bigint {
  const min = BigInt(limits.minBet);
  const max = BigInt(limits.maxBet);
  return value < min ? min : value > max ? max : value;
}

/** The ½ and 2× buttons: halve or double what is typed, kept inside the limits; unreadable input starts at the minimum. */
export function scaleBet(input: string, factor: 'half' | 'double', limits: BetLimits): string {
  const parsed = parseAmountToMinor(input);
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

const SYMBOLS: Record<string, string> = { KRW: '₩', USD: '$', CNY: '¥' };

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency] ?? '';
}
