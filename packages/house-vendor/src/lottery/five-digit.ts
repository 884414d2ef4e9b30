import type { LotteryBetType } from './lottery-bet.ts';

/**
 * The five-digit fast draw: five digits 0–9, each drawn uniformly (positions 1…5, left to right).
 * Odds are decimal (stake included) in basis points: 19 600 pays 1.96 × the stake. Each bet type's
 * return to player is stated beside it and checked exactly over all 100 000 results by the tests.
 */
export type FiveDigitResult = readonly number[];

const POSITIONS = [1, 2, 3, 4, 5] as const;
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

const sumOf = (r: FiveDigitResult) => r.reduce((a, b) => a + b, 0);
/** 0–4 small, 5–9 big; the five digits' sum 0–22 small, 23–45 big (an even split: s and 45 − s). */
const bigSmall = (n: number, half: number) => (n >= half ? 'BIG' : 'SMALL');
const oddEven = (n: number) => (n % 2 === 1 ? 'ODD' : 'EVEN');

const positional = (options: readonly string[]) => POSITIONS.flatMap((p) => options.map((o) => `${p}:${o}`));
const splitPos = (selection: string): [number, string] => {
  const [p, o] = selection.split(':');
  return [Number(p), o ?? ''];
};

export const FIVE_DIGIT_BET_TYPES: readonly LotteryBetType<FiveDigitResult>[] = [
  {
    code: 'POS_DIGIT',
    // One digit of ten at one position: 1/10 × 9.8 = 98 %.
    selections: positional(DIGITS.map(String)),
    oddsBasisPoints: () => 98_000,
    wins: (r, s) => {
      const [p, d] = splitPos(s);
      return r[p - 1] === Number(d);
    },
  },
  {
    code: 'POS_BIG_SMALL',
    selections: positional(['BIG', 'SMALL']),
    oddsBasisPoints: () => 19_600,
    wins: (r, s) => {
      const [p, o] = splitPos(s);
      return bigSmall(r[p - 1]!, 5) === o;
    },
  },
  {
    code: 'POS_ODD_EVEN',
    selections: positional(['ODD', 'EVEN']),
    oddsBasisPoints: () => 19_600,
    wins: (r, s) => {
      const [p, o] = splitPos(s);
      return oddEven(r[p - 1]!) === o;
    },
  },
  {
    code: 'SUM_BIG_SMALL',
    selections: ['BIG', 'SMALL'],
    oddsBasisPoints: () => 19_600,
    wins: (r, s) => bigSmall(sumOf(r), 23) === s,
  },
  {
    code: 'SUM_ODD_EVEN',
    selections: ['ODD', 'EVEN'],
    oddsBasisPoints: () => 19_600,
    wins: (r, s) => oddEven(sumOf(r)) === s,
  },
  {
    code: 'DRAGON_TIGER',
    // First digit against the fifth: dragon 45 %, tiger 45 %, tie 10 % (dragon and tiger lose on a tie).
    selections: ['DRAGON', 'TIGER', 'TIE'],
    oddsBasisPoints: (s) => (s === 'TIE' ? 97_600 : 21_700),
    wins: (r, s) => {
      const [a, e] = [r[0]!, r[4]!];
      return s === (a > e ? 'DRAGON' : a < e ? 'TIGER' : 'TIE');
    },
  },
];

export const fiveDigitFacts = (r: FiveDigitResult) => ({
  sum: sumOf(r),
  sumBigSmall: bigSmall(sumOf(r), 23),
  sumOddEven: oddEven(sumOf(r)),
  dragonTiger: r[0]! > r[4]! ? 'DRAGON' : r[0]! < r[4]! ? 'TIGER' : 'TIE',
});
