import { pickSelection } from '@portal/house-vendor/lottery/lottery-bet.ts';
import { VN_PROVINCES, vnProvinceOf } from '@portal/house-vendor/lottery/vn-lottery.ts';

/** The Vietnam lottery's games, north first (decision 092). */
export const VN_GAMES = ['lotto-vn-north', 'lotto-vn-central', 'lotto-vn-south'] as const;
export const SEA_GAME = 'lotto-sea';
export const regionOf = (gameCode: string) => gameCode.replace('lotto-vn-', '') as 'north' | 'central' | 'south';

/** A wall-clock time in Vietnam and Bangkok (UTC+7, no summer time): the daily draws' clock. */
export function ictClock(iso: string): string {
  const d = new Date(Date.parse(iso) + 7 * 3_600_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** The Vietnam date of a daily draw from its id (`…-YYYYMMDD`), as DD/MM. */
export function drawDay(drawId: string): string {
  const m = /(\d{4})(\d{2})(\d{2})$/.exec(drawId);
  return m ? `${m[3]}/${m[2]}` : drawId;
}

/** A daily draw's name: its province (the north's with its host, or the SEA draw) and its date. */
export function drawName(drawId: string, fallback: string): string {
  const province = vnProvinceOf(drawId);
  const name = province ? (VN_PROVINCES[province] ?? province) : null;
  // The north draws once a day, hosted by a province in turn: "Northern draw (Hà Nội)".
  const where = !name ? fallback : drawId.startsWith('lotto-vn-north') ? `${fallback} (${name})` : name;
  return `${where} · ${drawDay(drawId)}`;
}

/** Seconds as H:MM:SS (or MM:SS under an hour). */
export function formatLong(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Three typed digits as a selection: a 3 top / 3 càng number, or a tote's digits in ascending order. */
export function threeDigits(
  text: string,
  anyOrder: boolean,
): { ok: true; selection: string } | { ok: false; why: 'bad' | 'triple' } {
  const digits = text.trim();
  if (!/^\d{3}$/.test(digits)) return { ok: false, why: 'bad' };
  if (!anyOrder) return { ok: true, selection: digits };
  if (new Set(digits).size === 1) return { ok: false, why: 'triple' };
  return { ok: true, selection: digits.split('').sort().join('') };
}

/** `count` different random numbers below `range`, as a pick's selection. */
export function randomPick(count: number, digits: number, random: () => number = Math.random): string {
  const range = 10 ** digits;
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(random() * range));
  return pickSelection([...chosen], digits);
}

/** Adds a number to the picked ones, or takes it out; at most `max` are kept. */
export function togglePicked(picked: readonly number[], n: number, max: number): number[] {
  if (picked.includes(n)) return picked.filter((x) => x !== n);
  return picked.length >= max ? [...picked] : [...picked, n];
}
