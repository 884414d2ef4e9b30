import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useBalance } from '../api/wallet-queries.ts';
import { formatMinor } from '@portal/contracts/money.ts';

const HIDDEN_KEY = 'portal.balanceHidden';

/** The header balance (spec §2): 2 decimals with commas, a show/hide toggle (hidden shows ***), click refreshes. */
export function BalanceChip() {
  const { t } = useTranslation('wallet');
  const balance = useBalance();
  const [hidden, setHidden] = useState(() => window.localStorage.getItem(HIDDEN_KEY) === '1');
  const toggle = () => {
    setHidden((h) => {
      window.localStorage.setItem(HIDDEN_KEY, h ? '0' : '1');
      return !h;
    });
  };
  const v = balance.data;
  const text = hidden ? '***' : v ? formatMinor(v.balance, v.decimals) : '…';
  return (
    <div className="balance-chip" data-testid="header-balance">
      <button
        type="button"
        className="balance-chip__amount"
        onClick={() => void balance.refetch()}
        aria-label={t('refresh')}
        title={t('refresh')}
        aria-busy={balance.isFetching}
      >
        <Icon name="wallet" size={16} className="balance-chip__icon" />
        <span className="balance-chip__text">
          <span className="balance-chip__label">{v?.isTrial ? t('trialBalance') : t('balance')}</span>
          <span className="balance-chip__value" data-testid="header-balance-value">
            {!hidden && v ? <span className="balance-chip__currency">{v.currencySymbol}</span> : null}
            {text}
          </span>
        </span>
        <Icon name="refresh" size={14} className={balance.isFetching ? 'balance-chip__spin' : undefined} />
      </button>
      <button
        type="button"
        className="balance-chip__toggle"
        onClick={toggle}
        aria-pressed={hidden}
        aria-label={hidden ? t('show') : t('hide')}
        title={hidden ? t('show') : t('hide')}
        data-testid="header-balance-toggle"
      >
        <Icon name={hidden ? 'eyeOff' : 'eye'} size={16} />
      </button>
    </div>
  );
}

/** The header's two cashier shortcuts. */
const HEADER_LINKS = [
  { key: 'deposit', page: 'depositv2', variant: 'primary', icon: 'card' },
  { key: 'withdraw', page: 'withdraw', variant: 'secondary', icon: 'wallet' },
] as const;

/**
 * Balance plus the cashier buttons (spec §2: deposit and withdraw for signed-in players). When the
 * header is short of room its fit steps drop the buttons' words, then the buttons (the account menu
 * and the drawer keep both entries at every width).
 */
export function HeaderWallet({ trial }: { trial: boolean }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="header-wallet">
      <BalanceChip />
      {trial
        ? null
        : HEADER_LINKS.map(({ key, page, variant, icon }) => (
            <ButtonLink
              key={key}
              to={`/member?page=${page}`}
              size="sm"
              variant={variant}
              className={`header-wallet__${key}`}
              aria-label={t(key)}
              data-testid={`header-${key}`}
            >
              <Icon name={icon} size={16} />
              <span className="header-wallet__word">{t(key)}</span>
            </ButtonLink>
          ))}
    </div>
  );
}
