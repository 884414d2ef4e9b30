import type { ContractPeriod } from '@portal/contracts/agent/contracts.contract.ts';

/** One settlement period: [start, end) and its key in the site's time zone. */
export interface Period {
  start: Date;
  end: Date;
  key: string;
}

const MINUTE = 60_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

interface Wall {
  y: number;
  m: number;
  d: number;
  hh: number;
  mm: number;
  ss: number;
}

/** The wall-clock time of an instant in a time zone. */
export function wallTime(instant: Date, tz: string): Wall {
  const parts = Object.fromEntries(
    formatter(tz)
      .formatToParts(instant)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return { y: parts.year!, m: parts.month!, d: parts.day!, hh: parts.hour! % 24, mm: parts.minute!, ss: parts.second! };
}

/** The zone's offset from UTC at an instant, in minutes. */
export function offsetMinutes(instant: Date, tz: string): number {
  const w = wallTime(instant, tz);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.hh, w.mm, w.ss);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE);
}

/**
 * The instant of a wall-clock time in a zone. A time that does not exist (the hour skipped when
 * daylight-saving time starts) gives the instant the clock jumps to; a time that happens twice gives
 * the first.
 */
export function zonedInstant(y: number, m: number, d: number, hh: number, mm: number, tz: string): Date {
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  const first = asUtc - offsetMinutes(new Date(asUtc), tz) * MINUTE;
  const candidates = [first, asUtc - offsetMinutes(new Date(first), tz) * MINUTE];
  // Prefer a candidate whose wall time is the one asked for; the earliest of those.
  const exact = candidates.filter((c) => {
    const w = wallTime(new Date(c), tz);
    return Date.UTC(w.y, w.m - 1, w.d, w.hh, w.mm) === asUtc;
  });
  if (exact.length) return new Date(Math.min(...exact));
  // Skipped wall time: the later offset applies from the jump on.
  return new Date(Math.max(...candidates));
}

/** Calendar arithmetic on dates (no zone). */
const civil = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};
const dayKey = (c: { y: number; m: number; d: number }) => `${c.y}-${pad(c.m)}-${pad(c.d)}`;
const midnight = (c: { y: number; m: number; d: number }, tz: string) => zonedInstant(c.y, c.m, c.d, 0, 0, tz);

/** ISO week-numbering year and week of a date: the week that holds its Thursday. */
function isoWeek(c: { y: number; m: number; d: number }) {
  const t = Date.UTC(c.y, c.m - 1, c.d);
  const weekday = (new Date(t).getUTCDay() + 6) % 7;
  const thursday = new Date(t + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  return { year, week: 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / 604_800_000) };
}

function subDay(instant: Date, tz: string, stepMinutes: number): Period {
  const w = wallTime(instant, tz);
  const dayStart = midnight(w, tz);
  const dayEnd = midnight(civil(w.y, w.m, w.d + 1), tz);
  const step = stepMinutes * MINUTE;
  const index = Math.floor((instant.getTime() - dayStart.getTime()) / step);
  const start = new Date(dayStart.getTime() + index * step);
  const end = new Date(Math.min(start.getTime() + step, dayEnd.getTime()));
  const s = wallTime(start, tz);
  const off = offsetMinutes(start, tz);
  const sign = off < 0 ? '-' : '+';
  const key = `${dayKey(s)}T${pad(s.hh)}:${pad(s.mm)}${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
  return { start, end, key };
}

/**
 * The period of a kind that contains an instant, in a time zone: 5-minute and hourly periods count
 * from the local midnight (a day of 23 or 25 hours has 23 or 25 hours), days run midnight to
 * midnight, weeks from Monday, half-months 1–15 and 16–end, months from the 1st.
 */
export function periodAt(period: ContractPeriod, instant: Date, tz: string): Period {
  switch (period) {
    case 'FIVE_MINUTES':
      return subDay(instant, tz, 5);
    case 'HOURLY':
      return subDay(instant, tz, 60);
    case 'DAILY': {
      const w = wallTime(instant, tz);
      return { start: midnight(w, tz), end: midnight(civil(w.y, w.m, w.d + 1), tz), key: dayKey(w) };
    }
    case 'WEEKLY': {
      const w = wallTime(instant, tz);
      const weekday = (new Date(Date.UTC(w.y, w.m - 1, w.d)).getUTCDay() + 6) % 7;
      const monday = civil(w.y, w.m, w.d - weekday);
      const { year, week } = isoWeek(monday);
      return {
        start: midnight(monday, tz),
        end: midnight(civil(monday.y, monday.m, monday.d + 7), tz),
        key: `${year}-W${pad(week)}`,
      };
    }
    case 'SEMIMONTHLY': {
      const w = wallTime(instant, tz);
      const first = w.d <= 15;
      const from = { y: w.y, m: w.m, d: first ? 1 : 16 };
      const to = first ? { y: w.y, m: w.m, d: 16 } : civil(w.y, w.m + 1, 1);
      return { start: midnight(from, tz), end: midnight(to, tz), key: `${w.y}-${pad(w.m)}-H${first ? 1 : 2}` };
    }
    case 'MONTHLY': {
      const w = wallTime(instant, tz);
      return {
        start: midnight({ y: w.y, m: w.m, d: 1 }, tz),
        end: midnight(civil(w.y, w.m + 1, 1), tz),
        key: `${w.y}-${pad(w.m)}`,
      };
    }
  }
}

/** The period right after this one. */
export const nextPeriod = (period: ContractPeriod, p: Period, tz: string): Period => periodAt(period, p.end, tz);

/** The start of the next period after `instant` (when an accepted or terminated contract changes). */
export const nextBoundary = (period: ContractPeriod, instant: Date, tz: string): Date =>
  periodAt(period, instant, tz).end;

/** Both ends are local midnights: the period is whole days (the daily aggregates answer it). */
export function isWholeDays(p: Period, tz: string): boolean {
  const a = wallTime(p.start, tz);
  const b = wallTime(p.end, tz);
  return a.hh === 0 && a.mm === 0 && b.hh === 0 && b.mm === 0;
}

/** The local calendar day of an instant, YYYY-MM-DD. */
export const localDay = (instant: Date, tz: string) => dayKey(wallTime(instant, tz));

/** How a settlement range is read from the aggregates: whole local days, and five-minute slots around them. */
export interface RangeParts {
  /** Whole local days, first and last (YYYY-MM-DD), read from the day aggregates; null when none. */
  days: { from: string; to: string } | null;
  /** The rest of the range (at most a partial day before and one after the whole days), read from the five-minute aggregates. */
  slots: { start: Date; end: Date }[];
}

/**
 * Splits [start, end) into whole local days and the parts of a day around them (decision 033). Both
 * ends are five-minute boundaries (period boundaries are, in every zone's quarter hours).
 */
export function splitRange(start: Date, end: Date, tz: string): RangeParts {
  const slots: { start: Date; end: Date }[] = [];
  let cursor = start;
  const first = periodAt('DAILY', start, tz);
  if (first.start.getTime() !== start.getTime()) {
    const headEnd = first.end < end ? first.end : end;
    slots.push({ start, end: headEnd });
    cursor = headEnd;
  }
  let lastDayEnd: Date | null = null;
  let firstDay: string | null = null;
  for (let d = periodAt('DAILY', cursor, tz); cursor < end && d.end <= end; d = periodAt('DAILY', d.end, tz)) {
    firstDay ??= d.key;
    lastDayEnd = d.end;
    cursor = d.end;
  }
  if (cursor < end) slots.push({ start: cursor, end });
  return {
    days: firstDay && lastDayEnd ? { from: firstDay, to: localDay(new Date(lastDayEnd.getTime() - 1), tz) } : null,
    slots,
  };
}
