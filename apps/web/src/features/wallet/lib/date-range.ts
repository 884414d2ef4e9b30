import { HISTORY } from '@portal/contracts/limits.ts';
import { siteDay } from '../../../lib/format.ts';

/** The history filters' quick ranges: today, the last 7 and the last 30 days (today included). */
export const RANGE_PRESETS = ['today', 'last7', 'last30'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export interface DateRange {
  from: string;
  to: string;
}

const PRESET_DAYS: Record<RangePreset, number> = { today: 1, last7: 7, last30: 30 };

/** Today as YYYY-MM-DD in the site's time zone (history days are KST days whatever the browser's zone). */
export function siteToday(now: Date = new Date()): string {
  return siteDay(now);
}

/** A calendar day plus (or minus) whole days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function presetRange(preset: RangePreset, now: Date = new Date()): DateRange {
  const to = siteToday(now);
  return { from: addDays(to, 1 - PRESET_DAYS[preset]), to };
}

/** The preset a range equals, if any (to light up its chip). */
export function presetOf(range: DateRange, now: Date = new Date()): RangePreset | null {
  return (
    RANGE_PRESETS.find((p) => {
      const r = presetRange(p, now);
      return r.from === range.from && r.to === range.to;
    }) ?? null
  );
}

export type RangeIssue = 'order' | 'tooLong' | 'format';

/** The server's rules of a range, checked before asking: from ≤ to, at most HISTORY.maxRangeDays days. */
export function checkRange(range: DateRange): RangeIssue | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(range.from) || !day.test(range.to)) return 'format';
  if (range.from > range.to) return 'order';
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > HISTORY.maxRangeDays) return 'tooLong';
  return null;
}
