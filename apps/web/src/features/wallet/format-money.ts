/**
 * Minor units (a decimal string from the API) to the spec's display: 2 decimals, thousands grouped
 * with commas (spec §9). BigInt all the way: money never passes through a float.
 */
export function formatMinor(minor: string, decimals = 2): string {
  if (!/^-?\d+$/.test(minor)) return '—';
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).replace(/^0+(?=\d)/, '');
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${decimals > 0 ? `.${fraction}` : ''}`;
}
