import { CONTRACT_LIMITS, type ContractKind, type ContractTier } from './contracts.contract.ts';
import { minorToInput, parseAmount } from '../money.ts';

/**
 * The terms of a salary or dividend contract as a person reads and types them (web and back office). A rate travels as an
 * exact decimal fraction ("0.005"); people see and type it as a percentage ("0.5"). Every conversion
 * moves the decimal point in the text, never through a float, so "0.5" % is "0.005" exactly.
 */

/** Decimal places of a percentage: the contract's rate decimals less the two the percent sign takes. */
export const PERCENT_DECIMALS = CONTRACT_LIMITS.rateDecimals - 2;

/** Splits a non-negative decimal text into its whole and fraction digits. */
function digitsOf(text: string): { whole: string; fraction: string } {
  const [whole = '0', fraction = ''] = text.split('.');
  return { whole: whole.replace(/^0+(?=\d)/, '') || '0', fraction };
}

/** A decimal text as a whole number of 10^-scale units. */
function scaled(text: string, scale: number): bigint {
  const { whole, fraction } = digitsOf(text);
  return BigInt(`${whole}${fraction.padEnd(scale, '0').slice(0, scale)}`);
}

/** -1, 0 or 1 as a < b, a = b, a > b, for non-negative decimal texts ("0.005", "1", "0.01"). */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const scale = Math.max(digitsOf(a).fraction.length, digitsOf(b).fraction.length);
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Drops trailing fraction zeros and a bare point: "0.500" → "0.5", "1.000000" → "1". */
function trimFraction(text: string): string {
  if (!text.includes('.')) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/** A rate fraction as a percentage text: "0.005" → "0.5", "1" → "100", "0.0125" → "1.25". */
export function rateToPercent(rate: string): string {
  const { whole, fraction } = digitsOf(rate);
  const padded = fraction.padEnd(2, '0');
  const percentWhole = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  return trimFraction(`${percentWhole}.${padded.slice(2)}`);
}

/** A percentage text as a rate fraction: "0.5" → "0.005", "100" → "1". */
export function percentToRate(percent: string): string {
  const { whole, fraction } = digitsOf(percent);
  const padded = whole.padStart(3, '0');
  const rateWhole = padded.slice(0, padded.length - 2).replace(/^0+(?=\d)/, '');
  return trimFraction(`${rateWhole}.${padded.slice(-2)}${fraction}`);
}

/** "0.005" → "0.5%". */
export const formatRate = (rate: string): string => `${rateToPercent(rate)}%`;

/** The tier's threshold field for a kind: the team's valid bet (salary) or its loss (dividend). */
export const thresholdField = (kind: ContractKind): 'minValidBet' | 'minLoss' =>
  kind === 'DIVIDEND' ? 'minLoss' : 'minValidBet';

/** The threshold of a tier in minor units ('0' when the tier has none for this kind). */
export const thresholdOf = (tier: ContractTier, kind: ContractKind): string => tier[thresholdField(kind)] ?? '0';

/** One tier as typed: amounts in currency units ("1000.50"), active members, a percentage. */
export interface TierDraft {
  threshold: string;
  activeMembers: string;
  percent: string;
}

export type TierIssue =
  'required' | 'format' | 'decimals' | 'notRising' | 'range' | 'rateFalls' | 'aboveMax' | 'positive';

export interface TierErrors {
  threshold?: TierIssue;
  activeMembers?: TierIssue;
  percent?: TierIssue;
}

export type TiersCheck =
  { ok: true; tiers: ContractTier[] } | { ok: false; rows: TierErrors[]; form?: 'none' | 'tooMany' };

/** A tier of the contract shown as the form's text (edit as a new offer starts from it). */
export function draftOf(tier: ContractTier, kind: ContractKind): TierDraft {
  const threshold = thresholdOf(tier, kind);
  return {
    threshold: threshold === '0' ? '0' : minorToInput(threshold),
    activeMembers: String(tier.minActiveMembers),
    percent: rateToPercent(tier.rate),
  };
}

export const emptyDraft = (): TierDraft => ({ threshold: '', activeMembers: '0', percent: '' });

/** A threshold as typed, in minor units: zero allowed (a tier that starts at the first bet). */
function readThreshold(text: string): { ok: true; minor: string } | { ok: false; issue: TierIssue } {
  const trimmed = text.trim();
  if (/^0+(\.0*)?$/.test(trimmed)) return { ok: true, minor: '0' };
  const parsed = parseAmount(trimmed);
  if (parsed.ok) return parsed;
  if (parsed.issue === 'max') return { ok: false, issue: 'range' };
  if (parsed.issue === 'required' || parsed.issue === 'decimals') return { ok: false, issue: parsed.issue };
  return { ok: false, issue: 'format' };
}

const PERCENT_SHAPE = /^\d+(\.\d+)?$/;

/** A percentage as typed, as a rate fraction above 0 and at most `max` (and at most 100 %). */
function readPercent(
  text: string,
  maxRate: string | null,
): { ok: true; rate: string } | { ok: false; issue: TierIssue } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, issue: 'required' };
  if (!PERCENT_SHAPE.test(trimmed)) return { ok: false, issue: 'format' };
  if ((trimmed.split('.')[1] ?? '').length > PERCENT_DECIMALS) return { ok: false, issue: 'decimals' };
  const rate = percentToRate(trimmed);
  if (compareDecimal(rate, '0') <= 0) return { ok: false, issue: 'positive' };
  if (compareDecimal(rate, '1') > 0) return { ok: false, issue: 'range' };
  if (maxRate !== null && compareDecimal(rate, maxRate) > 0) return { ok: false, issue: 'aboveMax' };
  return { ok: true, rate };
}

/**
 * Checks the tiers of an offer as the server will (issue 16): every field readable, thresholds that
 * rise strictly from tier to tier, rates above 0 that never fall and are never above `maxRate` (the
 * offering agent's own rate; null for the operator, whose cap is 100 %), at most
 * CONTRACT_LIMITS.maxTiers tiers. Answers the tiers to send, or each row's problems.
 */
export function checkTiers(drafts: TierDraft[], kind: ContractKind, maxRate: string | null): TiersCheck {
  if (drafts.length === 0) return { ok: false, rows: [], form: 'none' };
  const field = thresholdField(kind);
  const rows: TierErrors[] = drafts.map(() => ({}));
  const tiers: ContractTier[] = [];
  let previous: { threshold: string; rate: string } | null = null;
  drafts.forEach((draft, i) => {
    const errors = rows[i]!;
    const threshold = readThreshold(draft.threshold);
    if (!threshold.ok) errors.threshold = draft.threshold.trim() === '' ? 'required' : threshold.issue;
    const members = draft.activeMembers.trim();
    let activeMembers = 0;
    if (members === '') errors.activeMembers = 'required';
    else if (!/^\d+$/.test(members)) errors.activeMembers = 'format';
    else if (members.length > 6 || Number(members) > CONTRACT_LIMITS.maxActiveMembers) errors.activeMembers = 'range';
    else activeMembers = Number(members);
    const rate = readPercent(draft.percent, maxRate);
    if (!rate.ok) errors.percent = rate.issue;
    if (threshold.ok && previous && compareDecimal(threshold.minor, previous.threshold) <= 0)
      errors.threshold = 'notRising';
    if (rate.ok && previous && compareDecimal(rate.rate, previous.rate) < 0) errors.percent = 'rateFalls';
    if (threshold.ok && rate.ok) {
      previous = { threshold: threshold.minor, rate: rate.rate };
      tiers.push({ [field]: threshold.minor, minActiveMembers: activeMembers, rate: rate.rate });
    } else if (threshold.ok) previous = { threshold: threshold.minor, rate: previous?.rate ?? '0' };
  });
  const tooMany = drafts.length > CONTRACT_LIMITS.maxTiers;
  if (tooMany || rows.some((r) => Object.keys(r).length > 0))
    return tooMany ? { ok: false, rows, form: 'tooMany' } : { ok: false, rows };
  return { ok: true, tiers };
}
