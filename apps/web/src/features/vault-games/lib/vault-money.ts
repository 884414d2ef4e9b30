/** Money on the Vault page: minor units as decimal strings (2 decimals), BigInt for sums, never a float. */
const DECIMALS = 2;

/** "123456" → "1,234.56". */
export function formatMinor(minor: string): string {
  if (!/^-?\d+$/.test(minor)) return '—';
  const negative = minor.startsWith('-');
  const padded = (negative ? minor.slice(1) : minor).replace(/^0+(?=\d)/, '').padStart(DECIMALS + 1, '0');
  const whole = padded.slice(0, -DECIMALS).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${padded.slice(-DECIMALS)}`;
}

/** What the player typed ("12", "12.5", "1,000") as minor units, or null when it is not an amount above zero. */
export function toMinor(input: string): string | null {
  const m = /^(\d{1,3}(?:,\d{3})+|\d{1,15})(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!m) return null;
  const minor = BigInt(m[1]!.replace(/,/g, '')) * 100n + BigInt((m[2] ?? '').padEnd(DECIMALS, '0'));
  return minor > 0n ? minor.toString() : null;
}

/** Minor units as an input value: "150000" → "1500". */
export function toInput(minor: string): string {
  const n = BigInt(minor);
  const cents = n % 100n;
  return cents === 0n ? (n / 100n).toString() : `${n / 100n}.${cents.toString().padStart(2, '0')}`;
}

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['♠', '♥', '♦', '♣'];

/** A card 0–51 of the high-card table: rank = card % 13 (two low, ace high), suit = card / 13. */
export function cardLabel(card: number): { rank: string; suit: string; red: boolean } {
  const suit = Math.floor(card / 13);
  return { rank: RANKS[card % 13]!, suit: SUITS[suit]!, red: suit === 1 || suit === 2 };
}

export function newRequestId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}
