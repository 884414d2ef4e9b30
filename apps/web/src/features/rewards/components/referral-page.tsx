import { formatMoney } from '@portal/contracts/money.ts';
import type { ReferralRewardStatus, ReferredFriend } from '@portal/contracts/rewards/referral.contract.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useMyReferral } from '../api/referral-api.ts';

const PAGE_SIZE = 10;

const STATUS_BADGE: Record<ReferralRewardStatus, string> = {
  NO_DEPOSIT: 'badge',
  DUE: 'badge badge--wait',
  PAID: 'badge badge--ok',
  BELOW_MINIMUM: 'badge',
  OFF: 'badge',
  NOT_ELIGIBLE: 'badge',
};

/**
 * referral (spec §2, decision 075): a player's invitation code and link with its QR code, what the
 * operator pays for a friend's first deposit, the totals, and the friends the player referred.
 */
export function ReferralPage() {
  const { t } = useTranslation('pages');
  const [page, setPage] = useState(1);
  const q = useMyReferral(page, PAGE_SIZE);
  const data = q.data;
  const money = (m: string) => formatMoney(m, data?.program.currency ?? null);
  const link = data ? `${window.location.origin}/register?ref=${data.inviteCode}` : '';
  return (
    <div className="referral-page" data-testid="referral-page">
      <QueryBody query={q} failed={t('referral.failed')} serverError>
        {data ? (
          <>
            <section className="referral-invite card" aria-labelledby="referral-invite-title">
              <div className="referral-invite__text">
                <h3 id="referral-invite-title" className="referral-invite__title">
                  {data.program.enabled
                    ? t('referral.headline', { amount: money(data.program.rewardAmount) })
                    : t('referral.headlineOff')}
                </h3>
                <p className="muted" data-testid="referral-terms">
                  {data.program.enabled
                    ? t('referral.terms', {
                        minimum: money(data.program.minimumDeposit),
                        amount: money(data.program.rewardAmount),
                        multiple: data.program.wageringMultiple,
                        days: data.program.validDays,
                      })
                    : t('referral.termsOff')}
                </p>
                <span className="muted small">{t('referral.code')}</span>
                <strong className="agent-link__code" data-testid="referral-code">
                  {data.inviteCode}
                </strong>
                <code className="agent-link__url" data-testid="referral-link">
                  {link}
                </code>
                <div className="referral-invite__actions">
                  <CopyButton text={link} testId="referral-copy-link" />
                  <CopyButton text={data.inviteCode} label={t('referral.copyCode')} testId="referral-copy-code" />
                </div>
              </div>
              <QrCode value={link} label={t('referral.qr')} size={128} />
            </section>
            <ol className="referral-steps">
              {(['share', 'register', 'deposit'] as const).map((step, i) => (
                <li key={step} className="referral-steps__step">
                  <span className="referral-steps__no" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span>{t(`referral.steps.${step}`)}</span>
                </li>
              ))}
            </ol>
            <div className="stat-row">
              <div className="stat">
                <span className="stat__label">{t('referral.friends')}</span>
                <strong className="stat__value" data-testid="referral-friends">
                  {data.totals.friends}
                </strong>
              </div>
              <div className="stat">
                <span className="stat__label">{t('referral.firstDeposits')}</span>
                <strong className="stat__value">{data.totals.firstDeposits}</strong>
              </div>
              <div className="stat stat--gold">
                <span className="stat__label">{t('referral.earned')}</span>
                <strong className="stat__value" data-testid="referral-earned">
                  {money(data.totals.rewardsPaid)}
                </strong>
              </div>
            </div>
            <section aria-labelledby="referral-friends-title">
              <h3 id="referral-friends-title" className="section-title">
                {t('referral.listTitle')}
              </h3>
              {data.items.length === 0 ? (
                <EmptyState icon="user" title={t('referral.none')} />
              ) : (
                <>
                  <DataTable<ReferredFriend>
                    caption={t('referral.listTitle')}
                    rows={data.items}
                    rowKey={(f) => `${f.account}-${f.registeredAt}`}
                    rowTestId={() => 'referral-friend'}
                    columns={[
                      { key: 'account', label: t('referral.account'), cell: (f) => f.account, primary: true },
                      {
                        key: 'registered',
                        label: t('referral.registered'),
                        cell: (f) => formatDateTime(f.registeredAt),
                      },
                      {
                        key: 'deposit',
                        label: t('referral.firstDeposit'),
                        cell: (f) => (
                          <span className="referral-deposit">
                            <Icon name={f.firstDeposit ? 'check' : 'clock'} size={14} />
                            {f.firstDeposit ? t('referral.yes') : t('referral.no')}
                          </span>
                        ),
                      },
                      {
                        key: 'reward',
                        label: t('referral.reward'),
                        align: 'end',
                        cell: (f) => (
                          <span className={STATUS_BADGE[f.rewardStatus]} data-testid="referral-reward-status">
                            {f.rewardStatus === 'PAID' && f.rewardAmount
                              ? t('referral.status.PAID', { amount: money(f.rewardAmount) })
                              : t(`referral.status.${f.rewardStatus}`)}
                          </span>
                        ),
                      },
                    ]}
                  />
                  <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
                </>
              )}
            </section>
          </>
        ) : null}
      </QueryBody>
    </div>
  );
}
