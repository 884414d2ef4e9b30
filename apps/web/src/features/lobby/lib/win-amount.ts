/**
 * A win in minor units (a decimal string) as the board shows it: 2 decimals, thousands grouped with
 * commas (spec §9). Text all the way: money never passes through a float.
 */
export function formatWinAmount(minor: string, decimals = 2): string {
  if (!/^\d+$/.test(minor)) return '—';
  const padded = minor.replace(/^0+(?=\d)/, '').padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals > 0 ? `${whole}.${padded.slice(padded.length - decimals)}` : whole;
}
