import { createFairRng } from '../fairness/fair-rng.ts';
import type { LotteryBetType } from './lottery-bet.ts';
import { priced95 } from './vn-lottery.ts';

/**
 * The SEA draw (decision 092), after the Thai government lottery: a six-digit first prize whose last
 * three digits are the "top" number (and its last two the two-digit top), and a separate two-digit
 * "bottom" number. Drawn daily at 16:00 Bangkok time (UTC+7). The result is [first prize, bottom].
 */
export type SeaResult = readonly number[];

/** The first prize (a number below 10^6), then the bottom number (below 100), from the draw's stream. */
export function seaDrawResult(seed: string, drawId: string): number[] {
  const rng = createFairRng({ serverSeed: seed, clientSeed: drawId, nonce: 0 });
  return [rng.nextInt(1_000_000), rng.nextInt(100)];
}

const top3 = (r: SeaResult) => r[0]! % 1000;
/** A three-digit number's digits sorted: the tote's canonical form (321 → "123"). */
export const toteOf = (n: number) => String(n).padStart(3, '0').split('').sort().join('');

/** Every tote selection: three digits in ascending order, not all the same (a triple is the 3 top bet). */
const TOTES: string[] = [];
for (let a = 0; a <= 9; a++)
  for (let b = a; b <= 9; b++) for (let c = b; c <= 9; c++) if (!(a === b && b === c)) TOTES.push(`${a}${b}${c}`);

/** How many of the 1,000 top numbers a tote covers: 6 for three different digits, 3 with a pair. */
export const toteOrders = (s: string) => (new Set(s).size === 3 ? 6 : 3);

/**
 * Bet types, each at 95 % of its fair price rounded down to the cent:
 * SEA_2TOP (last two digits of the first prize) and SEA_2BOTTOM (the bottom number) 95.00;
 * SEA_3TOP (last three digits of the first prize) 950.00; SEA_3TOTE (the same three digits in any
 * order) 158.33 for three different digits and 316.66 with a pair.
 */
export const SEA_BET_TYPES: readonly LotteryBetType<SeaResult>[] = [
  {
    code: 'SEA_2TOP',
    selections: [],
    pick: { count: 1, digits: 2 },
    oddsBasisPoints: () => priced95(1n, 100n),
    wins: (r, s) => r[0]! % 100 === Number(s),
  },
  {
    code: 'SEA_2BOTTOM',
    selections: [],
    pick: { count: 1, digits: 2 },
    oddsBasisPoints: () => priced95(1n, 100n),
    wins: (r, s) => r[1] === Number(s),
  },
  {
    code: 'SEA_3TOP',
    selections: [],
    pick: { count: 1, digits: 3 },
    oddsBasisPoints: () => priced95(1n, 1000n),
    wins: (r, s) => top3(r) === Number(s),
  },
  {
    code: 'SEA_3TOTE',
    selections: TOTES,
    oddsBasisPoints: (s) => priced95(BigInt(toteOrders(s)), 1000n),
    wins: (r, s) => toteOf(top3(r)) === s,
  },
];
