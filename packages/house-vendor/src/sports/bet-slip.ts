import type { LegOutcome } from './markets.ts';

/**
 * Tickets (decision 100): what a single or a parlay pays, which slips are accepted, at which price,
 * and what a cash-out offers. Money is a bigint of minor units; odds are basis points (1.95 = 19 500).
 */
export const MIN_PARLAY_LEGS = 2;
export const MAX_PARLAY_LEGS = 10;

export type SlipRefusal =
  | 'SLIP_EMPTY'
  | 'PARLAY_TOO_SHORT'
  | 'PARLAY_TOO_LONG'
  | 'CORRELATED_LEGS'
  | 'STAKE_TOO_LOW'
  | 'STAKE_TOO_HIGH'
  | 'PAYOUT_TOO_HIGH'
  | 'MATCH_LIMIT_REACHED'
  | 'ODDS_CHANGED'
  | 'MARKET_SUSPENDED';

export class SlipError extends Error {
  constructor(
    readonly code: SlipRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'SlipError';
  }
}

/** A leg's return per unit stake, over 20 000 (so half-wins stay whole): win = odds, push = 1. */
export function legFactor(outcome: LegOutcome, oddsBp: number): bigint {
  const odds = BigInt(oddsBp);
  switch (outcome) {
    case 'WIN':
      return 2n * odds;
    case 'HALF_WIN':
      return odds + 10_000n;
    case 'PUSH':
    case 'VOID':
      return 20_000n;
    case 'HALF_LOSE':
      return 10_000n;
    case 'LOSE':
      return 0n;
  }
}

export interface SettledLeg {
  oddsBp: number;
  outcome: LegOutcome;
}

/**
 * A ticket's payout once every leg is settled: stake × Π leg factors, floored to the minor unit.
 * A voided or pushed leg counts 1 (a parlay goes on with the rest); a single that pushes returns
 * its stake; any lost leg loses the parlay.
 */
export function ticketPayout(stake: bigint, legs: readonly SettledLeg[]): bigint {
  let numerator = stake;
  let denominator = 1n;
  for (const leg of legs) {
    numerator *= legFactor(leg.outcome, leg.oddsBp);
    denominator *= 20_000n;
  }
  return numerator / denominator;
}

/** A parlay's price: the product of its legs' odds, in basis points, floored. */
export function combinedOddsBp(legOddsBp: readonly number[]): number {
  let numerator = 10_000n;
  let denominator = 1n;
  for (const o of legOddsBp) {
    numerator *= BigInt(o);
    denominator *= 10_000n;
  }
  return Number(numerator / denominator);
}

/** What the ticket returns if every leg wins (shown on the slip as the potential return). */
export function potentialReturn(stake: bigint, legOddsBp: readonly number[]): bigint {
  return ticketPayout(
    stake,
    legOddsBp.map((oddsBp) => ({ oddsBp, outcome: 'WIN' as const })),
  );
}

/** A slip of several legs: 2–10, never two legs from one match (their outcomes are correlated). */
export function checkParlay(legs: readonly { matchId: string }[]): void {
  if (legs.length === 0) throw new SlipError('SLIP_EMPTY', 'A ticket needs at least one selection.');
  if (legs.length === 1) return;
  if (legs.length < MIN_PARLAY_LEGS) throw new SlipError('PARLAY_TOO_SHORT', 'A parlay needs at least two legs.');
  if (legs.length > MAX_PARLAY_LEGS)
    throw new SlipError('PARLAY_TOO_LONG', `A parlay has at most ${MAX_PARLAY_LEGS} legs.`);
  const matches = new Set(legs.map((l) => l.matchId));
  if (matches.size !== legs.length)
    throw new SlipError('CORRELATED_LEGS', 'A parlay takes at most one selection from each match.');
}

/** What the player accepts when the price moved between the slip and the book. */
export type OddsPolicy = 'ANY' | 'HIGHER' | 'ASK';
export const ODDS_POLICIES: readonly OddsPolicy[] = ['ANY', 'HIGHER', 'ASK'];

/**
 * The price a leg is accepted at: the book's current odds when the policy allows them, otherwise a
 * refusal naming the new price. ANY takes any move, HIGHER only a move up, ASK none.
 */
export function acceptPrice(policy: OddsPolicy, seenBp: number, currentBp: number | null): number {
  if (currentBp === null) throw new SlipError('MARKET_SUSPENDED', 'This selection is not on offer now.');
  if (currentBp === seenBp) return currentBp;
  if (policy === 'ANY' || (policy === 'HIGHER' && currentBp > seenBp)) return currentBp;
  throw new SlipError('ODDS_CHANGED', `The odds moved from ${seenBp / 10_000} to ${currentBp / 10_000}.`);
}

export interface BetLimits {
  minStake: bigint;
  maxStake: bigint;
  /** Most a ticket may pay. */
  maxPayout: bigint;
  /** Most the book may owe on one match across every open ticket (potential returns). */
  maxMatchPayout: bigint;
}

/**
 * Stake and payout limits: the stake within [min, max], the potential return within the ticket
 * cap, and each match's open liability (what it already owes plus this ticket) within its cap.
 */
export function checkLimits(
  limits: BetLimits,
  stake: bigint,
  potential: bigint,
  matchLiability: ReadonlyMap<string, bigint>,
  matchIds: readonly string[],
): void {
  if (stake < limits.minStake) throw new SlipError('STAKE_TOO_LOW', 'The stake is below the minimum.');
  if (stake > limits.maxStake) throw new SlipError('STAKE_TOO_HIGH', 'The stake is above the maximum.');
  if (potential > limits.maxPayout)
    throw new SlipError('PAYOUT_TOO_HIGH', 'The potential return is above the maximum payout of a ticket.');
  for (const id of matchIds)
    if ((matchLiability.get(id) ?? 0n) + potential > limits.maxMatchPayout)
      throw new SlipError('MATCH_LIMIT_REACHED', 'This match has reached its betting limit.');
}

export interface OpenLeg {
  oddsBp: number;
  /** Settled already, or null while its match is on. */
  outcome: LegOutcome | null;
  /** The chance of each outcome now, from the model's fair prices (open legs only). */
  chances: Record<LegOutcome, number> | null;
}

/** A leg's fair expected return per unit stake: settled legs their factor, open ones the mean over outcomes. */
function expectedFactor(leg: OpenLeg): number {
  if (leg.outcome) return Number(legFactor(leg.outcome, leg.oddsBp)) / 20_000;
  const c = leg.chances!;
  const odds = leg.oddsBp / 10_000;
  return c.WIN * odds + c.HALF_WIN * ((odds + 1) / 2) + c.PUSH + c.VOID + c.HALF_LOSE * 0.5;
}

/** The ticket's fair value now: stake × Π expected leg returns (legs are from different matches). */
export function fairValue(stake: bigint, legs: readonly OpenLeg[]): number {
  return legs.reduce((v, leg) => v * expectedFactor(leg), Number(stake));
}

/** The book keeps this share of the fair value on a cash-out. */
export const CASH_OUT_MARGIN = 0.05;

/**
 * The cash-out offer: the fair value less the book's margin, floored to the minor unit, so never
 * above the fair value; zero when a leg is already lost (nothing to offer).
 */
export function cashOutOffer(stake: bigint, legs: readonly OpenLeg[], margin = CASH_OUT_MARGIN): bigint {
  if (legs.some((l) => l.outcome === 'LOSE')) return 0n;
  const value = fairValue(stake, legs) * (1 - margin);
  return value > 0 ? BigInt(Math.floor(value)) : 0n;
}
