import { LIMITS } from '@portal/contracts/limits.ts';

/** A source of numbers in [0, 1), like Math.random; passed in so the steps can be tested. */
export type Random = () => number;

const pick = <T>(list: readonly T[], random: Random): T =>
  list[Math.min(list.length - 1, Math.floor(random() * list.length))]!;

/** How much the cosmetic jackpot grows on one tick: a whole number from the spec's min to max, both included. */
export function jackpotStep(random: Random): number {
  const span = LIMITS.jackpotStepMax - LIMITS.jackpotStepMin + 1;
  return LIMITS.jackpotStepMin + Math.min(span - 1, Math.floor(random() * span));
}

/** The wait before the next tick: one of the spec's intervals (3, 4 or 5 s), in milliseconds. */
export function jackpotDelayMs(random: Random): number {
  return pick(LIMITS.jackpotIntervalsSeconds, random) * 1000;
}

/** Digits grouped by thousands with commas (spec §9), as the counter shows them. */
export function formatJackpot(value: number): string {
  return Math.floor(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
