import type { RebateLine } from '@portal/contracts/rewards/rebate.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useClaimRebate, useRebate } from '../api/rewards-api.ts';

/** A rate in hundredths of a percent, as a percentage (80 → 0.80 %). */
export const ratePercent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/**
 * manualRebate (spec §2, decision 071): the valid bet and the rebate of each game category since the
 * last claim, the total, and one claim button that pays it all to the main wallet.
 */
export function RebatePage() {
  const { t } = useTranslation('pages');
  const { t: tg } = useTranslation('games');
  const q = useRebate();
  const claim = useClaimRebate();
  const requestId = useRef(crypto.randomUUID());
  const data = q.data;
  const money = (m: string) => formatMoney(m, data?.currency ?? null);
  const category = (g: string) => tg(`category.${g}`, { defaultValue: g });
  return (
    <div className="rebate-page" data-testid="rebate-page">
      <QueryBody
        query={q}
        failed={t('rebate.failed')}
        empty={data && data.lines.length === 0 ? <EmptyState icon="refresh" title={t('rebate.none')} /> : null}
      >
        {data ? (
          <>
            <div className="stat-row">
              <div className="stat stat--gold">
                <span className="stat__label">{t('rebate.unclaimed')}</span>
                <strong className="stat__value" data-testid="rebate-total">
                  {money(data.total)}
                </strong>
              </div>
              <div className="stat">
                <span className="stat__label">{t('rebate.since')}</span>
                <strong className="stat__value stat__value--small">
                  {data.lastClaimAt ? formatDateTime(data.lastClaimAt) : t('rebate.neverClaimed')}
                </strong>
              </div>
            </div>
            <DataTable<RebateLine>
              caption={t('rebate.caption')}
              rows={data.lines}
              rowKey={(l) => l.gameType}
              rowTestId={(l) => `rebate-line-${l.gameType}`}
              columns={[
                { key: 'type', label: t('rebate.category'), cell: (l) => category(l.gameType), primary: true },
                { key: 'bet', label: t('rebate.validBet'), cell: (l) => money(l.validBet), align: 'end' },
                { key: 'rate', label: t('rebate.rate'), cell: (l) => ratePercent(l.rateBp), align: 'end' },
                {
                  key: 'rebate',
                  label: t('rebate.amount'),
                  cell: (l) => <strong>{money(l.rebate)}</strong>,
                  align: 'end',
                },
              ]}
            />
            <div className="rebate-page__claim">
              <button
                type="button"
                className="btn btn--primary"
                disabled={claim.isPending || data.total === '0'}
                onClick={() =>
                  claim.mutate(
                    { requestId: requestId.current },
                    {
                      onSuccess: () => {
                        requestId.current = crypto.randomUUID();
                      },
                    },
                  )
                }
                data-testid="rebate-claim"
              >
                {data.total === '0' ? t('rebate.nothing') : t('rebate.claim', { amount: money(data.total) })}
              </button>
              {claim.data ? (
                <p className="form-success" role="status" data-testid="rebate-claimed">
                  {t('rebate.claimed', { amount: formatMoney(claim.data.amount, claim.data.currency) })}
                </p>
              ) : null}
              <FormError error={claim.error ? localizeError(claim.error) : null} />
            </div>
            <p className="muted small">{t('rebate.how')}</p>
            {data.claims.length > 0 ? (
              <section aria-labelledby="rebate-claims-title" className="rebate-page__claims">
                <h3 id="rebate-claims-title" className="section-title">
                  {t('rebate.history')}
                </h3>
                <ul className="reward-rows">
                  {data.claims.map((c) => (
                    <li key={c.id} className="reward-row" data-testid="rebate-claim-row">
                      <div>
                        <p className="reward-row__title">{formatMoney(c.amount, c.currency)}</p>
                        <p className="muted small">
                          {c.lines
                            .map((l) => `${category(l.gameType)} ${formatMoney(l.amount, c.currency)}`)
                            .join(' · ')}
                        </p>
                      </div>
                      <span className="muted small">{formatDateTime(c.createdAt)}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : null}
      </QueryBody>
    </div>
  );
}
