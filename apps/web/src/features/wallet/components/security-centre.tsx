import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useBankAccounts } from '../api/cashier-api.ts';
import { BankAccountManager } from './bank-accounts.tsx';
import { PaymentPasswordForm } from './payment-password-form.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { CashierCardHead } from './cashier-card-head.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * Security centre: the payment password (set, or change with the current one), the withdrawal bank
 * accounts, and — when the screen passes it — the sign-in password dialog of the account menu.
 */
export function SecurityCentre({ onChangeLoginPassword }: { onChangeLoginPassword?: (() => void) | undefined }) {
  const { t } = useTranslation('wallet');
  const bank = useBankAccounts();
  const isSet = bank.data?.hasPaymentPassword ?? false;
  return (
    <div className="cashier security" data-testid="security-centre">
      <div className="security__grid">
        <section className="cashier-card" aria-labelledby="pp-title" data-testid="payment-password-card">
          <CashierCardHead id="pp-title" icon="lock" title={t('security.paymentPassword')}>
            {bank.data ? (
              <StatusBadge
                tone={isSet ? 'success' : 'pending'}
                labelKey={isSet ? 'security.set' : 'security.notSet'}
                testId="payment-password-state"
              />
            ) : null}
          </CashierCardHead>
          <p className="muted small security__lead">{t('security.paymentPasswordText')}</p>
          <QueryBody query={bank} failed={t('common.loadFailed')}>
            <PaymentPasswordForm key={isSet ? 'change' : 'set'} isSet={isSet} />
          </QueryBody>
        </section>

        <section className="cashier-card security__login" aria-labelledby="login-pw-title">
          <h3 id="login-pw-title" className="cashier-card__title">
            <Icon name="shield" size={18} />
            {t('security.loginPassword')}
          </h3>
          <p className="muted small security__lead">{t('security.loginPasswordText')}</p>
          <ul className="security__tips">
            {(['1', '2', '3'] as const).map((n) => (
              <li key={n}>
                <Icon name="check" size={14} />
                {t(`security.tips.${n}`)}
              </li>
            ))}
          </ul>
          {onChangeLoginPassword ? (
            <Button variant="outline" onClick={onChangeLoginPassword} data-testid="open-change-password">
              <Icon name="lock" size={16} />
              {t('security.changeLoginPassword')}
            </Button>
          ) : null}
        </section>
      </div>

      <section className="cashier-card" aria-labelledby="bank-title" data-testid="bank-accounts-card">
        <CashierCardHead id="bank-title" icon="bank" title={t('security.bankAccounts')} />
        <p className="muted small security__lead">{t('security.bankAccountsText')}</p>
        {bank.data ? <BankAccountManager accounts={bank.data.accounts} /> : null}
      </section>
    </div>
  );
}
