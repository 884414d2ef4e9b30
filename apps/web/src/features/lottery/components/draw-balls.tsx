/** A draw's numbers as balls (dice as dice); unknown numbers show as "?". */
export function DrawBalls({
  result,
  size = 'md',
  label,
  count = 5,
  dice = false,
}: {
  result: number[] | null;
  size?: 'sm' | 'md' | 'lg';
  label: string;
  /** How many numbers the game draws (shown as "?" before the draw). */
  count?: number;
  dice?: boolean;
}) {
  const balls: (number | null)[] = result ?? Array.from({ length: count }, () => null);
  return (
    <div className={`lotto-balls lotto-balls--${size}`} role="img" aria-label={label}>
      {balls.map((n, i) => (
        <span
          key={i}
          className={`lotto-ball${dice ? ' lotto-ball--die' : ''}${n === null ? ' lotto-ball--unknown' : ''}`}
          aria-hidden="true"
        >
          {n === null ? '?' : n}
        </span>
      ))}
    </div>
  );
}
