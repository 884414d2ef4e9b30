/** Glyphs the game cards need beyond the shared icon set. */
const PATHS = {
  heart:
    'M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.6 3.1 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z',
  play: 'M8 5.5v13a1 1 0 0 0 1.5.86l10.4-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z',
  search:
    'M10.5 4a6.5 6.5 0 1 0 4 11.6l4.2 4.2 1.4-1.4-4.2-4.2A6.5 6.5 0 0 0 10.5 4Zm0 2a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Z',
  flame:
    'M12.5 2.5c.5 3-1.2 4.6-2.6 6.1C8.6 10 7.5 11.3 7.5 13.6a4.5 4.5 0 0 0 9 0c0-1.2-.4-2.3-1-3.2.9 2.6-1 3.6-1.8 3.2 1.8-3.7-1-8.6-1.2-11.1ZM12 22a7 7 0 0 1-7-7c0-3.6 2.1-5.4 3.6-7C10 6.5 11 5.3 10.5 2 16 4 19 9.4 19 15a7 7 0 0 1-7 7Z',
  wrench:
    'M21 6.5a5 5 0 0 1-6.6 4.7L7.8 17.8a2 2 0 1 1-2.8-2.8l6.6-6.6A5 5 0 0 1 17.5 2l-3 3 .5 3 3 .5 3-3c0 .3 0 .6 0 1Z',
  history: 'M12 4a8 8 0 1 1-7.4 5H2.5l3-3.5 3 3.5H6.7A6 6 0 1 0 12 6V4Zm-1 4h2v4.4l3 1.8-1 1.7-4-2.4V8Z',
  coin: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18Zm0 2a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm1 2v1.1c1.3.3 2.2 1.2 2.3 2.4h-2c-.1-.5-.6-.8-1.3-.8-.8 0-1.3.3-1.3.8 0 .5.4.7 1.6 1 1.9.4 3.1 1 3.1 2.6 0 1.3-1 2.2-2.4 2.5V17h-2v-1.1c-1.5-.3-2.5-1.3-2.5-2.6h2c.1.6.6 1 1.5 1 .8 0 1.4-.3 1.4-.9 0-.5-.4-.7-1.7-1-1.8-.4-3-1-3-2.5 0-1.2.9-2.1 2.3-2.4V7h2Z',
} as const;

export type GameIconName = keyof typeof PATHS;

export function GameIcon({ name, size = 18, filled = true }: { name: GameIconName; size?: number; filled?: boolean }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="game-icon"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={filled ? undefined : 2}
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
