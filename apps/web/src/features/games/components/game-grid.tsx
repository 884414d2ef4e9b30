import type { GameCard as Game } from '@portal/contracts/games/games.contract.ts';
import type { ReactNode } from 'react';
import { GameCard } from './game-card.tsx';

/** Game cards in a responsive grid; skeletons while loading; `empty` when there is nothing to show. */
export function GameGrid({
  games,
  loading = false,
  skeletons = 6,
  size = 'md',
  empty,
  testId = 'game-grid',
  eagerPictures = 0,
}: {
  games: readonly Game[];
  loading?: boolean;
  skeletons?: number;
  size?: 'md' | 'lg';
  empty?: ReactNode;
  testId?: string;
  /** How many of the first cards load their picture from the first render, not when seen on screen. */
  eagerPictures?: number;
}) {
  if (loading && games.length === 0) {
    return (
      <ul className={`game-grid game-grid--${size}`} aria-hidden="true">
        {Array.from({ length: skeletons }, (_, i) => (
          // Keys no game has: React must not reuse a placeholder as a card (the card would "move").
          <li key={`skeleton-${i}`} className="skeleton game-skeleton" />
        ))}
      </ul>
    );
  }
  if (games.length === 0) return <>{empty}</>;
  return (
    <ul className={`game-grid game-grid--${size}`} data-testid={testId}>
      {games.map((game, i) => (
        <li key={game.nodeId}>
          <GameCard game={game} size={size} eagerPicture={i < eagerPictures} />
        </li>
      ))}
    </ul>
  );
}
