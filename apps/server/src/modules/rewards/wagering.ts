import type { BonusStatus, PromotionRules } from '@portal/contracts/rewards/rewards.contract.ts';

/**
 * The arithmetic of bonuses and wagering (decision 070), in integers of minor units: one place, so
 * the service, the ledger trigger's twin here and the property tests agree.
 */

/** A rate-based bonus: `ratePercent` of the base (a deposit, a net loss), rounded down, at most `maxBonus`. */
export function rateBonus(rules: Pick<PromotionRules, 'ratePercent' | 'maxBonus'>, base: bigint): bigint {
  if (!rules.ratePercent || base <= 0n) return 0n;
  const raw = (base * BigInt(rules.ratePercent)) / 100n;
  return rules.maxBonus !== undefined && raw > BigInt(rules.maxBonus) ? BigInt(rules.maxBonus) : raw;
}

/**
 * A bonus's amounts: the bonus itself (given, or `rateBonus` of the deposit), the turnover it needs
 * (multiple × bonus, or × bonus plus deposit) and the part of the main wallet it locks (the deposit,
 * when the deposit is part of the wagering base).
 */
export function bonusAmounts(
  rules: Pick<PromotionRules, 'ratePercent' | 'maxBonus' | 'wageringMultiple' | 'wageringBase'>,
  deposit: bigint,
  given?: bigint,
): { bonus: bigint; wageringRequired: bigint; lockedAmount: bigint } {
  const bonus = given ?? rateBonus(rules, deposit);
  const withDeposit = rules.wageringBase === 'BONUS_AND_DEPOSIT';
  const base = bonus + (withDeposit ? deposit : 0n);
  return {
    bonus,
    wageringRequired: base * BigInt(rules.wageringMultiple),
    lockedAmount: withDeposit && rules.wageringMultiple > 0 ? deposit : 0n,
  };
}

/** How much of a stake counts toward wagering: its game type's percent ("*" for the rest, 100 when unset), rounded down. */
export function weightedStake(amount: bigint, weights: Record<string, number>, gameType: string): bigint {
  const percent = weights[gameType] ?? weights['*'] ?? 100;
  return (amount * BigInt(percent)) / 100n;
}

/** 0–100, rounded down; a released bonus is 100, a bonus that needs nothing is 100. */
export function progressPercent(wagered: bigint, required: bigint, status: BonusStatus): number {
  if (status === 'RELEASED' || required === 0n) return 100;
  const p = (wagered * 100n) / required;
  return Number(p > 100n ? 100n : p);
}
