/** The Vault page's cards (its money rules are the contract's: packages/contracts money.ts). */
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['♠', '♥', '♦', '♣'];

/** A card 0–51 of the high-card table: rank = card % 13 (two low, ace high), suit = card / 13. */
export function cardLabel(card: number): { rank: string; suit: string; red: boolean } {
  const suit = Math.floor(card / 13);
  return { rank: RANKS[card % 13]!, suit: SUITS[suit]!, red: suit === 1 || suit === 2 };
}
