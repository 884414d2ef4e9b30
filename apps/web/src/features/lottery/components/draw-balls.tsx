/** A draw's numbers as balls; unknown numbers show as "?". */
export function DrawBalls({
  result,
  size = 'md',
  label,
}: {
  result: number[] | null;
  size?: 'sm' | 'md' | 'lg';
  label: string;
}) {
  const balls = result ?? [null, null, null, null, null];
  return (
    <div className={`lotto-balls lotto-balls--${size}`} role="img" aria-label={label}>
      {balls.map((n, i) => (
        <span key={i} className={n === null ? 'lotto-ball lotto-ball--unknown' : 'lotto-ball'} aria-hidden="true">
          {n === null ? '?' : n}
        </span>
      ))}
    </div>
  );
}
