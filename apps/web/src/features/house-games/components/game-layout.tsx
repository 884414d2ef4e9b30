import type { ReactNode } from 'react';

/** The board and its controls: side by side on a wide screen, the controls under the board on a phone. */
export function GameLayout({
  stage,
  controls,
  className,
}: {
  stage: ReactNode;
  controls: ReactNode;
  className?: string;
}) {
  return (
    <div className={['hg-play', className ?? ''].join(' ')}>
      <div className="hg-stage">{stage}</div>
      <div className="hg-controls">{controls}</div>
    </div>
  );
}

/** A label and a value in the controls column (win chance, multiplier, payout on win). */
export function Stat({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="hg-stat">
      <span className="hg-stat__label">{label}</span>
      <span className="hg-stat__value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
