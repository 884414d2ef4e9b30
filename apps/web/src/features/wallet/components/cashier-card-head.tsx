import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';

/** The head of a cashier card: its icon and title (`id` labels the card), and what stands at its end. */
export function CashierCardHead({
  id,
  icon,
  title,
  className,
  children,
}: {
  id?: string;
  icon: IconName;
  title: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className ? `cashier-card__head ${className}` : 'cashier-card__head'}>
      <h3 id={id} className="cashier-card__title">
        <Icon name={icon} size={18} />
        {title}
      </h3>
      {children}
    </div>
  );
}

/** Loads a list again, its arrows turning while it does. */
export function ReloadButton({
  busy,
  onReload,
  label,
  testId,
}: {
  busy: boolean;
  onReload: () => unknown;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation('wallet');
  const text = label ?? t('common.reload');
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={text}
      title={text}
      onClick={() => void onReload()}
      data-testid={testId}
    >
      <Icon name="refresh" size={16} className={busy ? 'balance-chip__spin' : undefined} />
    </button>
  );
}
