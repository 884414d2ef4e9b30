import type { Mission } from '@portal/contracts/rewards/missions.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useClaimMission, useMissionLeaderboard, useMissions } from '../api/rewards-api.ts';

/** What a mission asks, in the reader's language (amounts as money, counts as numbers). */
export function useMissionTask() {
  const { t } = useTranslation('pages');
  const { t: tg } = useTranslation('games');
  return (m: Mission) => {
    const money = m.kind === 'DEPOSIT' || m.kind === 'VALID_BET';
    const fmt = (v: string) => (money ? formatMoney(v, m.currency) : Number(v).toLocaleString());
    const key = m.gameType && (m.kind === 'VALID_BET' || m.kind === 'ROUNDS') ? `${m.kind}_IN` : m.kind;
    return {
      task: t(`missions.kinds.${key}`, {
        target: fmt(m.target),
        ...(money ? {} : { count: Number(m.target) }),
        category: m.gameType ? tg(`category.${m.gameType}`, { defaultValue: m.gameType }) : '',
      }),
      progress: t('missions.progress', { done: fmt(m.progress), target: fmt(m.target) }),
    };
  };
}

function MissionCard({ m }: { m: Mission }) {
  const { t } = useTranslation('pages');
  const task = useMissionTask()(m);
  const claim = useClaimMission();
  const pct = Number((BigInt(m.progress) * 100n) / BigInt(m.target));
  return (
    <li className="bonus-card" data-testid={`mission-${m.id}`} data-status={m.status}>
      <div className="bonus-card__head">
        <div>
          <p className="bonus-card__title">{m.title || task.task}</p>
          <p className="muted small">
            {t(m.period === 'DAILY' ? 'missions.daily' : 'missions.weekly')} · {task.task}
          </p>
        </div>
        <div className="bonus-card__amount">
          <strong>{t('missions.reward', { amount: formatMoney(m.reward, m.currency) })}</strong>
        </div>
      </div>
      <ProgressBar percent={pct} label={task.task} />
      <div className="bonus-card__facts">
        <span data-testid="mission-progress">{task.progress}</span>
        <span className="muted small">{t('missions.ends', { at: formatDateTime(m.endsAt) })}</span>
      </div>
      <div className="rebate-page__claim">
        {m.status === 'CLAIMABLE' ? (
          <Button
            size="sm"
            disabled={claim.isPending}
            onClick={() => claim.mutate({ missionId: m.id })}
            data-testid="mission-claim"
          >
            {t('missions.claim', { amount: formatMoney(m.reward, m.currency) })}
          </Button>
        ) : (
          <span className={`status-chip status-chip--${m.status === 'CLAIMED' ? 'claimed' : 'process'}`}>
            {t(m.status === 'CLAIMED' ? 'missions.claimed' : 'missions.inProgress')}
          </span>
        )}
        {claim.data ? (
          <p className="form-success" role="status">
            {t('missions.paid', { amount: formatMoney(claim.data.amount, claim.data.currency) })}
          </p>
        ) : null}
        <FormError error={claim.error ? localizeError(claim.error) : null} />
      </div>
    </li>
  );
}

/** missionLeaderboard (spec §2, decision 073): daily and weekly missions with progress and claim, and the week's board. */
export function MissionPage() {
  const { t } = useTranslation('pages');
  const q = useMissions();
  const board = useMissionLeaderboard();
  return (
    <div className="mission-page" data-testid="mission-page">
      <QueryBody
        query={q}
        failed={t('missions.failed')}
        empty={q.data && q.data.items.length === 0 ? <EmptyState icon="trophy" title={t('missions.none')} /> : null}
      >
        <ul className="bonus-cards">
          {q.data?.items.map((m) => (
            <MissionCard key={m.id} m={m} />
          ))}
        </ul>
      </QueryBody>
      <section aria-labelledby="mission-board-title" className="rebate-page__claims">
        <h3 id="mission-board-title" className="section-title">
          {t('missions.board')}
        </h3>
        {board.data ? (
          <>
            <p className="muted small" data-testid="mission-mine">
              {board.data.mine.rank
                ? t('missions.mine', { rank: board.data.mine.rank, n: board.data.mine.completed })
                : t('missions.unranked')}
            </p>
            {board.data.items.length === 0 ? (
              <p className="muted">{t('missions.boardEmpty')}</p>
            ) : (
              <ol className="reward-rows" data-testid="mission-board">
                {board.data.items.map((r) => (
                  <li key={r.rank} className="reward-row">
                    <span>
                      <strong>#{r.rank}</strong> {r.account}
                    </span>
                    <span className="muted small">
                      {t('missions.completed')} {r.completed} · {formatMoney(r.reward, board.data.currency)}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </>
        ) : null}
      </section>
    </div>
  );
}
