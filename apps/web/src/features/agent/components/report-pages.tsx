import { INCOME_KINDS } from '@portal/contracts/agent/agent.contract.ts';
import { AGENT_CENTRE } from '@portal/contracts/limits.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import type { Notice } from '@portal/contracts/content/content.contract.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useIncome, useTeamBets, useUserLoss } from '../api/agent-api.ts';
import { AgentRecords } from './agent-card.tsx';
import { PeriodPicker, usePeriod } from './period-picker.tsx';

const pageSize = AGENT_CENTRE.defaultPageSize;
const money = (minor: string, currency = 'KRW') => formatMoney(minor, currency);
const signed = (minor: string) => (
  <span className={minor === '0' ? '' : minor.startsWith('-') ? 'amount--out' : 'amount--in'}>{money(minor)}</span>
);

/** Team betting: the team's bets by range, category and vendor, with totals. */
export function TeamBettingPage() {
  const { t } = useTranslation('pages');
  const { filter, setFilter } = usePeriod('week');
  const [gameType, setGameType] = useState('');
  const [vendorId, setVendorId] = useState('');
  const [page, setPage] = useState(1);
  const q = useTeamBets({
    ...filter,
    gameType: gameType || undefined,
    vendorId: vendorId || undefined,
    page,
    pageSize,
  });
  return (
    <div className="agent-page" data-testid="agent-bets">
      <PeriodPicker value={filter} onChange={(f) => (setFilter(f), setPage(1))} />
      <div className="agent-filters">
        <label className="agent-select">
          <span>{t('agent.bets.category')}</span>
          <select value={gameType} onChange={(e) => (setGameType(e.target.value), setPage(1))}>
            <option value="">{t('agent.all')}</option>
            {['SLOTS', 'LIVE', 'RNG', 'SPORTS', 'ESPORTS', 'POKER', 'FISH', 'LOTTERY', 'PVP'].map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
        <label className="agent-select">
          <span>{t('agent.bets.vendor')}</span>
          <select value={vendorId} onChange={(e) => (setVendorId(e.target.value), setPage(1))}>
            <option value="">{t('agent.all')}</option>
            {['HOUSE', 'VAULT'].map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
      </div>
      <AgentRecords
        label={t('agent.items.teamBetting')}
        query={q}
        header={(page) => (
          <p className="agent-total" data-testid="bets-total">
            {t('agent.bets.total', { count: page.total, amount: money(page.totalAmount, page.currency) })}
          </p>
        )}
        rowKey={(b) => b.id}
        onPage={setPage}
        columns={(page) => [
          { key: 'account', label: t('agent.team.account'), primary: true, cell: (b) => b.account },
          { key: 'time', label: t('agent.time'), cell: (b) => formatDateTime(b.createdAt) },
          { key: 'category', label: t('agent.bets.category'), cell: (b) => b.gameType ?? '—' },
          { key: 'vendor', label: t('agent.bets.vendor'), cell: (b) => b.vendorId ?? '—' },
          { key: 'game', label: t('agent.bets.game'), cell: (b) => b.gameCode ?? '—' },
          {
            key: 'amount',
            label: t('agent.bets.amount'),
            align: 'end',
            cell: (b) => money(b.amount, page.currency),
          },
        ]}
      />
    </div>
  );
}

/** User loss: the team's members ranked by their result in the range. */
export function UserLossPage() {
  const { t } = useTranslation('pages');
  const { filter, setFilter } = usePeriod('week');
  const [order, setOrder] = useState<'loss' | 'win'>('loss');
  const [page, setPage] = useState(1);
  const q = useUserLoss({ ...filter, order, page, pageSize });
  return (
    <div className="agent-page" data-testid="agent-loss">
      <PeriodPicker value={filter} onChange={(f) => (setFilter(f), setPage(1))} />
      <div className="agent-filters">
        {(['loss', 'win'] as const).map((o) => (
          <button
            key={o}
            type="button"
            className={o === order ? 'chip chip--active' : 'chip'}
            aria-pressed={o === order}
            onClick={() => (setOrder(o), setPage(1))}
          >
            {t(`agent.loss.${o}`)}
          </button>
        ))}
      </div>
      <AgentRecords
        label={t('agent.items.userLoss')}
        query={q}
        rowKey={(r) => r.id}
        onPage={setPage}
        columns={(page) => [
          { key: 'rank', label: '#', cell: (r) => (page.page - 1) * page.pageSize + page.items.indexOf(r) + 1 },
          { key: 'account', label: t('agent.team.account'), primary: true, cell: (r) => r.account },
          { key: 'level', label: t('agent.team.level'), align: 'end', cell: (r) => r.level },
          {
            key: 'validBets',
            label: t('agent.figures.validBets'),
            align: 'end',
            cell: (r) => money(r.validBets),
          },
          { key: 'payouts', label: t('agent.figures.payouts'), align: 'end', cell: (r) => money(r.payouts) },
          { key: 'pl', label: t('agent.figures.profitLoss'), align: 'end', cell: (r) => signed(r.profitLoss) },
        ]}
      />
    </div>
  );
}

/**
 * My income: transfers received and commission, salary, dividend; and the salary and dividend the
 * agent paid its downline agents under contracts (its cost), with received, paid and net totals.
 */
export function MyIncomePage() {
  const { t } = useTranslation('pages');
  const { filter, setFilter } = usePeriod('month');
  const [kind, setKind] = useState<(typeof INCOME_KINDS)[number] | ''>('');
  const [page, setPage] = useState(1);
  const q = useIncome({ ...filter, kind: kind || undefined, page, pageSize });
  return (
    <div className="agent-page" data-testid="agent-income">
      <PeriodPicker value={filter} onChange={(f) => (setFilter(f), setPage(1))} />
      <div className="agent-filters">
        <label className="agent-select">
          <span>{t('agent.income.kind')}</span>
          <select value={kind} onChange={(e) => (setKind(e.target.value as typeof kind), setPage(1))}>
            <option value="">{t('agent.all')}</option>
            {INCOME_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`agent.income.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <AgentRecords
        label={t('agent.items.myIncome')}
        query={q}
        header={(page) => (
          <p className="agent-total" data-testid="income-totals">
            {BigInt(page.totalOut) > 0n
              ? t('agent.income.totals', {
                  received: money(page.totalIn, page.currency),
                  paid: money(page.totalOut, page.currency),
                  net: money(page.totalAmount, page.currency),
                })
              : t('agent.income.total', { amount: money(page.totalAmount, page.currency) })}
          </p>
        )}
        rowKey={(r) => r.id}
        onPage={setPage}
        columns={[
          { key: 'time', label: t('agent.time'), primary: true, cell: (r) => formatDateTime(r.createdAt) },
          {
            key: 'kind',
            label: t('agent.income.kind'),
            cell: (r) =>
              r.direction === 'OUT' && (r.kind === 'SALARY' || r.kind === 'DIVIDEND')
                ? t(`agent.income.paidKinds.${r.kind}`)
                : t(`agent.income.kinds.${r.kind}`),
          },
          {
            key: 'from',
            label: t('agent.income.counterparty'),
            cell: (r) =>
              r.direction === 'OUT'
                ? t('agent.income.paidTo', { account: r.toAccount ?? '—' })
                : (r.fromAccount ?? t('agent.contracts.house')),
          },
          {
            key: 'amount',
            label: t('agent.bets.amount'),
            align: 'end',
            cell: (r) => signed(r.direction === 'OUT' ? `-${r.amount}` : r.amount),
          },
        ]}
      />
    </div>
  );
}

/** Announcements: the site's notices, newest first. */
export function AnnouncementPage({
  notices,
  loading,
}: {
  notices: (Notice & { agentsOnly?: boolean })[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('pages');
  if (loading) return <span className="spinner" aria-hidden="true" />;
  if (!notices || notices.length === 0)
    return (
      <section className="card agent-card">
        <p className="muted">{t('agent.noData')}</p>
      </section>
    );
  return (
    <div className="agent-page" data-testid="agent-announcements">
      {notices.map((n) => (
        <article key={n.id} className="card agent-card agent-notice">
          <h3 className="agent-card__title">{n.title}</h3>
          <time className="muted">{formatDateTime(n.createdAt)}</time>
          {n.agentsOnly && <span className="muted"> · {t('agent.agentsOnly')}</span>}
          <RichText html={n.content} />
        </article>
      ))}
    </div>
  );
}
