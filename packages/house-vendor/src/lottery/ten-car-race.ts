import type { LotteryBetType } from './lottery-bet.ts';

/**
 * The ten-car race: the finishing order of cars 1–10, a Fisher–Yates shuffle of 1…10 drawn from the
 * draw's stream (`drawOrder`). Position 1 is the winner. Odds are decimal in basis points, stake
 * included: a car at a position 9.8, big (6–10) / small and odd/even at a position 1.96, dragon /
 * tiger of a pair of positions (1 v 10, 2 v 9, … 5 v 6) 1.96, and the sum of the first two cars
 * (3–19) at 97 % of its fair price. Return to player: 98 % and 97 %.
 */
export type RaceResult = readonly number[];

const POSITIONS = Array.from({ length: 10 }, (_, i) => i + 1);
const CARS = POSITIONS.map(String);
const split = (s: string): [number, string] => {
  const [p, o] = s.split(':');
  return [Number(p), o ?? ''];
};
const at = (r: RaceResult, p: number) => r[p - 1]!;

/** Ordered pairs of different cars: 90 equally likely first-and-second finishes. */
const TOP2: [number, number][] = [];
for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (a !== b) TOP2.push([a, b]);
const top2Odds = (sum: number) => Math.floor((0.97 * 90 * 100) / TOP2.filter(([a, b]) => a + b === sum).length) * 100;
const SUMS = Array.from({ length: 17 }, (_, i) => String(i + 3));

export const TEN_CAR_BET_TYPES: readonly LotteryBetType<RaceResult>[] = [
  {
    code: 'RACE_POS',
    selections: POSITIONS.flatMap((p) => CARS.map((c) => `${p}:${c}`)),
    oddsBasisPoints: () => 98_000,
    wins: (r, s) => {
      const [p, c] = split(s);
      return at(r, p) === Number(c);
    },
  },
  {
    code: 'RACE_POS_BIG_SMALL',
    selections: POSITIONS.flatMap((p) => [`${p}:BIG`, `${p}:SMALL`]),
    oddsBasisPoints: () => 19_600,
    wins: (r, s) => {
      const [p, o] = split(s);
      return (at(r, p) >= 6 ? 'BIG' : 'SMALL') === o;
    },
  },
  {
    code: 'RACE_POS_ODD_EVEN',
    selections: POSITIONS.flatMap((p) => [`${p}:ODD`, `${p}:EVEN`]),
    oddsBasisPoints: () => 19_600,
    wins: (r, s) => {
      const [p, o] = split(s);
      return (at(r, p) % 2 === 1 ? 'ODD' : 'EVEN') === o;
    },
  },
  {
    code: 'RACE_DRAGON_TIGER',
    // Position p against position 11 − p: dragon when p's car has the higher number (never a tie).
    selections: [1, 2, 3, 4, 5].flatMap((p) => [`${p}:DRAGON`, `${p}:TIGER`]),
    oddsBasisPoints: () => 19_600,
    wins: (r, s) => {
      const [p, o] = split(s);
      return (at(r, p) > at(r, 11 - p) ? 'DRAGON' : 'TIGER') === o;
    },
  },
  {
    code: 'RACE_TOP2_SUM',
    selections: SUMS,
    oddsBasisPoints: (s) => top2Odds(Number(s)),
    wins: (r, s) => at(r, 1) + at(r, 2) === Number(s),
  },
];

export const RACE_TOP2_PAIRS: readonly (readonly [number, number])[] = TOP2;
