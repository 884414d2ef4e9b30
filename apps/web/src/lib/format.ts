import { SITE_TIME_ZONE } from '@portal/contracts/limits.ts';

/**
 * Dates as the site shows them: always in the site's time zone (SITE_TIME_ZONE, KST), whatever the
 * visitor's browser says, so a time on a list, a receipt and the history filters' days agree with
 * each other and with the server's days.
 */
const PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function siteParts(iso: string | Date | null | undefined): Record<string, string> | null {
  if (!iso) return null;
  const d = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return Object.fromEntries(PARTS.formatToParts(d).map((p) => [p.type, p.value]));
}

/** yyyy-MM-dd HH:mm:ss in the site's time zone; null for a missing or unreadable time. */
export function formatDateTime(iso: string | Date | null | undefined): string | null {
  const p = siteParts(iso);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}` : null;
}

/** HH:mm:ss in the site's time zone; null for a missing or unreadable time. */
export function formatTime(iso: string | Date | null | undefined): string | null {
  const p = siteParts(iso);
  return p ? `${p.hour}:${p.minute}:${p.second}` : null;
}

/** yyyy-MM-dd, the site's calendar day of a moment (history filters use the same days). */
export function siteDay(at: Date = new Date()): string {
  const p = siteParts(at)!;
  return `${p.year}-${p.month}-${p.day}`;
}

const OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, timeZoneName: 'longOffset' });

/** The site time zone's offset at a moment, as "GMT+09:00": the label of a clock shown in site time. */
export function siteOffsetLabel(at: Date = new Date()): string {
  const name = OFFSET.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return name === 'GMT' ? 'GMT+00:00' : name;
}
