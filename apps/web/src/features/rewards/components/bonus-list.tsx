import type { BonusProgress } from '@portal/contracts/rewards/rewards.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useForfeitBonus, useMyBonuses } from '../api/rewards-api.ts';

const TONE: Record<BonusProgress['status'], string> = {
  ACTIVE: 'bonus-card--active',
  RELEASED: 'bonus-card--released',
  FORFEITED: 'bonus-card--ended',
  EXPIRED: 'bonus-card--ended',
};

/** One bonus: amount, status, the turnover done of the turnover needed, what counts, and when it expires. */
function BonusCard({ bonus, onForfeit }: { bonus: BonusProgress; onForfeit: (b: BonusProgress) => void }) {
  const { t } = useTranslation('pages');
  const money = (m: string) => formatMoney(m, bonus.currency);
  const weights = Object.entries(bonus.gameWeights).filter(([k]) => k !== '*');
  return (
    <li className={`bonus-card ${TONE[bonus.status]}`} data-testid="bonus-card" data-status={bonus.status}>
      <div className="bonus-card__head">
        <div>
          <p className="bonus-card__title">{bonus.title || t('rewards.bonus')}</p>
          <p className="muted small">{t('rewards.issuedAt', { at: formatDateTime(bonus.issuedAt) })}</p>
        </div>
        <div className="bonus-card__amount">
          <strong>{money(bonus.amount)}</strong>
          <span className={`status-chip status-chip--${bonus.status.toLowerCase()}`}>
            {t(`rewards.bonusStatus.${bonus.status}`)}
          </span>
        </div>
      </div>
      <ProgressBar percent={bonus.progressPercent} label={t('rewards.wagering')} />
      <div className="bonus-card__facts">
        <span data-testid="bonus-wagered">
          {t('rewards.wageredOf', { done: money(bonus.wagered), needed: money(bonus.wageringRequired) })}
        </span>
        <strong data-testid="bonus-progress">{bonus.progressPercent}%</strong>
      </div>
      <dl className="bonus-card__meta">
        {bonus.status === 'ACTIVE' && bonus.expiresAt ? (
          <div>
            <dt>{t('rewards.expires')}</dt>
            <dd>{formatDateTime(bonus.expiresAt)}</dd>
          </div>
        ) : null}
        {bonus.status !== 'ACTIVE' && bonus.endedAt ? (
          <div>
            <dt>{t('rewards.ended')}</dt>
            <dd>{formatDateTime(bonus.endedAt)}</dd>
          </div>
        ) : null}
        {bonus.lockedAmount !== '0' ? (
          <div>
            <dt>{t('rewards.lockedDeposit')}</dt>
            <dd>{money(bonus.lockedAmount)}</dd>
          </div>
        ) : null}
        {weights.length > 0 ? (
          <div>
            <dt>{t('rewards.counts')}</dt>
            <dd>{weights.map(([k, v]) => `${t(`rewards.gameTypes.${k}`, { defaultValue: k })} ${v}%`).join(' · ')}</dd>
          </div>
        ) : null}
      </dl>
      {bonus.status === 'ACTIVE' ? (
        <button type="button" className="btn btn--ghost btn--sm bonus-card__forfeit" onClick={() => onForfeit(bonus)}>
          {t('rewards.forfeit')}
        </button>
      ) : null}
    </li>
  );
}

/**
 * bonusDetails (issue 17): the bonus balance, what it locks of the main wallet, and every bonus with
 * its wagering progress; an active bonus may be given up.
 */
export function BonusList() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const q = useMyBonuses();
  const forfeit = useForfeitBonus();
  const [asked, setAsked] = useState<BonusProgress | null>(null);
  const data = q.data;
  return (
    <section className="bonus-list" aria-labelledby="bonus-list-title" data-testid="bonus-list">
      <h3 id="bonus-list-title" className="sr-only">
        {t('rewards.myBonuses')}
      </h3>
      {data ? (
        <div className="stat-row">
          <div className="stat stat--gold">
            <span className="stat__label">{t('rewards.bonusBalance')}</span>
            <strong className="stat__value" data-testid="bonus-balance">
              {formatMoney(data.bonusBalance, data.currency)}
            </strong>
          </div>
          <div className="stat">
            <span className="stat__label">{t('rewards.locked')}</span>
            <strong className="stat__value">{formatMoney(data.lockedAmount, data.currency)}</strong>
          </div>
        </div>
      ) : null}
      <QueryBody
        query={q}
        failed={t('rewards.failed')}
        empty={data && data.items.length === 0 ? <EmptyState icon="gift" title={t('rewards.noBonuses')} /> : null}
      >
        <ul className="bonus-cards">
          {data?.items.map((b) => (
            <BonusCard key={b.id} bonus={b} onForfeit={setAsked} />
          ))}
        </ul>
      </QueryBody>
      <FormError error={forfeit.error ? localizeError(forfeit.error) : null} />
      <AlertDialog
        open={asked !== null}
        title={t('rewards.forfeitTitle')}
        confirmLabel={t('rewards.forfeit')}
        cancelLabel={t('rewards.cancel')}
        closeLabel={tc('actions.close')}
        busy={forfeit.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (asked) forfeit.mutate({ bonusId: asked.id }, { onSettled: () => setAsked(null) });
        }}
        testId="forfeit-dialog"
      >
        {asked ? t('rewards.forfeitText', { amount: formatMoney(asked.amount, asked.currency) }) : null}
      </AlertDialog>
    </section>
  );
}
