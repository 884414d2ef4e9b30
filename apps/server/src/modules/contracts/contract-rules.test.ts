import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWholeDays, nextPeriod, offsetMinutes, periodAt, splitRange } from './contract-periods.ts';
import {
  amountOf,
  checkOffer,
  formatRate,
  parseRate,
  RATE_SCALE,
  selectTier,
  settle,
  type Tier,
} from './contract-rules.ts';

const at = (iso: string) => new Date(iso);

describe('rates', () => {
  it('are exact millionths: parsing and formatting round-trip without floats', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: RATE_SCALE }), (micro) => {
        expect(parseRate(formatRate(micro))).toBe(micro);
      }),
    );
    expect(parseRate('0.005')).toBe(5000n);
    expect(formatRate(5000n)).toBe('0.005');
    expect(formatRate(RATE_SCALE)).toBe('1');
  });

  it('pay floor(base × rate), so 0.1 % of 12,345 is 12 and never a rounding up', () => {
    expect(amountOf(12_345n, parseRate('0.001'))).toBe(12n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: RATE_SCALE }), (base, rate) => {
        const a = amountOf(base, rate);
        expect(a * RATE_SCALE <= base * rate).toBe(true);
        expect((a + 1n) * RATE_SCALE > base * rate).toBe(true);
      }),
    );
  });
});

describe('tiers', () => {
  const tiers: Tier[] = [
    { threshold: 0n, minActiveMembers: 1, rate: parseRate('0.001') },
    { threshold: 1_000_000n, minActiveMembers: 3, rate: parseRate('0.002') },
    { threshold: 5_000_000n, minActiveMembers: 5, rate: parseRate('0.004') },
  ];

  it('pick the highest tier whose valid bet and active members are both reached', () => {
    expect(selectTier(tiers, 0n, 0)).toBeNull();
    expect(selectTier(tiers, 500n, 1)).toBe(0);
    expect(selectTier(tiers, 6_000_000n, 3)).toBe(1);
    expect(selectTier(tiers, 6_000_000n, 5)).toBe(2);
  });

  it('never pick a tier whose thresholds are not reached, and always the best one reached (random tiers and figures)', () => {
    const tierArb = fc
      .array(
        fc.record({
          bet: fc.bigInt({ min: 0n, max: 10_000n }),
          members: fc.nat(5),
          rate: fc.bigInt({ min: 1n, max: 1000n }),
        }),
        {
          minLength: 1,
          maxLength: 6,
        },
      )
      .map((raw) => {
        // Make them rising as an accepted offer's are.
        let bet = 0n;
        let members = 0;
        let rate = 0n;
        return raw.map((r) => {
          bet += r.bet + 1n;
          members += r.members;
          rate += r.rate;
          return { threshold: bet, minActiveMembers: members, rate };
        });
      });
    fc.assert(
      fc.property(tierArb, fc.bigInt({ min: 0n, max: 80_000n }), fc.nat(40), (ts, base, active) => {
        const chosen = selectTier(ts, base, active);
        const reached = ts
          .map((t, i) => [t, i] as const)
          .filter(([t]) => base >= t.threshold && active >= t.minActiveMembers);
        if (reached.length === 0) expect(chosen).toBeNull();
        else {
          expect(chosen).not.toBeNull();
          const best = reached.reduce((m, [t]) => (t.rate > m ? t.rate : m), 0n);
          expect(ts[chosen!]!.rate).toBe(best);
        }
      }),
    );
  });

  it('settle a dividend on the team’s loss only (a team that won pays nothing)', () => {
    const div: Tier[] = [{ threshold: 100n, minActiveMembers: 0, rate: parseRate('0.3') }];
    expect(settle('DIVIDEND', div, { validBet: 10_000n, profitLoss: -1_000n, activeMembers: 2 })).toMatchObject({
      loss: 1_000n,
      amount: 300n,
      tier: 0,
    });
    expect(settle('DIVIDEND', div, { validBet: 10_000n, profitLoss: 500n, activeMembers: 2 })).toMatchObject({
      loss: 0n,
      amount: 0n,
      tier: null,
    });
  });

  it('an offer is checked against its kind: salary tiers by valid bet, dividend tiers by loss, rising, with a dividend period', () => {
    expect(
      checkOffer('DAILY_SALARY', undefined, [{ minValidBet: '100', minActiveMembers: 1, rate: '0.0100' }]),
    ).toEqual({
      period: 'DAILY',
      tiers: [{ minValidBet: '100', minActiveMembers: 1, rate: '0.01' }],
      maxRate: 10_000n,
    });
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as { code: string }).code;
      }
      return 'OK';
    };
    expect(code(() => checkOffer('DIVIDEND', undefined, [{ minLoss: '1', minActiveMembers: 0, rate: '0.1' }]))).toBe(
      'CONTRACT_PERIOD_REQUIRED',
    );
    expect(code(() => checkOffer('DIVIDEND', 'WEEKLY', [{ minValidBet: '1', minActiveMembers: 0, rate: '0.1' }]))).toBe(
      'CONTRACT_TIERS_INVALID',
    );
    expect(
      code(() =>
        checkOffer('HOURLY_SALARY', undefined, [
          { minValidBet: '100', minActiveMembers: 1, rate: '0.02' },
          { minValidBet: '200', minActiveMembers: 1, rate: '0.01' },
        ]),
      ),
    ).toBe('CONTRACT_TIERS_INVALID');
    expect(
      code(() =>
        checkOffer('HOURLY_SALARY', undefined, [
          { minValidBet: '100', minActiveMembers: 1, rate: '0.01' },
          { minValidBet: '100', minActiveMembers: 1, rate: '0.02' },
        ]),
      ),
    ).toBe('CONTRACT_TIERS_INVALID');
  });
});

describe('periods in the site’s time zone', () => {
  it('days run from local midnight to local midnight (Seoul is UTC+9)', () => {
    const p = periodAt('DAILY', at('2026-11-24T16:30:00Z'), 'Asia/Seoul');
    expect(p).toEqual({ start: at('2026-11-24T15:00:00Z'), end: at('2026-11-25T15:00:00Z'), key: '2026-11-25' });
  });

  it('real-time periods are 5 minutes and hourly ones an hour, keyed by local time and offset', () => {
    const p = periodAt('FIVE_MINUTES', at('2026-11-24T03:07:59Z'), 'Asia/Seoul');
    expect(p).toEqual({
      start: at('2026-11-24T03:05:00Z'),
      end: at('2026-11-24T03:10:00Z'),
      key: '2026-11-24T12:05+09:00',
    });
    expect(periodAt('HOURLY', at('2026-11-24T03:07:59Z'), 'Asia/Seoul').key).toBe('2026-11-24T12:00+09:00');
  });

  it('weeks start on Monday, half-months on the 1st and 16th, months end on their last day (February of a leap year too)', () => {
    const tz = 'Asia/Seoul';
    const w = periodAt('WEEKLY', at('2026-11-26T00:00:00Z'), tz);
    expect(w).toEqual({ start: at('2026-11-22T15:00:00Z'), end: at('2026-11-29T15:00:00Z'), key: '2026-W48' });
    expect(periodAt('SEMIMONTHLY', at('2028-02-20T00:00:00Z'), tz)).toEqual({
      start: at('2028-02-15T15:00:00Z'),
      end: at('2028-02-29T15:00:00Z'),
      key: '2028-02-H2',
    });
    expect(periodAt('MONTHLY', at('2026-12-31T14:59:59Z'), tz)).toEqual({
      start: at('2026-11-30T15:00:00Z'),
      end: at('2026-12-31T15:00:00Z'),
      key: '2026-12',
    });
    expect(periodAt('MONTHLY', at('2026-12-31T15:00:00Z'), tz).key).toBe('2027-01');
  });

  it('a daylight-saving day has 23 or 25 hours and its hourly periods follow the local clock (New York)', () => {
    const tz = 'America/New_York';
    const spring = periodAt('DAILY', at('2026-03-08T12:00:00Z'), tz);
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = periodAt('DAILY', at('2026-11-01T12:00:00Z'), tz);
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
    const hours: string[] = [];
    for (let p = periodAt('HOURLY', autumn.start, tz); p.start < autumn.end; p = nextPeriod('HOURLY', p, tz))
      hours.push(p.key);
    expect(hours).toHaveLength(25);
    expect(hours.slice(0, 3)).toEqual(['2026-11-01T00:00-04:00', '2026-11-01T01:00-04:00', '2026-11-01T01:00-05:00']);
    expect(new Set(hours).size).toBe(25);
  });

  it('periods of every kind tile time with no gap or overlap and contain their instant (random instants and zones)', () => {
    const zones = ['Asia/Seoul', 'America/New_York', 'Europe/Berlin', 'Australia/Adelaide', 'Asia/Kolkata'];
    const kinds = ['FIVE_MINUTES', 'HOURLY', 'DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.constantFrom(...zones),
        fc.constantFrom(...kinds),
        (ms, tz, kind) => {
          const instant = new Date(ms);
          const p = periodAt(kind, instant, tz);
          expect(p.start <= instant && instant < p.end).toBe(true);
          const n = nextPeriod(kind, p, tz);
          expect(n.start.getTime()).toBe(p.end.getTime());
          expect(n.key).not.toBe(p.key);
          expect(periodAt(kind, new Date(p.end.getTime() - 1), tz).key).toBe(p.key);
          if (kind !== 'FIVE_MINUTES' && kind !== 'HOURLY') expect(isWholeDays(p, tz)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads the zone’s offset at an instant', () => {
    expect(offsetMinutes(at('2026-07-01T00:00:00Z'), 'Europe/Berlin')).toBe(120);
    expect(offsetMinutes(at('2026-01-01T00:00:00Z'), 'Europe/Berlin')).toBe(60);
  });
});

describe('settlement ranges read from the aggregates', () => {
  const FIVE = 300_000;
  const midnightOf = (day: string, tz: string) => periodAt('DAILY', new Date(`${day}T12:00:00Z`), tz).start;

  it('split any five-minute range into whole local days and the slots around them, covering it exactly once', () => {
    for (const tz of ['Asia/Seoul', 'America/New_York', 'Asia/Kathmandu']) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 200 * 288 }), fc.integer({ min: 1, max: 6 * 288 }), (a, len) => {
          const start = new Date(Date.UTC(2026, 0, 1) + a * FIVE);
          const end = new Date(start.getTime() + len * FIVE);
          const r = splitRange(start, end, tz);
          // Pieces in order: a slot range before the days, the days, a slot range after.
          const pieces: [number, number][] = [];
          const head = r.slots.find((x) => x.start.getTime() === start.getTime() && r.days !== null);
          if (head) pieces.push([head.start.getTime(), head.end.getTime()]);
          if (r.days) {
            const from = midnightOf(r.days.from, tz);
            const to = periodAt('DAILY', midnightOf(r.days.to, tz), tz).end;
            pieces.push([from.getTime(), to.getTime()]);
          }
          for (const x of r.slots) if (x !== head) pieces.push([x.start.getTime(), x.end.getTime()]);
          pieces.sort((p, q) => p[0] - q[0]);
          expect(pieces[0]![0]).toBe(start.getTime());
          expect(pieces.at(-1)![1]).toBe(end.getTime());
          for (let i = 1; i < pieces.length; i++) expect(pieces[i]![0]).toBe(pieces[i - 1]![1]);
          expect(r.slots.length).toBeLessThanOrEqual(2);
          for (const x of r.slots) expect(x.end.getTime() - x.start.getTime()).toBeLessThanOrEqual(25 * 3_600_000);
        }),
        { numRuns: 40 },
      );
    }
  }, 60_000);

  it('read a month cut short by a change as its whole days, and an hour as one slot range', () => {
    const tz = 'Asia/Seoul';
    expect(splitRange(at('2026-02-28T15:00:00Z'), at('2026-03-22T15:00:00Z'), tz)).toEqual({
      days: { from: '2026-03-01', to: '2026-03-22' },
      slots: [],
    });
    expect(splitRange(at('2026-03-18T03:00:00Z'), at('2026-03-18T04:00:00Z'), tz)).toEqual({
      days: null,
      slots: [{ start: at('2026-03-18T03:00:00Z'), end: at('2026-03-18T04:00:00Z') }],
    });
    // A day cut at 10:05 by a move: the morning from the slots.
    expect(splitRange(at('2026-05-11T15:00:00Z'), at('2026-05-12T01:05:00Z'), tz)).toEqual({
      days: null,
      slots: [{ start: at('2026-05-11T15:00:00Z'), end: at('2026-05-12T01:05:00Z') }],
    });
  });
});
