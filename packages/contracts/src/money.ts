import { MAX_MINOR_AMOUNT } from './limits.ts';

/**
 * Money as people see and type it, one set of rules for the server's pages and messages and every
 * screen of the web (DESIGN.md §2, spec §9): amounts are whole minor units as decimal strings (or
 * bigint), shown with two decimals, thousands grouped with commas and the currency; what a person
 * types is read back into minor units with the bounds the server applies. Strings and BigInt all the
 * way: "100.1" is 10010 minor units exactly, never 10009.999….
 */
export const MONEY_DECIMALS = 2;

const SYMBOLS: Readonly<Record<string, string>> = { KRW: '₩', USD: '$', CNY: '¥', TRIAL: 'T' };

/** The symbol shown before an amount of `currency` ("₩" for KRW); '' for a currency without one. */
export function currencySymbol(currency: string): string {
  return SYMBOLS[currency] ?? '';
}

const asText = (minor: string | bigint) => (typeof minor === 'bigint' ? minor.toString() : minor);

/** "1234567" → "12,345.67" (no currency); '—' for anything that is not a whole number of minor units. */
export function formatMinor(minor: string | bigint, decimals = MONEY_DECIMALS): string {
  const text = asText(minor);
  if (!/^-?\d+$/.test(text)) return '—';
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, '');
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = padded.slice(padded.length - decimals);
  const sign = negative && /[1-9]/.test(digits) ? '-' : '';
  return `${sign}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/**
 * An amount with its currency, as every message and screen shows it: "₩12,345.67", "-₩5.00"; a
 * currency without a symbol is named after the amount ("12.00 EUR"). Without a currency, the bare
 * amount.
 */
export function formatMoney(minor: string | bigint, currency?: string | null, decimals = MONEY_DECIMALS): string {
  const amount = formatMinor(minor, decimals);
  if (amount === '—' || !currency) return amount;
  const symbol = currencySymbol(currency);
  if (!symbol) return `${amount} ${currency}`;
  return amount.startsWith('-') ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`;
}

/** Minor units as a person would type them: "10050" → "100.5", "10000" → "100"; '' for anything else. */
export function minorToInput(minor: string | bigint, decimals = MONEY_DECIMALS): string {
  const text = asText(minor);
  if (!/^\d+$/.test(text)) return '';
  const padded = text.replace(/^0+(?=\d)/, '').padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export type AmountIssue = 'required' | 'format' | 'decimals' | 'positive' | 'min' | 'max';
export type AmountCheck = { ok: true; minor: string } | { ok: false; issue: AmountIssue };

/** Digits with optional thousands commas and an optional fraction; no sign, no exponent, no spaces inside. */
const AMOUNT_SHAPE = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?$/;

/**
 * What a person typed (currency units, optional thousands commas, at most `decimals` decimals) as
 * minor units: a positive whole number no larger than MAX_MINOR_AMOUNT, the bound every call of the
 * server applies — or the reason it is not one.
 */
export function parseAmount(input: string, decimals = MONEY_DECIMALS): AmountCheck {
  const text = input.trim();
  if (text === '') return { ok: false, issue: 'required' };
  if (!AMOUNT_SHAPE.test(text)) return { ok: false, issue: 'format' };
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  if (fraction.length > decimals) return { ok: false, issue: 'decimals' };
  const digits = `${whole}${fraction.padEnd(decimals, '0')}`.replace(/^0+/, '');
  if (digits === '') return { ok: false, issue: 'positive' };
  if (digits.length > MAX_MINOR_AMOUNT.toString().length || BigInt(digits) > MAX_MINOR_AMOUNT)
    return { ok: false, issue: 'max' };
  return { ok: true, minor: digits };
}

export interface AmountLimits {
  /** Minor units; an amount below is refused as 'min'. */
  min?: string | bigint | undefined;
  /** Minor units; an amount above is refused as 'max'. */
  max?: string | bigint | undefined;
}

/** parseAmount plus limits in minor units (a method's bounds, a game's bet limits, the balance). */
export function checkAmount(input: string, limits: AmountLimits, decimals = MONEY_DECIMALS): AmountCheck {
  const parsed = parseAmount(input, decimals);
  if (!parsed.ok) return parsed;
  const value = BigInt(parsed.minor);
  if (limits.min !== undefined && value < BigInt(limits.min)) return { ok: false, issue: 'min' };
  if (limits.max !== undefined && value > BigInt(limits.max)) return { ok: false, issue: 'max' };
  return parsed;
}

/**
 * The idempotency key of one money request (a deposit, a withdrawal, a bet, a wallet move): kept
 * while the same request is retried, so a double click or a retry after a lost answer is one
 * request. getRandomValues, unlike randomUUID, also works on a plain-http address.
 */
export function newRequestId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
