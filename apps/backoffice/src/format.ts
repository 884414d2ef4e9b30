/** A time as the staff member's locale shows it, to the second. */
export const formatTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' }) : '—';

/** Minor units of a currency as a localized amount (KRW has none, USD two…). */
export function formatMoney(minor: string | bigint, currency: string): string {
  const f = new Intl.NumberFormat(undefined, { style: 'currency', currency });
  const digits = f.resolvedOptions().maximumFractionDigits ?? 0;
  return f.format(Number(BigInt(minor)) / 10 ** digits);
}
