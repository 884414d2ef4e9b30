import type { ReportPeriod } from '@portal/contracts/agent/agent.contract.ts';
import { AppError } from '../../plugins/app-error.ts';
import { kstDay, resolveRange } from '../wallet/history.service.ts';

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The calendar days (site time zone, both included) of a report period: today, yesterday, this week
 * from Monday, this month from the 1st, or a chosen range (checked like the history pages' ranges).
 */
export function resolvePeriod(
  q: { period: ReportPeriod; from?: string | undefined; to?: string | undefined },
  now: Date,
): { from: string; to: string } {
  const today = kstDay(now);
  switch (q.period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'week': {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
      return { from: addDays(today, -weekday), to: today };
    }
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'range': {
      if (!q.from || !q.to)
        throw new AppError('VALIDATION_FAILED', 400, 'A range needs both dates.', q.from ? 'query.to' : 'query.from');
      const r = resolveRange({ from: q.from, to: q.to }, now);
      return { from: r.from, to: r.to };
    }
  }
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
