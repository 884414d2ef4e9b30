import {
  CONTRACT_LIMITS,
  type ContractKind,
  type ContractPeriod,
  type ContractTier,
  SALARY_PERIOD,
} from '@portal/contracts/agent/contracts.contract.ts';
import type { ModuleFlag } from '@portal/contracts/limits.ts';
import { AppError } from '../../plugins/app-error.ts';

/** The module flag that enables each kind on the site (spec §2: dividend, daily wages, hourly and real-time salary). */
export const KIND_FLAG: Record<ContractKind, ModuleFlag> = {
  DAILY_SALARY: 'AGENT_DAILY_SALARY',
  HOURLY_SALARY: 'AGENT_HOURLY_SALARY',
  REALTIME_SALARY: 'AGENT_REALTIME_SALARY',
  DIVIDEND: 'AGENT_DIVIDEND',
};

/** Rates are kept as whole millionths (bigint): "0.005" is 5000n. No floats anywhere. */
export const RATE_SCALE = 10n ** BigInt(CONTRACT_LIMITS.rateDecimals);

export function parseRate(rate: string): bigint {
  const m = /^([01])(?:\.([0-9]{1,6}))?$/.exec(rate);
  if (!m) throw new Error(`not a rate: ${rate}`);
  return BigInt(m[1]!) * RATE_SCALE + BigInt((m[2] ?? '').padEnd(CONTRACT_LIMITS.rateDecimals, '0') || '0');
}

export function formatRate(micro: bigint): string {
  const whole = micro / RATE_SCALE;
  const frac = (micro % RATE_SCALE).toString().padStart(CONTRACT_LIMITS.rateDecimals, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** A tier with its numbers parsed. */
export interface Tier {
  threshold: bigint;
  minActiveMembers: number;
  rate: bigint;
}

export const isSalary = (kind: ContractKind) => kind !== 'DIVIDEND';

/**
 * Checks an offer's tiers and period against its kind and gives them back normalized: salary tiers
 * have `minValidBet` only, dividend tiers `minLoss` only; each tier after the first asks at least as
 * much as the one before in both thresholds and more in one of them, and its rate does not fall.
 */
export function checkOffer(
  kind: ContractKind,
  period: ContractPeriod | undefined,
  tiers: readonly ContractTier[],
): { period: ContractPeriod; tiers: ContractTier[]; maxRate: bigint } {
  const salary = isSalary(kind);
  const settled: ContractPeriod | undefined = salary ? SALARY_PERIOD[kind as keyof typeof SALARY_PERIOD] : period;
  if (!settled) throw new AppError('CONTRACT_PERIOD_REQUIRED', 400, 'A dividend needs a period.', 'body.period');
  const invalid = (i: number, why: string) =>
    new AppError('CONTRACT_TIERS_INVALID', 400, `Tier ${i + 1}: ${why}`, `body.tiers.${i}`);
  if (tiers.length === 0 || tiers.length > CONTRACT_LIMITS.maxTiers) throw invalid(0, 'one to ten tiers.');
  const parsed = tiers.map((t, i) => {
    const own = salary ? t.minValidBet : t.minLoss;
    const other = salary ? t.minLoss : t.minValidBet;
    if (own === undefined || other !== undefined)
      throw invalid(
        i,
        salary ? 'a salary tier has a minimum valid bet only.' : 'a dividend tier has a minimum loss only.',
      );
    return { threshold: BigInt(own), minActiveMembers: t.minActiveMembers, rate: parseRate(t.rate) };
  });
  parsed.forEach((t, i) => {
    const prev = parsed[i - 1];
    if (!prev) return;
    if (t.threshold < prev.threshold || t.minActiveMembers < prev.minActiveMembers)
      throw invalid(i, 'thresholds may not fall from tier to tier.');
    if (t.threshold === prev.threshold && t.minActiveMembers === prev.minActiveMembers)
      throw invalid(i, 'each tier asks more than the one before.');
    if (t.rate < prev.rate) throw invalid(i, 'rates may not fall from tier to tier.');
  });
  return {
    period: settled,
    tiers: parsed.map((t) => ({
      ...(salary ? { minValidBet: t.threshold.toString() } : { minLoss: t.threshold.toString() }),
      minActiveMembers: t.minActiveMembers,
      rate: formatRate(t.rate),
    })),
    maxRate: maxRateOf(parsed),
  };
}

export const parseTiers = (kind: ContractKind, tiers: readonly ContractTier[]): Tier[] =>
  tiers.map((t) => ({
    threshold: BigInt((isSalary(kind) ? t.minValidBet : t.minLoss) ?? '0'),
    minActiveMembers: t.minActiveMembers,
    rate: parseRate(t.rate),
  }));

export const maxRateOf = (tiers: readonly Tier[]) => tiers.reduce((m, t) => (t.rate > m ? t.rate : m), 0n);

/** The highest tier whose thresholds the figures reach (its index), or null when none is reached. */
export function selectTier(tiers: readonly Tier[], base: bigint, activeMembers: number): number | null {
  let chosen: number | null = null;
  tiers.forEach((t, i) => {
    if (
      base >= t.threshold &&
      activeMembers >= t.minActiveMembers &&
      (chosen === null || t.rate >= tiers[chosen]!.rate)
    )
      chosen = i;
  });
  return chosen;
}

/** floor(base × rate) in minor units. */
export const amountOf = (base: bigint, rate: bigint) => (base > 0n ? (base * rate) / RATE_SCALE : 0n);

/** What a period pays: the base (valid bet for salary, the team's loss for a dividend), the tier, rate and amount. */
export function settle(
  kind: ContractKind,
  tiers: readonly Tier[],
  figures: { validBet: bigint; profitLoss: bigint; activeMembers: number },
) {
  const loss = figures.profitLoss < 0n ? -figures.profitLoss : 0n;
  const base = isSalary(kind) ? figures.validBet : loss;
  const tier = selectTier(tiers, base, figures.activeMembers);
  const rate = tier === null ? 0n : tiers[tier]!.rate;
  return { loss, base, tier, rate, amount: amountOf(base, rate) };
}
