import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { useMoney } from '../hooks/use-money.ts';

/** The wallet at the top of a cashier page: the balance large, with the page's own note beside it. */
export function BalanceStrip({ label, children }: { label: string; children?: ReactNode }) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const data = money.balance.data;
  return (
    <div className="balance-strip">
      <span className="balance-strip__icon" aria-hidden="true">
        <Icon name="wallet" size={24} />
      </span>
      <div className="balance-strip__main">
        <p className="balance-strip__label">{label}</p>
        <p className="balance-strip__value" data-testid="cashier-balance">
          {data ? (
            <>
              <span className="balance-strip__symbol">{data.currencySymbol}</span>
              {money.format(data.balance)}
            </>
          ) : (
            '…'
          )}
        </p>
      </div>
      <div className="balance-strip__side">
        {children}
        <button
          type="button"
          className="balance-strip__refresh"
          onClick={() => void money.balance.refetch()}
          aria-label={t('refresh')}
          title={t('refresh')}
        >
          <Icon name="refresh" size={16} className={money.balance.isFetching ? 'balance-chip__spin' : undefined} />
        </button>
      </div>
    </div>
  );
}
