import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import type { PurchaseMessage } from '../hooks/use-ticket-purchase.ts';
import { oddsText } from './lottery-labels.ts';

/** A page's namespace of wording: the fast games' (`lottery`) or the daily draws' (`dailyLottery`). */
export type LotteryTexts = 'lottery' | 'dailyLottery';

/**
 * A row of chips of which one is chosen: a stake, a multiplier, a number of points, a chart's
 * position. With `groupLabel` the row is a labelled group.
 */
export function ChipChoice<T extends bigint | number>({
  options,
  value,
  onChange,
  label,
  groupLabel,
  className,
}: {
  options: readonly T[];
  value: T;
  onChange: (option: T) => void;
  label: (option: T) => ReactNode;
  groupLabel?: string;
  className?: string;
}) {
  return (
    <div
      className={className ? `lotto-chips ${className}` : 'lotto-chips'}
      {...(groupLabel ? { role: 'group', 'aria-label': groupLabel } : {})}
    >
      {options.map((o) => (
        <button
          key={String(o)}
          type="button"
          className={o === value ? 'lotto-chip lotto-chip--on' : 'lotto-chip'}
          aria-pressed={o === value}
          onClick={() => onChange(o)}
        >
          {label(o)}
        </button>
      ))}
    </div>
  );
}

/** What the last purchase answered, under the slip. */
export function PurchaseNote({ message, testId }: { message: PurchaseMessage | null; testId: string }) {
  if (!message) return null;
  return (
    <p
      className={message.ok ? 'lotto-msg lotto-msg--ok' : 'lotto-msg lotto-msg--bad'}
      role="status"
      data-testid={testId}
    >
      {message.text}
    </p>
  );
}

/** The slip's lines, each with its odds and a button that takes it off. */
export function SlipLines<L extends { oddsBasisPoints: number }>({
  lines,
  texts,
  keyOf,
  labelOf,
  detailOf,
  onRemove,
  testId,
}: {
  lines: L[];
  texts: LotteryTexts;
  keyOf: (line: L) => string;
  labelOf: (line: L) => string;
  /** Shown beside the label, muted (a line's own stake). */
  detailOf?: (line: L) => string;
  onRemove: (line: L) => void;
  testId: string;
}) {
  const { t } = useTranslation('pages');
  if (lines.length === 0) return <p className="muted lotto-slip__empty">{t(`${texts}.slipEmpty`)}</p>;
  return (
    <ul className="lotto-slip__lines" data-testid={testId}>
      {lines.map((l) => {
        const label = labelOf(l);
        return (
          <li key={keyOf(l)}>
            {detailOf ? (
              <span>
                {label} <span className="muted">{detailOf(l)}</span>
              </span>
            ) : (
              <span>{label}</span>
            )}
            <span className="lotto-slip__odds">×{oddsText(l.oddsBasisPoints)}</span>
            <button
              type="button"
              className="lotto-slip__remove"
              aria-label={t(`${texts}.remove`, { what: label })}
              onClick={() => onRemove(l)}
            >
              <Icon name="close" size={14} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** What the slip costs and the most it can win. */
export function SlipSum({
  texts,
  total,
  best,
  totalTestId,
}: {
  texts: LotteryTexts;
  total: string;
  best: string;
  totalTestId: string;
}) {
  const { t } = useTranslation('pages');
  return (
    <dl className="lotto-slip__sum">
      <dt>{t(`${texts}.total`)}</dt>
      <dd data-testid={totalTestId}>{total}</dd>
      <dt>{t(`${texts}.maxWin`)}</dt>
      <dd>{best}</dd>
    </dl>
  );
}
