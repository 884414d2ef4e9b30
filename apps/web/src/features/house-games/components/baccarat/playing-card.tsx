const SUITS: Record<string, { glyph: string; red: boolean }> = {
  S: { glyph: '♠', red: false },
  H: { glyph: '♥', red: true },
  D: { glyph: '♦', red: true },
  C: { glyph: '♣', red: false },
};
const RANKS: Record<string, string> = { T: '10', J: 'J', Q: 'Q', K: 'K', A: 'A' };

export function cardLabel(card: string): { rank: string; suit: string; red: boolean } {
  const suit = SUITS[card[1] ?? 'S'] ?? SUITS.S!;
  return { rank: RANKS[card[0] ?? ''] ?? card[0] ?? '', suit: suit.glyph, red: suit.red };
}

/** A card that deals in face down and flips; `card` null is an empty place on the table. */
export function PlayingCard({
  card,
  faceUp,
  delayMs,
  third,
}: {
  card: string;
  faceUp: boolean;
  delayMs: number;
  third?: boolean;
}) {
  const { rank, suit, red } = cardLabel(card);
  return (
    <div
      className={['hg-card', faceUp ? 'is-up' : '', third ? 'is-third' : '', red ? 'is-red' : ''].join(' ')}
      style={{ animationDelay: `${delayMs}ms` }}
      aria-label={faceUp ? `${rank}${suit}` : undefined}
      role={faceUp ? 'img' : undefined}
    >
      <div className="hg-card__inner">
        <div className="hg-card__back" aria-hidden="true" />
        <div className="hg-card__face" aria-hidden="true">
          <span className="hg-card__corner">
            {rank}
            <br />
            {suit}
          </span>
          <span className="hg-card__pip">{suit}</span>
          <span className="hg-card__corner hg-card__corner--end">
            {rank}
            <br />
            {suit}
          </span>
        </div>
      </div>
    </div>
  );
}
