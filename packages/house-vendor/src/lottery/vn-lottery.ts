import { createFairRng } from '../fairness/fair-rng.ts';
import { type LotteryBetType, pickNumbers } from './lottery-bet.ts';

/**
 * The Vietnam lottery (xổ số, decision 092): the northern draw every day at 18:15, the southern
 * provinces at 16:15 and the central provinces at 17:15 Vietnam time (ICT, UTC+7, no summer time),
 * each province on its customary weekdays. A draw's result is its full prize table.
 */
export type VnRegion = 'north' | 'south' | 'central';

/** One prize row: giải đặc biệt (DB) first, then giải nhất (G1) … giải bảy / tám. */
export interface PrizeRow {
  prize: 'DB' | 'G1' | 'G2' | 'G3' | 'G4' | 'G5' | 'G6' | 'G7' | 'G8';
  count: number;
  digits: number;
}

/** The northern table: 27 numbers, the special prize of five digits. */
const NORTH_TABLE: readonly PrizeRow[] = [
  { prize: 'DB', count: 1, digits: 5 },
  { prize: 'G1', count: 1, digits: 5 },
  { prize: 'G2', count: 2, digits: 5 },
  { prize: 'G3', count: 6, digits: 5 },
  { prize: 'G4', count: 4, digits: 4 },
  { prize: 'G5', count: 6, digits: 4 },
  { prize: 'G6', count: 3, digits: 3 },
  { prize: 'G7', count: 4, digits: 2 },
];

/** The southern and central table: 18 numbers, the special prize of six digits. */
const SOUTH_TABLE: readonly PrizeRow[] = [
  { prize: 'DB', count: 1, digits: 6 },
  { prize: 'G1', count: 1, digits: 5 },
  { prize: 'G2', count: 1, digits: 5 },
  { prize: 'G3', count: 2, digits: 5 },
  { prize: 'G4', count: 7, digits: 5 },
  { prize: 'G5', count: 1, digits: 4 },
  { prize: 'G6', count: 3, digits: 4 },
  { prize: 'G7', count: 1, digits: 3 },
  { prize: 'G8', count: 1, digits: 2 },
];

export const PRIZE_TABLES: Record<VnRegion, readonly PrizeRow[]> = {
  north: NORTH_TABLE,
  south: SOUTH_TABLE,
  central: SOUTH_TABLE,
};

/** How many numbers a region's draw has (27 in the north, 18 in the south and centre). */
export const numbersPerDraw = (region: VnRegion) => PRIZE_TABLES[region].reduce((n, row) => n + row.count, 0);

/** Province codes and their names (geography, the same in every language). */
export const VN_PROVINCES: Record<string, string> = {
  hn: 'Hà Nội',
  qn: 'Quảng Ninh',
  bn: 'Bắc Ninh',
  hp: 'Hải Phòng',
  nd: 'Nam Định',
  tb: 'Thái Bình',
  hcm: 'TP. Hồ Chí Minh',
  dt: 'Đồng Tháp',
  cm: 'Cà Mau',
  btr: 'Bến Tre',
  vt: 'Vũng Tàu',
  bl: 'Bạc Liêu',
  dn: 'Đồng Nai',
  ct: 'Cần Thơ',
  st: 'Sóc Trăng',
  tn: 'Tây Ninh',
  ag: 'An Giang',
  bth: 'Bình Thuận',
  vl: 'Vĩnh Long',
  bd: 'Bình Dương',
  tv: 'Trà Vinh',
  la: 'Long An',
  bp: 'Bình Phước',
  hg: 'Hậu Giang',
  tg: 'Tiền Giang',
  kg: 'Kiên Giang',
  dl: 'Đà Lạt',
  tth: 'Thừa Thiên Huế',
  py: 'Phú Yên',
  dlk: 'Đắk Lắk',
  qnm: 'Quảng Nam',
  dng: 'Đà Nẵng',
  kh: 'Khánh Hòa',
  bdi: 'Bình Định',
  qt: 'Quảng Trị',
  qb: 'Quảng Bình',
  gl: 'Gia Lai',
  nt: 'Ninh Thuận',
  qng: 'Quảng Ngãi',
  dno: 'Đắk Nông',
  kt: 'Kon Tum',
};

/**
 * Which provinces draw on which weekday (index 0 = Sunday, by the Vietnam date). The north draws
 * once a day; its row names the province that hosts the day's draw.
 */
export const VN_ROTATION: Record<VnRegion, readonly (readonly string[])[]> = {
  north: [['tb'], ['hn'], ['qn'], ['bn'], ['hn'], ['hp'], ['nd']],
  south: [
    ['tg', 'kg', 'dl'],
    ['hcm', 'dt', 'cm'],
    ['btr', 'vt', 'bl'],
    ['dn', 'ct', 'st'],
    ['tn', 'ag', 'bth'],
    ['vl', 'bd', 'tv'],
    ['hcm', 'la', 'bp', 'hg'],
  ],
  central: [
    ['kt', 'kh', 'tth'],
    ['tth', 'py'],
    ['dlk', 'qnm'],
    ['dng', 'kh'],
    ['bdi', 'qt', 'qb'],
    ['gl', 'nt'],
    ['dng', 'qng', 'dno'],
  ],
};

/** The draw time of each region, in Vietnam time. */
export const VN_DRAW_TIME: Record<VnRegion, { hour: number; minute: number }> = {
  south: { hour: 16, minute: 15 },
  central: { hour: 17, minute: 15 },
  north: { hour: 18, minute: 15 },
};

/**
 * The result of a Vietnam draw: every prize number, the special prize first and then each prize's
 * numbers in the table's order, each a number below 10^digits from the draw's stream (decision 090's
 * stream with the draw id as the client seed; 07 is the two-digit number 7).
 */
export function vnDrawResult(region: VnRegion, seed: string, drawId: string): number[] {
  const rng = createFairRng({ serverSeed: seed, clientSeed: drawId, nonce: 0 });
  return PRIZE_TABLES[region].flatMap((row) => Array.from({ length: row.count }, () => rng.nextInt(10 ** row.digits)));
}

/** The result laid out as the prize table, each number written with its digits. */
export function vnPrizeTable(region: VnRegion, result: readonly number[]) {
  let i = 0;
  return PRIZE_TABLES[region].map((row) => ({
    prize: row.prize,
    digits: row.digits,
    numbers: Array.from({ length: row.count }, () => String(result[i++] ?? 0).padStart(row.digits, '0')),
  }));
}

/** The last two digits of every prize number: what lô and xiên are judged on. */
export const loNumbers = (result: readonly number[]) => result.map((n) => n % 100);

/**
 * Odds at 95 % of the fair price, rounded down to the cent, in basis points: a bet that wins with
 * probability `num / den` pays floor(95 × den / num) cents per 1.00 staked.
 */
export function priced95(num: bigint, den: bigint): number {
  return Number((95n * den) / num) * 100;
}

const binomial = (n: number, k: number): bigint => {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
};

/**
 * The chance that `k` given two-digit numbers all appear among the last two digits of a draw's
 * `n` prize numbers (each uniform on 00–99, independent): inclusion–exclusion,
 * Σ_j (−1)^j C(k, j) (100 − j)^n / 100^n. Answered as an exact fraction.
 */
export function allAppearChance(k: number, n: number): { num: bigint; den: bigint } {
  let num = 0n;
  for (let j = 0; j <= k; j++) num += (j % 2 === 0 ? 1n : -1n) * binomial(k, j) * BigInt(100 - j) ** BigInt(n);
  return { num, den: 100n ** BigInt(n) };
}

/** Minor units of ₩1,000 (the site keeps two decimals). */
const WON_1000 = 100_000n;

/**
 * The bet types of one region's draws:
 * - VN_LO (lô): a two-digit number against the last two digits of every prize number, paid once per
 *   prize number it matches. Staked in points: a point is ₩1,000 on each of the draw's numbers
 *   (₩27,000 in the north, ₩18,000 in the south and centre). One hit pays 95 % of the fair price of
 *   one hit (100 / numbers), so the expected return is 94.77 % in the north and 94.86 % elsewhere.
 * - VN_DE (đề): the last two digits of the special prize. VN_3CANG (3 càng): its last three digits.
 * - VN_XIEN2/3/4 (xiên): two, three or four different numbers that must all appear among the last
 *   two digits of the prize numbers; paid once.
 */
export function vnBetTypes(region: VnRegion): readonly LotteryBetType<readonly number[]>[] {
  const n = numbersPerDraw(region);
  const xien = (k: 2 | 3 | 4): LotteryBetType<readonly number[]> => {
    const chance = allAppearChance(k, n);
    const odds = priced95(chance.num, chance.den);
    return {
      code: `VN_XIEN${k}`,
      selections: [],
      pick: { count: k, digits: 2 },
      oddsBasisPoints: () => odds,
      wins: (r, s) => {
        const drawn = new Set(loNumbers(r));
        return pickNumbers(s).every((x) => drawn.has(x));
      },
    };
  };
  const loOdds = priced95(BigInt(n), 100n);
  return [
    {
      code: 'VN_LO',
      selections: [],
      pick: { count: 1, digits: 2 },
      oddsBasisPoints: () => loOdds,
      wins: (r, s) => loNumbers(r).includes(Number(s)),
      hits: (r, s) => loNumbers(r).filter((x) => x === Number(s)).length,
      maxHits: n,
      stakeUnit: BigInt(n) * WON_1000,
    },
    {
      code: 'VN_DE',
      selections: [],
      pick: { count: 1, digits: 2 },
      oddsBasisPoints: () => priced95(1n, 100n),
      wins: (r, s) => r[0]! % 100 === Number(s),
    },
    {
      code: 'VN_3CANG',
      selections: [],
      pick: { count: 1, digits: 3 },
      oddsBasisPoints: () => priced95(1n, 1000n),
      wins: (r, s) => r[0]! % 1000 === Number(s),
    },
    xien(2),
    xien(3),
    xien(4),
  ];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The Vietnam calendar date of an instant: its year, month (1–12), day and weekday (0 = Sunday). */
export function vnDate(at: Date) {
  const local = new Date(at.getTime() + 7 * 3_600_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    stamp: `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}`,
  };
}

/** An instant at a Vietnam wall-clock time on the Vietnam date of `day` (+ `plusDays`). */
export function vnTime(day: Date, hour: number, minute: number, plusDays = 0): Date {
  const d = vnDate(day);
  return new Date(Date.UTC(d.year, d.month - 1, d.day + plusDays, hour - 7, minute));
}

/**
 * The draw id of a Vietnam draw: `lotto-vn-north-20261124` (the north draws once a day),
 * `lotto-vn-south-hcm-20261124` (a province of the south or centre).
 */
export function vnDrawId(gameCode: string, region: VnRegion, province: string, stamp: string): string {
  return region === 'north' ? `${gameCode}-${stamp}` : `${gameCode}-${province}-${stamp}`;
}

/** The province of a draw id (the host province for the north), or null for another game's draw. */
export function vnProvinceOf(drawId: string): string | null {
  const m = /^lotto-vn-(north|south|central)-(?:([a-z]+)-)?(\d{4})(\d{2})(\d{2})$/.exec(drawId);
  if (!m) return null;
  if (m[2]) return m[2];
  const weekday = new Date(Date.UTC(Number(m[3]), Number(m[4]) - 1, Number(m[5]))).getUTCDay();
  return VN_ROTATION.north[weekday]![0]!;
}
