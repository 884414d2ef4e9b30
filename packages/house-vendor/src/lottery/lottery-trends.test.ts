import { describe, expect, it } from 'vitest';
import { lotteryTrends, runsOf } from './lottery-trends.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute)).toISOString();
const draw = (minute: number, result: number[]) => ({ drawId: `d-${minute}`, drawsAt: at(minute), result });

describe('lottery trend figures', () => {
  it('counts each digit at each position and each sum of the five-digit game, oldest draw first', () => {
    const trends = lotteryTrends('FIVE_DIGIT', [draw(2, [9, 9, 9, 9, 9]), draw(1, [0, 1, 2, 3, 4])]);
    expect(trends.series.map((p) => p.drawId)).toEqual(['d-1', 'd-2']);
    expect(trends.positions).toHaveLength(5);
    expect(trends.positions[0]).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(trends.positions[4]).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(trends.sums.min).toBe(0);
    expect(trends.sums.counts).toHaveLength(46);
    expect(trends.sums.counts[10]).toBe(1);
    expect(trends.sums.counts[45]).toBe(1);
    // 10 is small and even; 45 is big and odd (23–45 big).
    expect(trends.series.map((p) => [p.sum, p.bigSmall, p.oddEven])).toEqual([
      [10, 'SMALL', 'EVEN'],
      [45, 'BIG', 'ODD'],
    ]);
  });

  it('puts the five-digit sum 22 on the small side and 23 on the big side', () => {
    const trends = lotteryTrends('FIVE_DIGIT', [draw(1, [9, 9, 4, 0, 0]), draw(2, [9, 9, 5, 0, 0])]);
    expect(trends.series.map((p) => p.bigSmall)).toEqual(['SMALL', 'BIG']);
  });

  it('counts the three-dice sums 3–18 and marks a triple as neither big nor small', () => {
    const trends = lotteryTrends('THREE_DICE', [draw(1, [1, 1, 1]), draw(2, [6, 5, 1]), draw(3, [2, 3, 4])]);
    expect(trends.valueMin).toBe(1);
    expect(trends.positions[0]).toEqual([1, 1, 0, 0, 0, 1]);
    expect(trends.sums).toMatchObject({ min: 3, max: 18 });
    expect(trends.sums.counts[3 - 3]).toBe(1);
    expect(trends.sums.counts[12 - 3]).toBe(1);
    expect(trends.sums.counts[9 - 3]).toBe(1);
    expect(trends.series.map((p) => p.bigSmall)).toEqual(['TRIPLE', 'BIG', 'SMALL']);
    expect(trends.series.map((p) => p.oddEven)).toEqual(['TRIPLE', 'EVEN', 'ODD']);
  });

  it('counts which car finished at each place of the race, the sum of the first two, and the winner’s side', () => {
    const order = [7, 2, 1, 3, 4, 5, 6, 8, 9, 10];
    const trends = lotteryTrends('TEN_CAR_RACE', [draw(1, order)]);
    expect(trends.positions).toHaveLength(10);
    expect(trends.positions[0]![7 - 1]).toBe(1);
    expect(trends.positions[9]![10 - 1]).toBe(1);
    expect(trends.sums).toMatchObject({ min: 3, max: 19 });
    expect(trends.series[0]).toMatchObject({ sum: 9, bigSmall: 'BIG', oddEven: 'ODD' });
    expect(trends.sums.counts[9 - 3]).toBe(1);
  });

  it('groups equal neighbours into runs', () => {
    expect(runsOf(['BIG', 'BIG', 'SMALL', 'BIG'])).toEqual([
      { side: 'BIG', length: 2 },
      { side: 'SMALL', length: 1 },
      { side: 'BIG', length: 1 },
    ]);
    expect(runsOf([])).toEqual([]);
    const trends = lotteryTrends('FIVE_DIGIT', [draw(1, [9, 9, 9, 9, 9]), draw(2, [9, 9, 9, 9, 8])]);
    expect(trends.runs.bigSmall).toEqual([{ side: 'BIG', length: 2 }]);
    expect(trends.runs.oddEven).toEqual([
      { side: 'ODD', length: 1 },
      { side: 'EVEN', length: 1 },
    ]);
  });

  it('counts every draw once at each position: the counts of a position add up to the draws', () => {
    const draws = Array.from({ length: 50 }, (_, i) => draw(i, [i % 10, (i * 3) % 10, (i * 7) % 10, 5, 0]));
    const trends = lotteryTrends('FIVE_DIGIT', draws);
    for (const row of trends.positions) expect(row.reduce((a, b) => a + b, 0)).toBe(50);
    expect(trends.sums.counts.reduce((a, b) => a + b, 0)).toBe(50);
    expect(trends.runs.bigSmall.reduce((a, r) => a + r.length, 0)).toBe(50);
  });

  it("counts a Vietnam draw's lô endings over every prize number, its đề, and the draws since each last came", () => {
    // Oldest first: đề 45 then 07; lô 45, 12, 12 then 07, 45, 99.
    const trends = lotteryTrends('VN_NORTH', [draw(2, [12307, 345, 99]), draw(1, [98745, 112, 5612])]);
    const lo = trends.endings!.find((e) => e.kind === 'LO')!;
    const de = trends.endings!.find((e) => e.kind === 'DE')!;
    expect([lo.counts[45], lo.counts[12], lo.counts[7], lo.counts[99], lo.counts[0]]).toEqual([2, 2, 1, 1, 0]);
    expect(lo.counts.reduce((a, b) => a + b, 0)).toBe(6);
    expect([lo.since[45], lo.since[7], lo.since[12], lo.since[0]]).toEqual([0, 0, 1, 2]);
    expect([de.counts[45], de.counts[7], de.counts[12]]).toEqual([1, 1, 0]);
    expect([de.since[7], de.since[45], de.since[12]]).toEqual([0, 1, 2]);
    expect(trends.sums).toMatchObject({ min: 0, max: 99 });
    expect([trends.sums.counts[45], trends.sums.counts[7]]).toEqual([1, 1]);
    expect(trends.positions).toEqual([
      [1, 0, 0, 0, 1, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 1, 0, 1, 0, 0],
    ]);
    expect(trends.series.map((p) => [p.sum, p.bigSmall, p.oddEven])).toEqual([
      [45, 'SMALL', 'ODD'],
      [7, 'SMALL', 'ODD'],
    ]);
  });

  it("counts the SEA draw's 2 top and 2 bottom, 2 top as its headline", () => {
    const trends = lotteryTrends('SEA', [draw(1, [123456, 56]), draw(2, [654321, 8]), draw(3, [100021, 56])]);
    const top = trends.endings!.find((e) => e.kind === 'TOP2')!;
    const bottom = trends.endings!.find((e) => e.kind === 'BOTTOM2')!;
    expect([top.counts[56], top.counts[21], top.since[56], top.since[21], top.since[8]]).toEqual([1, 2, 2, 0, 3]);
    expect([bottom.counts[56], bottom.counts[8], bottom.since[56], bottom.since[8]]).toEqual([2, 1, 0, 1]);
    expect(trends.series.map((p) => [p.sum, p.bigSmall])).toEqual([
      [56, 'BIG'],
      [21, 'SMALL'],
      [21, 'SMALL'],
    ]);
  });

  it('leaves the endings out for the fast-draw games', () => {
    expect(lotteryTrends('FIVE_DIGIT', [draw(1, [1, 2, 3, 4, 5])]).endings).toBeUndefined();
  });
});
