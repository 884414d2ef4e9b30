import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFairRng } from '../fairness/fair-rng.ts';
import { pickSelection } from './lottery-bet.ts';
import {
  drawResult,
  findLotteryGame,
  priceTicket,
  settleTicket,
  ticketLiability,
  upcomingDraws,
} from './lottery-games.ts';
import {
  PRIZE_TABLES,
  VN_PROVINCES,
  VN_ROTATION,
  type VnRegion,
  allAppearChance,
  loNumbers,
  numbersPerDraw,
  vnBetTypes,
  vnPrizeTable,
  vnProvinceOf,
} from './vn-lottery.ts';

const seed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const north = findLotteryGame('lotto-vn-north');
const south = findLotteryGame('lotto-vn-south');
const type = (region: VnRegion, code: string) => vnBetTypes(region).find((t) => t.code === code)!;
const REGIONS: VnRegion[] = ['north', 'south', 'central'];

/** A random prize table of a region (each number uniform below 10^digits). */
const prizeTableArb = (region: VnRegion) =>
  fc.tuple(
    ...PRIZE_TABLES[region].flatMap((row) =>
      Array.from({ length: row.count }, () => fc.integer({ min: 0, max: 10 ** row.digits - 1 })),
    ),
  );

describe('the Vietnam prize table', () => {
  it('has 27 numbers in the north (special prize of five digits, down to giải bảy) and 18 in the south and centre (six digits, down to giải tám)', () => {
    expect(numbersPerDraw('north')).toBe(27);
    expect(numbersPerDraw('south')).toBe(18);
    expect(PRIZE_TABLES.north.map((r) => `${r.prize}:${r.count}x${r.digits}`)).toEqual([
      'DB:1x5',
      'G1:1x5',
      'G2:2x5',
      'G3:6x5',
      'G4:4x4',
      'G5:6x4',
      'G6:3x3',
      'G7:4x2',
    ]);
    expect(PRIZE_TABLES.central.map((r) => `${r.prize}:${r.count}x${r.digits}`)).toEqual([
      'DB:1x6',
      'G1:1x5',
      'G2:1x5',
      'G3:2x5',
      'G4:7x5',
      'G5:1x4',
      'G6:3x4',
      'G7:1x3',
      'G8:1x2',
    ]);
  });

  it('draws every prize number from the documented stream, the special prize first, each below 10^digits', () => {
    for (const region of REGIONS) {
      const game = findLotteryGame(`lotto-vn-${region}`);
      for (let i = 0; i < 50; i++) {
        const id = `lotto-vn-${region}-${i}-20261124`;
        const result = drawResult(game, seed, id) as number[];
        const rng = createFairRng({ serverSeed: seed, clientSeed: id, nonce: 0 });
        const expected = PRIZE_TABLES[region].flatMap((row) =>
          Array.from({ length: row.count }, () => rng.nextInt(10 ** row.digits)),
        );
        expect(result).toEqual(expected);
        const table = vnPrizeTable(region, result);
        for (const row of table) for (const n of row.numbers) expect(n).toHaveLength(row.digits);
      }
    }
  });
});

describe('the Vietnam draw calendar', () => {
  it('draws the south at 16:15, the centre at 17:15 and the north at 18:15 Vietnam time, closing betting 15 minutes before', () => {
    // Tuesday 24 November 2026, 10:00 in Vietnam.
    const at = new Date('2026-11-24T03:00:00Z');
    const today = (code: string) => upcomingDraws(findLotteryGame(code), at).filter((d) => d.id.endsWith('20261124'));
    expect(today('lotto-vn-north')).toEqual([
      {
        id: 'lotto-vn-north-20261124',
        drawsAt: new Date('2026-11-24T11:15:00Z'),
        closesAt: new Date('2026-11-24T11:00:00Z'),
        opensAt: new Date('2026-11-23T11:15:00Z'),
      },
    ]);
    expect(today('lotto-vn-south').map((d) => d.id)).toEqual([
      'lotto-vn-south-btr-20261124',
      'lotto-vn-south-vt-20261124',
      'lotto-vn-south-bl-20261124',
    ]);
    expect(today('lotto-vn-south')[0]!.drawsAt).toEqual(new Date('2026-11-24T09:15:00Z'));
    expect(today('lotto-vn-central').map((d) => d.id)).toEqual([
      'lotto-vn-central-dlk-20261124',
      'lotto-vn-central-qnm-20261124',
    ]);
    expect(today('lotto-vn-central')[0]!.drawsAt).toEqual(new Date('2026-11-24T10:15:00Z'));
    // Tomorrow's (Wednesday's) draws are on the calendar too, so they are committed before they open.
    expect(upcomingDraws(south, at).map((d) => d.id)).toContain('lotto-vn-south-ct-20261125');
  });

  it('follows the Vietnam date across UTC midnight: 01:00 on Wednesday in Vietnam is still Tuesday in UTC', () => {
    const draws = upcomingDraws(north, new Date('2026-11-24T18:00:00Z')).map((d) => d.id);
    expect(draws).toEqual(['lotto-vn-north-20261125', 'lotto-vn-north-20261126']);
  });

  it('draws three or four southern provinces, two or three central ones and one northern draw each weekday', () => {
    for (let weekday = 0; weekday < 7; weekday++) {
      expect(VN_ROTATION.north[weekday]).toHaveLength(1);
      expect(VN_ROTATION.south[weekday]!.length).toBe(weekday === 6 ? 4 : 3);
      expect([2, 3]).toContain(VN_ROTATION.central[weekday]!.length);
      for (const region of REGIONS)
        for (const p of VN_ROTATION[region][weekday]!) expect(VN_PROVINCES[p], p).toBeDefined();
    }
    expect(vnProvinceOf('lotto-vn-south-hcm-20261123')).toBe('hcm');
    // The north's host on a Tuesday is Quảng Ninh.
    expect(vnProvinceOf('lotto-vn-north-20261124')).toBe('qn');
    expect(vnProvinceOf('lotto-5d-1m-202611241432')).toBeNull();
  });
});

describe('the Vietnam bet types', () => {
  it('pays lô once per prize number whose last two digits match, and never above the cap', () => {
    for (const [region, game] of [
      ['north', north],
      ['south', south],
    ] as const) {
      const lo = type(region, 'VN_LO');
      fc.assert(
        fc.property(
          prizeTableArb(region),
          fc.integer({ min: 0, max: 99 }),
          fc.integer({ min: 1, max: 20 }),
          (r, n, points) => {
            const selection = String(n).padStart(2, '0');
            const hits = r.filter((x) => x % 100 === n).length;
            expect(lo.hits!(r, selection)).toBe(hits);
            expect(lo.wins(r, selection)).toBe(hits > 0);
            const stake = BigInt(points) * lo.stakeUnit!;
            const odds = priceTicket(game, 'VN_LO', selection);
            const paid = settleTicket(game, r, { betType: 'VN_LO', selection, stake, oddsBasisPoints: odds });
            const full = (stake * BigInt(odds) * BigInt(hits)) / 10_000n;
            expect(paid).toBe(full > game.maxPayout ? game.maxPayout : full);
            expect(paid).toBeLessThanOrEqual(ticketLiability(game, stake, odds, 'VN_LO'));
          },
        ),
      );
    }
  });

  it('stakes lô in points of ₩1,000 on each prize number: ₩27,000 in the north, ₩18,000 in the south and centre', () => {
    expect(type('north', 'VN_LO').stakeUnit).toBe(2_700_000n);
    expect(type('south', 'VN_LO').stakeUnit).toBe(1_800_000n);
    expect(type('central', 'VN_LO').stakeUnit).toBe(1_800_000n);
    // A point in the north pays ₩94,770 a hit (3.51 × ₩27,000), in the south ₩94,860 (5.27 × ₩18,000).
    expect(type('north', 'VN_LO').oddsBasisPoints('00')).toBe(35_100);
    expect(type('south', 'VN_LO').oddsBasisPoints('00')).toBe(52_700);
  });

  it('returns 94.7–95 % on lô over every draw: all 100 numbers together always meet every prize number once', () => {
    for (const region of REGIONS) {
      const n = numbersPerDraw(region);
      const rtp = (n * type(region, 'VN_LO').oddsBasisPoints('00')) / 100 / 10_000;
      expect(rtp, region).toBeGreaterThanOrEqual(0.947);
      expect(rtp, region).toBeLessThanOrEqual(0.95);
    }
  });

  it('judges đề and 3 càng on the special prize alone and returns exactly 95 % over all its last three digits', () => {
    for (const region of REGIONS) {
      const de = type(region, 'VN_DE');
      const cang = type(region, 'VN_3CANG');
      const deWins = new Map<string, number>();
      const cangWins = new Map<string, number>();
      for (let special = 0; special < 1000; special++) {
        // Every other prize number is 00…: đề and 3 càng read the special prize only.
        const r = [special + 12_000, ...Array.from({ length: numbersPerDraw(region) - 1 }, () => special % 100)];
        for (let s = 0; s < 100; s++) {
          const sel = String(s).padStart(2, '0');
          if (de.wins(r, sel)) deWins.set(sel, (deWins.get(sel) ?? 0) + 1);
        }
        for (let s = 0; s < 1000; s++) {
          const sel = String(s).padStart(3, '0');
          if (cang.wins(r, sel)) cangWins.set(sel, (cangWins.get(sel) ?? 0) + 1);
        }
      }
      // Each two-digit ending comes 10 times in 1,000, each three-digit ending once.
      expect([...deWins.values()].every((w) => w === 10) && deWins.size === 100).toBe(true);
      expect([...cangWins.values()].every((w) => w === 1) && cangWins.size === 1000).toBe(true);
      expect((10 * de.oddsBasisPoints('00')) / 1000 / 10_000).toBe(0.95);
      expect(cang.oddsBasisPoints('000') / 1000 / 10_000).toBe(0.95);
    }
  }, 60_000);

  it('pays xiên only when every chosen number appears among the last two digits of the prize numbers', () => {
    for (const region of REGIONS)
      for (const k of [2, 3, 4] as const) {
        const xien = type(region, `VN_XIEN${k}`);
        fc.assert(
          fc.property(
            prizeTableArb(region),
            fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: k, maxLength: k }),
            (r, numbers) => {
              const drawn = loNumbers(r);
              const selection = pickSelection(numbers, 2);
              expect(xiên(drawn, numbers)).toBe(xien.wins(r, selection));
            },
          ),
          { numRuns: 200 },
        );
      }
    function xiên(drawn: number[], numbers: number[]) {
      return numbers.every((x) => drawn.some((d) => d === x));
    }
  });

  it('prices xiên at 94–95 % of its exact chance, and refuses a xiên with a repeated or unsorted number', () => {
    for (const region of REGIONS)
      for (const k of [2, 3, 4] as const) {
        const { num, den } = allAppearChance(k, numbersPerDraw(region));
        const rtp = (Number(num) / Number(den)) * (type(region, `VN_XIEN${k}`).oddsBasisPoints('') / 10_000);
        expect(rtp, `${region} xiên ${k}`).toBeGreaterThanOrEqual(0.94);
        expect(rtp, `${region} xiên ${k}`).toBeLessThanOrEqual(0.95);
      }
    expect(() => priceTicket(north, 'VN_XIEN2', '07-07')).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
    expect(() => priceTicket(north, 'VN_XIEN2', '23-07')).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
    expect(() => priceTicket(north, 'VN_XIEN3', '07-23')).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
    expect(() => priceTicket(north, 'VN_LO', '7')).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
    expect(() => priceTicket(north, 'VN_3CANG', '07')).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
    expect(priceTicket(north, 'VN_XIEN2', '07-23')).toBeGreaterThan(0);
  });

  it('returns what the odds table declares, measured over 20,000 simulated northern and southern draws', () => {
    const choose = (m: number, k: number) => {
      let r = 1;
      for (let i = 0; i < k; i++) r = (r * (m - i)) / (i + 1);
      return r;
    };
    for (const [region, game] of [
      ['north', north],
      ['south', south],
    ] as const) {
      // Every selection of a bet type at once (100 lô numbers, all C(100, k) xiên picks): each draw's
      // return is then exact, and the average over the draws is the bet type's return.
      const paid = { lo: 0, de: 0, x2: 0, x3: 0, x4: 0 };
      const draws = 20_000;
      for (let i = 0; i < draws; i++) {
        const r = drawResult(game, seed, `sim-${region}-${i}`) as number[];
        const lo = loNumbers(r);
        const distinct = new Set(lo).size;
        paid.lo += lo.length / 100;
        paid.de += 0.01;
        paid.x2 += choose(distinct, 2) / choose(100, 2);
        paid.x3 += choose(distinct, 3) / choose(100, 3);
        paid.x4 += choose(distinct, 4) / choose(100, 4);
      }
      const odds = (code: string) => type(region, code).oddsBasisPoints('') / 10_000;
      expect((paid.lo / draws) * odds('VN_LO'), `${region} lô`).toBeCloseTo(0.948, 2);
      expect((paid.x2 / draws) * odds('VN_XIEN2'), `${region} xiên 2`).toBeCloseTo(0.95, 1);
      expect((paid.x3 / draws) * odds('VN_XIEN3'), `${region} xiên 3`).toBeCloseTo(0.95, 1);
      expect((paid.x4 / draws) * odds('VN_XIEN4'), `${region} xiên 4`).toBeCloseTo(0.95, 1);
    }
  }, 120_000);

  it('counts a lô ticket liable for as many hits as the draw has numbers, capped at the payout per ticket', () => {
    const unit = type('north', 'VN_LO').stakeUnit!;
    const odds = priceTicket(north, 'VN_LO', '07');
    expect(ticketLiability(north, unit, odds, 'VN_LO')).toBe((unit * BigInt(odds) * 27n) / 10_000n);
    expect(ticketLiability(north, 100n * unit, odds, 'VN_LO')).toBe(north.maxPayout);
    expect(ticketLiability(north, 100_000n, priceTicket(north, 'VN_DE', '07'), 'VN_DE')).toBe(9_500_000n);
  });
});
