import { SITE_TIME_ZONE } from './limits.ts';

/**
 * Wall-clock times in the site's time zone (`SITE_TIME_ZONE`), as the back office's schedule pickers
 * show and read them: a `datetime-local` value (`2026-12-01T09:00`) means 09:00 in the site's zone,
 * whatever the staff member's browser is set to.
 */
const parts = (at: Date, zone: string) => {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour!, mi: +p.minute!, s: +p.second! };
};

/** Minutes the zone is ahead of UTC at that instant (Seoul: 540). */
export const zoneOffsetMinutes = (at: Date, zone = SITE_TIME_ZONE): number => {
  const p = parts(at, zone);
  const asUtc = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the site's wall clock for a `datetime-local` input: `2026-12-01T00:00:00Z` → `2026-12-01T09:00`. */
export const toSiteInput = (iso: string | null | undefined, zone = SITE_TIME_ZONE): string => {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const p = parts(at, zone);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}`;
};

/**
 * A `datetime-local` value read as the site's wall clock, as an ISO instant (`2026-12-01T09:00` →
 * `2026-12-01T00:00:00.000Z`); empty → null; not a time → undefined.
 */
export const fromSiteInput = (value: string, zone = SITE_TIME_ZONE): string | null | undefined => {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return undefined;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
  // The offset at the guessed instant, then again at the corrected one (right across a DST change).
  let at = wall - zoneOffsetMinutes(new Date(wall), zone) * 60_000;
  at = wall - zoneOffsetMinutes(new Date(at), zone) * 60_000;
  return new Date(at).toISOString();
};

/** The zone as staff read it next to a picker: `Asia/Seoul, UTC+9`. */
export const siteZoneLabel = (at = new Date(), zone = SITE_TIME_ZONE): string => {
  const off = zoneOffsetMinutes(at, zone);
  const sign = off < 0 ? '−' : '+';
  const h = Math.floor(Math.abs(off) / 60);
  const mi = Math.abs(off) % 60;
  return `${zone}, UTC${sign}${h}${mi ? `:${pad(mi)}` : ''}`;
};

/** An instant as the site's wall clock to the minute, for grids next to the pickers (`2026-12-01 09:00`). */
export const formatSiteTime = (iso: string | null | undefined, zone = SITE_TIME_ZONE): string =>
  iso ? toSiteInput(iso, zone).replace('T', ' ') : '—';
