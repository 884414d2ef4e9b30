/**
 * Trend figures of a lottery game over its last drawn draws (decision 093), computed by the vendor
 * from the stored results and drawn as charts by the game page. Pure and browser-safe.
 *
 * - `positions[i][v]`: how often value `valueMin + v` came at position i + 1 (five-digit: digit at a
 *   position; three dice: the face of die i + 1; race: the car at place i + 1).
 * - `sums`: how often each headline sum came, `min`…`max` (five-digit: the five digits, 0–45; three
 *   dice: the three dice, 3–18; race: the first two cars, 3–19).
 * - `series`: each draw, oldest first, with its sum and its big/small and odd/even side: of the sum
 *   (five-digit: 23–45 big; three dice: 11–17 big, a triple is neither) or of the winning car (race: 6–10 big).
 * - `runs`: the series' big/small and odd/even sides as runs of equal sides, oldest first.
 *
 * The daily games (decision 093, daily trends) read the same figures off their headline two-digit
 * number — the Vietnam lottery's đề (the special prize's last two digits), the SEA draw's 2 top (the
 * first prize's last two): `positions` is its tens and its units digit (đầu, đuôi), `sums` how often
 * each 00–99 came, and a series point's sum is it, big at 50–99. They add `endings`: for each kind of
 * two-digit ending (Vietnam: LO, every prize number's last two digits, and DE; SEA: TOP2 and BOTTOM2)
 * how often each 00–99 came (`counts`, a lô number once per prize number showing it) and how many
 * draws have been drawn since it last came (`since`, 0 when it came in the newest draw; the number
 * of draws when it never came: "gan").
 */

export type TrendFamily = 'FIVE_DIGIT' | 'THREE_DICE' | 'TEN_CAR_RACE' | 'VN_NORTH' | 'VN_SOUTH' | 'VN_CENTRAL' | 'SEA';
export type EndingKind = 'LO' | 'DE' | 'TOP2' | 'BOTTOM2';

export interface Ending {
  kind: EndingKind;
  counts: number[];
  since: number[];
}
export type BigSmall = 'BIG' | 'SMALL' | 'TRIPLE';
export type OddEven = 'ODD' | 'EVEN' | 'TRIPLE';

export interface TrendDraw {
  drawId: string;
  drawsAt: string;
  result: readonly number[];
}

export interface TrendPoint extends TrendDraw {
  sum: number;
  bigSmall: BigSmall;
  oddEven: OddEven;
}

export interface Run<S extends string> {
  side: S;
  length: number;
}

export interface LotteryTrends {
  valueMin: number;
  positions: number[][];
  sums: { min: number; max: number; counts: number[] };
  series: TrendPoint[];
  runs: { bigSmall: Run<BigSmall>[]; oddEven: Run<OddEven>[] };
  endings?: Ending[];
}

interface Shape {
  count: number;
  valueMin: number;
  valueMax: number;
  sumMin: number;
  sumMax: number;
  sum: (r: readonly number[]) => number;
  sides: (r: readonly number[]) => { bigSmall: BigSmall; oddEven: OddEven };
  /** The values counted per position, when not the result itself. */
  values?: (r: readonly number[]) => number[];
  /** A daily game's two-digit endings of a result, each kind's numbers (a number may show more than once). */
  endings?: Partial<Record<EndingKind, (r: readonly number[]) => number[]>>;
}

const total = (r: readonly number[]) => r.reduce((a, b) => a + b, 0);
const oddEven = (n: number): OddEven => (n % 2 === 1 ? 'ODD' : 'EVEN');

const SHAPES: Partial<Record<TrendFamily, Shape>> & Record<'FIVE_DIGIT' | 'THREE_DICE' | 'TEN_CAR_RACE', Shape> = {
  FIVE_DIGIT: {
    count: 5,
    valueMin: 0,
    valueMax: 9,
    sumMin: 0,
    sumMax: 45,
    sum: total,
    sides: (r) => ({ bigSmall: total(r) >= 23 ? 'BIG' : 'SMALL', oddEven: oddEven(total(r)) }),
  },
  THREE_DICE: {
    count: 3,
    valueMin: 1,
    valueMax: 6,
    sumMin: 3,
    sumMax: 18,
    sum: total,
    sides: (r) =>
      r[0] === r[1] && r[1] === r[2]
        ? { bigSmall: 'TRIPLE', oddEven: 'TRIPLE' }
        : { bigSmall: total(r) >= 11 ? 'BIG' : 'SMALL', oddEven: oddEven(total(r)) },
  },
  TEN_CAR_RACE: {
    count: 10,
    valueMin: 1,
    valueMax: 10,
    sumMin: 3,
    sumMax: 19,
    sum: (r) => r[0]! + r[1]!,
    sides: (r) => ({ bigSmall: r[0]! >= 6 ? 'BIG' : 'SMALL', oddEven: oddEven(r[0]!) }),
  },
};

/** The daily games' headline two-digit number (the first number's last two digits): its digits, it, its sides. */
const headline = (endings: Shape['endings']): Shape => {
  const two = (r: readonly number[]) => (r[0] ?? 0) % 100;
  return {
    count: 2,
    valueMin: 0,
    valueMax: 9,
    sumMin: 0,
    sumMax: 99,
    sum: two,
    sides: (r) => ({ bigSmall: two(r) >= 50 ? 'BIG' : 'SMALL', oddEven: oddEven(two(r)) }),
    values: (r) => [Math.floor(two(r) / 10), two(r) % 10],
    endings,
  };
};
const VN = headline({ LO: (r) => r.map((n) => n % 100), DE: (r) => [(r[0] ?? 0) % 100] });
SHAPES.VN_NORTH = VN;
SHAPES.VN_SOUTH = VN;
SHAPES.VN_CENTRAL = VN;
SHAPES.SEA = headline({ TOP2: (r) => [(r[0] ?? 0) % 100], BOTTOM2: (r) => [(r[1] ?? 0) % 100] });

export const isTrendFamily = (family: string): family is TrendFamily => family in SHAPES;

/** Equal neighbours grouped: B B S B → B×2, S×1, B×1. */
export function runsOf<S extends string>(sides: readonly S[]): Run<S>[] {
  const runs: Run<S>[] = [];
  for (const side of sides) {
    const last = runs[runs.length - 1];
    if (last && last.side === side) last.length += 1;
    else runs.push({ side, length: 1 });
  }
  return runs;
}

/** The trend figures of `draws` (any order; the series comes out oldest first). */
export function lotteryTrends(family: TrendFamily, draws: readonly TrendDraw[]): LotteryTrends {
  const shape = SHAPES[family]!;
  const values = shape.valueMax - shape.valueMin + 1;
  const positions = Array.from({ length: shape.count }, () => new Array<number>(values).fill(0));
  const sums = new Array<number>(shape.sumMax - shape.sumMin + 1).fill(0);
  const series = [...draws]
    .sort((a, b) => Date.parse(a.drawsAt) - Date.parse(b.drawsAt))
    .map((d) => {
      (shape.values?.(d.result) ?? d.result).forEach((v, i) => {
        const row = positions[i];
        if (row && v >= shape.valueMin && v <= shape.valueMax) row[v - shape.valueMin]! += 1;
      });
      const sum = shape.sum(d.result);
      if (sum >= shape.sumMin && sum <= shape.sumMax) sums[sum - shape.sumMin]! += 1;
      return { drawId: d.drawId, drawsAt: d.drawsAt, result: d.result, sum, ...shape.sides(d.result) };
    });
  return {
    valueMin: shape.valueMin,
    positions,
    sums: { min: shape.sumMin, max: shape.sumMax, counts: sums },
    series,
    runs: { bigSmall: runsOf(series.map((p) => p.bigSmall)), oddEven: runsOf(series.map((p) => p.oddEven)) },
    ...(shape.endings ? { endings: endingsOf(shape.endings, series) } : {}),
  };
}

/** Each kind's 00–99 counts and draws since last seen, over `series` (oldest first). */
function endingsOf(kinds: NonNullable<Shape['endings']>, series: readonly TrendDraw[]): Ending[] {
  return (Object.keys(kinds) as EndingKind[]).map((kind) => {
    const read = kinds[kind]!;
    const counts = new Array<number>(100).fill(0);
    const since = new Array<number>(100).fill(series.length);
    series.forEach((d, i) => {
      for (const n of read(d.result)) {
        counts[n]! += 1;
        since[n] = series.length - 1 - i;
      }
    });
    return { kind, counts, since };
  });
}
