import type { LotteryBetType } from './lottery-bet.ts';

/**
 * The three-dice fast draw: three dice 1–6 (each a number below 6 from the draw's stream, plus 1).
 * Odds are decimal in basis points, stake included, set at 97 % of the fair price of each selection
 * (rounded down to the cent) and checked over all 216 results by the tests. As in sic bo, big/small
 * and odd/even lose on a triple.
 */
export type ThreeDiceResult = readonly number[];

const FACES = ['1', '2', '3', '4', '5', '6'] as const;
const SUMS = Array.from({ length: 16 }, (_, i) => String(i + 3));
const sumOf = (r: ThreeDiceResult) => r[0]! + r[1]! + r[2]!;
const isTriple = (r: ThreeDiceResult) => r[0] === r[1] && r[1] === r[2];
const countOf = (r: ThreeDiceResult, face: number) => r.filter((d) => d === face).length;

/** How many of the 216 results win a selection. */
const ALL: number[][] = [];
for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) ALL.push([a, b, c]);

/** 97 % of the fair decimal odds, rounded down to two decimals, in basis points. */
function priced(wins: (r: ThreeDiceResult) => boolean): number {
  const n = ALL.filter(wins).length;
  return Math.floor((0.97 * 216 * 100) / n) * 100;
}

function betType(code: string, selections: readonly string[], wins: (r: ThreeDiceResult, s: string) => boolean) {
  const odds = new Map(selections.map((s) => [s, priced((r) => wins(r, s))]));
  return {
    code,
    selections,
    oddsBasisPoints: (s: string) => odds.get(s) ?? 0,
    wins,
  } satisfies LotteryBetType<ThreeDiceResult>;
}

export const THREE_DICE_BET_TYPES: readonly LotteryBetType<ThreeDiceResult>[] = [
  betType('K3_SUM', SUMS, (r, s) => sumOf(r) === Number(s)),
  betType('K3_BIG_SMALL', ['BIG', 'SMALL'], (r, s) => !isTriple(r) && (sumOf(r) >= 11 ? 'BIG' : 'SMALL') === s),
  betType('K3_ODD_EVEN', ['ODD', 'EVEN'], (r, s) => !isTriple(r) && (sumOf(r) % 2 === 1 ? 'ODD' : 'EVEN') === s),
  betType('K3_SINGLE', FACES, (r, s) => countOf(r, Number(s)) >= 1),
  betType('K3_PAIR', FACES, (r, s) => countOf(r, Number(s)) >= 2),
  betType('K3_TRIPLE', FACES, (r, s) => countOf(r, Number(s)) === 3),
  betType('K3_ANY_TRIPLE', ['ANY'], (r) => isTriple(r)),
];

export const ALL_THREE_DICE_RESULTS: readonly ThreeDiceResult[] = ALL;
