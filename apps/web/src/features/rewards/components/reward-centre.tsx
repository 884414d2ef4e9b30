import { formatMoney } from '@portal/contracts/money.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { useMissions, useMyBonuses, usePromotionStates, usePromotions, useRebate } from '../api/rewards-api.ts';
import { PromotionAction } from './promotion-action.tsx';
import { useRewardHeadline } from './promotion-grid.tsx';

/** Statuses that ask something of the member, or tell them something is on its way. */
const WAITING = new Set(['CLAIM', 'JOIN', 'APPLYING', 'SIGNED']);

/**
 * rewardCenter (issue 17): every reward waiting to be claimed or applied for, applications under
 * review, and the bonuses still wagering, each with its action.
 */
export function RewardCentre({
  onOpenBonuses,
  onOpenRebate,
  onOpenMissions,
}: {
  onOpenBonuses: () => void;
  onOpenRebate: () => void;
  onOpenMissions: () => void;
}) {
  const { t } = useTranslation('pages');
  const promotions = usePromotions();
  const states = usePromotionStates();
  const bonuses = useMyBonuses();
  const headline = useRewardHeadline();
  const byId = new Map((promotions.data?.items ?? []).map((p) => [p.id, p]));
  const waiting = (states.data?.items ?? []).filter((s) => WAITING.has(s.status) && byId.has(s.promotionId));
  const active = (bonuses.data?.items ?? []).filter((b) => b.status === 'ACTIVE');
  const rebate = useRebate();
  const missions = useMissions();
  const done = (missions.data?.items ?? []).filter((m) => m.status === 'CLAIMABLE');
  const rebateWaiting = rebate.data && rebate.data.total !== '0' ? rebate.data : null;
  return (
    <div className="reward-centre" data-testid="reward-centre">
      <QueryBody
        query={states}
        failed={t('rewards.failed')}
        empty={
          states.data && waiting.length === 0 && active.length === 0 && done.length === 0 && !rebateWaiting ? (
            <EmptyState icon="star" title={t('rewards.nothingWaiting')}>
              <Link className="btn btn--primary btn--sm" to="/promotions">
                {t('rewards.seePromotions')}
              </Link>
            </EmptyState>
          ) : null
        }
      >
        {rebateWaiting || done.length > 0 ? (
          <ul className="reward-rows">
            {rebateWaiting ? (
              <li className="reward-row" data-testid="reward-rebate">
                <div>
                  <p className="reward-row__title">
                    {t('rewards.rebateWaiting', { amount: formatMoney(rebateWaiting.total, rebateWaiting.currency) })}
                  </p>
                </div>
                <button type="button" className="btn btn--primary btn--sm" onClick={onOpenRebate}>
                  {t('rewards.rebateOpen')}
                </button>
              </li>
            ) : null}
            {done.map((m) => (
              <li key={m.id} className="reward-row" data-testid={`reward-mission-${m.id}`}>
                <div>
                  <p className="reward-row__title">{m.title}</p>
                  <p className="muted small">
                    {t('rewards.missionDone')} · {formatMoney(m.reward, m.currency)}
                  </p>
                </div>
                <button type="button" className="btn btn--primary btn--sm" onClick={onOpenMissions}>
                  {t('rewards.missionsOpen')}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {waiting.length > 0 ? (
          <ul className="reward-rows">
            {waiting.map((s) => {
              const p = byId.get(s.promotionId)!;
              return (
                <li key={s.promotionId} className="reward-row" data-testid={`reward-${p.code}`}>
                  <div>
                    <p className="reward-row__title">{p.title}</p>
                    <p className="muted small">
                      {t(`rewards.kinds.${p.kind}`)} · {headline(p)}
                    </p>
                  </div>
                  <PromotionAction promotion={p} state={s} signedIn />
                </li>
              );
            })}
          </ul>
        ) : null}
        {active.length > 0 ? (
          <div className="reward-bonuses">
            <p>
              {t('rewards.activeBonuses', {
                count: active.length,
                amount: formatMoney(bonuses.data?.bonusBalance ?? '0', bonuses.data?.currency ?? null),
              })}
            </p>
            <button type="button" className="btn btn--ghost btn--sm" onClick={onOpenBonuses}>
              {t('rewards.seeProgress')}
            </button>
          </div>
        ) : null}
      </QueryBody>
    </div>
  );
}
