import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { useAnnouncements } from '../../features/content/api/use-announcements.ts';
import { usePromotionStates, usePromotions } from '../../features/rewards/api/rewards-api.ts';
import { PromotionAction } from '../../features/rewards/components/promotion-action.tsx';
import { useRewardHeadline } from '../../features/rewards/components/promotion-grid.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useMemberToken } from '../../lib/session.ts';
import { useScreenTitle } from '../use-screen-title.ts';

/**
 * /PromotionDetail?promotion= (a promotion to claim or apply for, with its rules and the member's
 * action) or ?id= (an operator's promotion article), lazy group Promotions.
 */
export function PromotionDetailScreen() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const token = useMemberToken();
  const [search] = useSearchParams();
  const promotionId = search.get('promotion');
  const content = useAnnouncements();
  const rewards = usePromotions();
  const states = usePromotionStates();
  const headline = useRewardHeadline();
  const reward = promotionId ? rewards.data?.items.find((p) => p.id === promotionId) : undefined;
  const id = Number(search.get('id'));
  const article = promotionId
    ? undefined
    : (content.data?.promotions.find((p) => p.id === id) ?? content.data?.promotions[0]);
  const title = reward?.title ?? article?.title ?? t('promotions.detailTitle');
  useScreenTitle(title);
  const pending = promotionId ? rewards.isPending : content.isPending;
  return (
    <div className="page">
      <PageHero icon="gift" tone="gold" eyebrow={t('promotions.detailTitle')} title={title} />
      <article className="card promo-detail" data-testid="promotion-detail">
        {reward ? (
          <>
            <p className="promo-card__headline">{headline(reward)}</p>
            <p>{reward.summary}</p>
            <RichText html={reward.content} />
            <dl className="promo-detail__facts">
              <div>
                <dt>{t('rewards.wagering')}</dt>
                <dd>
                  {reward.rules.wageringMultiple > 0
                    ? t(`rewards.wageringRule.${reward.rules.wageringBase}`, { times: reward.rules.wageringMultiple })
                    : t('rewards.noWagering')}
                </dd>
              </div>
              <div>
                <dt>{t('rewards.validity')}</dt>
                <dd>{t('rewards.validDays', { days: reward.rules.validDays })}</dd>
              </div>
              <div>
                <dt>{t('rewards.period')}</dt>
                <dd>
                  {reward.startsAt || reward.endsAt
                    ? `${formatDateTime(reward.startsAt) ?? '…'} – ${formatDateTime(reward.endsAt) ?? '…'}`
                    : t('rewards.always')}
                </dd>
              </div>
            </dl>
            <PromotionAction
              promotion={reward}
              state={states.data?.items.find((s) => s.promotionId === reward.id)}
              signedIn={token !== null}
              onSignIn={() => navigate('/login')}
            />
          </>
        ) : article ? (
          <p>{article.content}</p>
        ) : pending ? (
          <div className="skeleton skeleton--block" />
        ) : (
          <EmptyState icon="gift" title={t('promotions.empty')} />
        )}
        <Link to="/promotions" className="btn btn--ghost btn--sm">
          <Icon name="chevronLeft" size={16} /> {t('promotions.back')}
        </Link>
      </article>
    </div>
  );
}
