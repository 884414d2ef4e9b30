import type { Contract, ContractKind, Settlement } from '@portal/contracts/agent/contracts.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  useClaimContract,
  useContractStatements,
  useGivenContracts,
  useMyContract,
  useOfferContract,
  useTerminateContract,
} from '../api/contracts-api.ts';
import { formatRate } from '@portal/contracts/agent/contract-terms.ts';
import { AgentRecords, AgentResults, AgentSearch } from './agent-card.tsx';
import { ContractAcceptance } from './contract-acceptance.tsx';
import { ContractCard, ContractStatus } from './contract-views.tsx';
import { OfferDialog } from './offer-dialog.tsx';
import { DayInput } from './period-picker.tsx';

const CURRENCY = 'KRW';
const money = (minor: string, currency = CURRENCY) => formatMoney(minor, currency);

type Tab = 'mine' | 'given' | 'statements';

/**
 * A salary or dividend page of the agent centre (dividend, daily wages, hourly salary, real-time
 * salary): my contract from my upline, the contracts I gave my direct downline agents, and the
 * statements of both sides with totals.
 */
export function ContractPage({ kind, manualClaim }: { kind: ContractKind; manualClaim: boolean }) {
  const { t } = useTranslation('pages');
  const [tab, setTab] = useState<Tab>('mine');
  const [statementsOf, setStatementsOf] = useState<{ side: 'received' | 'paid'; memberId?: string; account?: string }>({
    side: 'received',
  });
  const idPrefix = `contracts-${kind}`;
  return (
    <div className="agent-page" data-testid={`contract-page-${kind}`}>
      <p className="muted">{t(`agent.contracts.leads.${kind}`)}</p>
      <Tabs
        items={(['mine', 'given', 'statements'] as const).map((k) => ({
          key: k,
          label: t(`agent.contracts.tabs.${k}`),
        }))}
        active={tab}
        onChange={setTab}
        label={t(`agent.contracts.kinds.${kind}`)}
        idPrefix={idPrefix}
      />
      <div id={`${idPrefix}-panel`} role="tabpanel" aria-labelledby={`${idPrefix}-tab-${tab}`}>
        {tab === 'mine' ? <MyContractPanel kind={kind} /> : null}
        {tab === 'given' ? (
          <GivenPanel
            kind={kind}
            onStatements={(memberId, account) => {
              setStatementsOf({ side: 'paid', memberId, account });
              setTab('statements');
            }}
          />
        ) : null}
        {tab === 'statements' ? (
          <StatementsPanel
            key={`${statementsOf.side}-${statementsOf.memberId ?? ''}`}
            kind={kind}
            initial={statementsOf}
            manualClaim={manualClaim}
            onClearMember={() => setStatementsOf({ side: 'paid' })}
          />
        ) : null}
      </div>
    </div>
  );
}

/** Terminate (or withdraw an offer) after a confirmation that says from when. */
function TerminateDialog({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const terminate = useTerminateContract();
  const pending = contract.status === 'OFFERED';
  return (
    <AlertDialog
      open
      title={t(pending ? 'agent.contracts.withdrawTitle' : 'agent.contracts.terminateTitle', {
        account: contract.holder.account,
      })}
      confirmLabel={t(pending ? 'agent.contracts.withdraw' : 'agent.contracts.terminate')}
      cancelLabel={t('agent.contracts.keep')}
      closeLabel={t('agent.close')}
      busy={terminate.isPending}
      onCancel={onClose}
      onConfirm={() => {
        terminate.mutate({ contractId: contract.id }, { onSuccess: onClose });
      }}
      testId="terminate-dialog"
    >
      <p>{t(pending ? 'agent.contracts.withdrawText' : 'agent.contracts.terminateText')}</p>
      <FormError error={terminate.error ? localizeError(terminate.error) : null} />
    </AlertDialog>
  );
}

/** The contracts an agent holds, in force and next, each with its own title; either can be terminated. */
const HELD = [
  { which: 'current', title: 'agent.contracts.inForce', terminateTestId: 'terminate-mine' },
  { which: 'next', title: 'agent.contracts.nextContract', terminateTestId: undefined },
] as const;

function MyContractPanel({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation('pages');
  const q = useMyContract(kind);
  const v = q.data;
  const [reviewing, setReviewing] = useState<Contract | null>(null);
  const [ending, setEnding] = useState<Contract | null>(null);
  const [viewing, setViewing] = useState<Contract | null>(null);
  const empty = v ? !v.current && !v.next && !v.pending && v.history.length === 0 : false;
  return (
    <AgentResults label={t('agent.contracts.tabs.mine')} query={q} isEmpty={empty} testId="my-contract">
      {v ? (
        <div className="contract-stack">
          {!v.current && !v.next && !v.pending ? <p className="muted">{t('agent.contracts.noneHeld')}</p> : null}
          {v.pending ? (
            <ContractCard
              contract={v.pending}
              title={t('agent.contracts.pendingOffer')}
              testId="my-pending"
              actions={
                <Button onClick={() => setReviewing(v.pending)} data-testid="review-offer">
                  {t('agent.contracts.review')}
                </Button>
              }
            />
          ) : null}
          {HELD.map(({ which, title, terminateTestId }) => {
            const held = v[which];
            return held ? (
              <ContractCard
                key={which}
                contract={held}
                title={t(title)}
                testId={`my-${which}`}
                actions={
                  held.endsAt ? null : (
                    <Button variant="outline" onClick={() => setEnding(held)} data-testid={terminateTestId}>
                      {t('agent.contracts.terminate')}
                    </Button>
                  )
                }
              />
            ) : null;
          })}
          {v.history.length > 0 ? (
            <section>
              <h3 className="agent-card__title">{t('agent.contracts.history')}</h3>
              <HistoryTable contracts={v.history} onView={setViewing} />
            </section>
          ) : null}
        </div>
      ) : null}
      {reviewing ? <ContractAcceptance contract={reviewing} onClose={() => setReviewing(null)} /> : null}
      {ending ? <TerminateDialog contract={ending} onClose={() => setEnding(null)} /> : null}
      {viewing ? <ContractDetails contract={viewing} onClose={() => setViewing(null)} /> : null}
    </AgentResults>
  );
}

function HistoryTable({ contracts, onView }: { contracts: Contract[]; onView: (c: Contract) => void }) {
  const { t } = useTranslation('pages');
  return (
    <DataTable
      caption={t('agent.contracts.history')}
      rows={contracts}
      rowKey={(c) => c.id}
      columns={[
        {
          key: 'offered',
          label: t('agent.contracts.offeredAt'),
          primary: true,
          cell: (c) => formatDateTime(c.createdAt),
        },
        {
          key: 'by',
          label: t('agent.contracts.offeredBy'),
          cell: (c) => c.offeredBy?.account ?? t('agent.contracts.operator'),
        },
        { key: 'rate', label: t('agent.contracts.topRate'), align: 'end', cell: (c) => formatRate(c.rate) },
        { key: 'status', label: t('agent.team.status'), cell: (c) => <ContractStatus contract={c} /> },
        {
          key: 'ends',
          label: t('agent.contracts.endsAt'),
          cell: (c) => formatDateTime(c.endsAt ?? c.decidedAt) ?? '—',
        },
        {
          key: 'tiers',
          label: t('agent.contracts.tiers'),
          cell: (c) => (
            <button type="button" className="link-btn" onClick={() => onView(c)}>
              {t('agent.contracts.viewTiers', { count: c.tiers.length })}
            </button>
          ),
        },
      ]}
    />
  );
}

function ContractDetails({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation('pages');
  return (
    <Modal
      open
      size="lg"
      title={t(`agent.contracts.kinds.${contract.kind}`)}
      closeLabel={t('agent.close')}
      onClose={onClose}
    >
      <ContractCard contract={contract} title={contract.holder.account} testId="contract-details" />
    </Modal>
  );
}

type GivenRow = {
  member: { id: string; account: string; nickname: string | null };
  current: Contract | null;
  next: Contract | null;
  pending: Contract | null;
};

function GivenPanel({
  kind,
  onStatements,
}: {
  kind: ContractKind;
  onStatements: (memberId: string, account: string) => void;
}) {
  const { t } = useTranslation('pages');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const q = useGivenContracts({ kind, search, page });
  const v = q.data;
  const offer = useOfferContract();
  const [offering, setOffering] = useState<{ row: GivenRow; from: Contract | null } | null>(null);
  const [ending, setEnding] = useState<Contract | null>(null);
  const [viewing, setViewing] = useState<Contract | null>(null);
  const maxRate = v?.maxRate ?? null;

  const contractCell = (c: Contract | null) =>
    c ? (
      <span className="contract-cell">
        <button type="button" className="link-btn" onClick={() => setViewing(c)}>
          {formatRate(c.rate)}
        </button>
        <ContractStatus contract={c} />
      </span>
    ) : (
      '—'
    );
  const columns: Column<GivenRow>[] = [
    {
      key: 'account',
      label: t('agent.team.account'),
      primary: true,
      cell: (r) => (
        <span className="agent-member">
          <strong>{r.member.account}</strong>
          {r.member.nickname ? <span className="muted"> · {r.member.nickname}</span> : null}
        </span>
      ),
    },
    { key: 'current', label: t('agent.contracts.inForce'), cell: (r) => contractCell(r.current) },
    { key: 'next', label: t('agent.contracts.nextPeriod'), cell: (r) => contractCell(r.next) },
    { key: 'pending', label: t('agent.contracts.pendingOffer'), cell: (r) => contractCell(r.pending) },
    {
      key: 'actions',
      label: t('agent.team.actions'),
      cell: (r) => {
        const base = r.pending ?? r.next ?? r.current;
        const running = r.next ?? r.current;
        return (
          <span className="agent-actions">
            {maxRate ? (
              <button
                type="button"
                className="link-btn"
                onClick={() => setOffering({ row: r, from: base })}
                data-testid={`offer-${r.member.account}`}
              >
                {base ? t('agent.contracts.editAsNew') : t('agent.contracts.offer')}
              </button>
            ) : null}
            {r.pending ? (
              <button
                type="button"
                className="link-btn"
                onClick={() => setEnding(r.pending)}
                data-testid={`withdraw-${r.member.account}`}
              >
                {t('agent.contracts.withdraw')}
              </button>
            ) : null}
            {running && !running.endsAt ? (
              <button
                type="button"
                className="link-btn"
                onClick={() => setEnding(running)}
                data-testid={`terminate-${r.member.account}`}
              >
                {t('agent.contracts.terminate')}
              </button>
            ) : null}
            <button
              type="button"
              className="link-btn"
              onClick={() => onStatements(r.member.id, r.member.account)}
              data-testid={`statements-${r.member.account}`}
            >
              {t('agent.contracts.tabs.statements')}
            </button>
          </span>
        );
      },
    },
  ];

  return (
    <div className="agent-page">
      {v ? (
        <p className="muted" data-testid="given-max-rate">
          {maxRate ? t('agent.contracts.yourRate', { rate: formatRate(maxRate) }) : t('agent.contracts.cannotOffer')}
        </p>
      ) : null}
      <AgentSearch
        value={typed}
        onValue={setTyped}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <AgentRecords
        label={t('agent.contracts.tabs.given')}
        query={q}
        header={(page) => <p className="muted">{t('agent.contracts.downlineAgents', { count: page.total })}</p>}
        columns={columns}
        rowKey={(r) => r.member.id}
        onPage={setPage}
        tableTestId="given-table"
        rowTestId={(r) => `given-row-${r.member.account}`}
      />
      {offering ? (
        <OfferDialog
          kind={kind}
          account={offering.row.member.account}
          maxRate={maxRate}
          from={offering.from}
          submit={{
            run: (terms) => offer.mutateAsync({ memberId: offering.row.member.id, ...terms }),
            isPending: offer.isPending,
            error: offer.error,
          }}
          onClose={() => {
            offer.reset();
            setOffering(null);
          }}
        />
      ) : null}
      {ending ? <TerminateDialog contract={ending} onClose={() => setEnding(null)} /> : null}
      {viewing ? <ContractDetails contract={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}

function StatementsPanel({
  kind,
  initial,
  manualClaim,
  onClearMember,
}: {
  kind: ContractKind;
  initial: { side: 'received' | 'paid'; memberId?: string; account?: string };
  manualClaim: boolean;
  onClearMember: () => void;
}) {
  const { t } = useTranslation('pages');
  const [side, setSide] = useState(initial.side);
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [page, setPage] = useState(1);
  const memberId = side === 'paid' ? initial.memberId : undefined;
  const q = useContractStatements({ kind, side, memberId, ...range, page });
  const v = q.data;
  const claim = useClaimContract();
  const dividend = kind === 'DIVIDEND';

  const columns: Column<Settlement>[] = [
    {
      key: 'period',
      label: t('agent.contracts.periodKey'),
      primary: true,
      cell: (s) => (
        <span title={`${formatDateTime(s.periodStart)} – ${formatDateTime(s.periodEnd)}`}>{s.periodKey}</span>
      ),
    },
    ...(side === 'paid'
      ? [{ key: 'holder', label: t('agent.contracts.holder'), cell: (s: Settlement) => s.holder.account }]
      : [
          {
            key: 'payer',
            label: t('agent.contracts.payer'),
            cell: (s: Settlement) => s.payer?.account ?? t('agent.contracts.house'),
          },
        ]),
    dividend
      ? { key: 'loss', label: t('agent.contracts.teamLoss'), align: 'end', cell: (s) => money(s.loss) }
      : { key: 'validBet', label: t('agent.figures.validBets'), align: 'end', cell: (s) => money(s.validBet) },
    { key: 'active', label: t('agent.figures.activeMembers'), align: 'end', cell: (s) => s.activeMembers },
    {
      key: 'tier',
      label: t('agent.contracts.tier'),
      align: 'end',
      cell: (s) => (s.tier === null ? '—' : t('agent.contracts.tierN', { n: s.tier + 1 })),
    },
    {
      key: 'rate',
      label: t('agent.contracts.rate'),
      align: 'end',
      cell: (s) => (s.tier === null ? '—' : formatRate(s.rate)),
    },
    {
      key: 'amount',
      label: t('agent.bets.amount'),
      align: 'end',
      cell: (s) => <strong data-testid="statement-amount">{money(s.amount, v?.currency)}</strong>,
    },
    {
      key: 'status',
      label: t('agent.team.status'),
      cell: (s) => (
        <span
          className={
            s.status === 'PAID'
              ? 'badge badge--ok'
              : s.status === 'ZERO' || s.status === 'SWITCHED_OFF'
                ? 'badge badge--off'
                : 'badge badge--wait'
          }
        >
          {t(`agent.contracts.settlementStatuses.${s.status}`)}
        </span>
      ),
    },
  ];

  return (
    <div className="agent-page">
      <div className="agent-filters">
        {(['received', 'paid'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={s === side ? 'chip chip--active' : 'chip'}
            aria-pressed={s === side}
            onClick={() => (setSide(s), setPage(1))}
            data-testid={`statements-side-${s}`}
          >
            {t(`agent.contracts.sides.${s}`)}
          </button>
        ))}
        {memberId ? (
          <button type="button" className="chip chip--active" onClick={onClearMember} data-testid="statements-member">
            {initial.account} <Icon name="close" size={14} />
          </button>
        ) : null}
      </div>
      <div className="agent-period__range">
        {(['from', 'to'] as const).map((end) => (
          <DayInput
            key={end}
            className="agent-select"
            label={t(`agent.period.${end}`)}
            value={range[end] ?? v?.[end] ?? ''}
            onDay={(day) => (setRange({ ...range, [end]: day || undefined }), setPage(1))}
          />
        ))}
      </div>
      {manualClaim && side === 'received' ? (
        <div className="contract-claim">
          <Button
            variant="secondary"
            disabled={claim.isPending}
            onClick={() => claim.mutate({ kind })}
            data-testid="claim-contract"
          >
            {t('agent.contracts.claim')}
          </Button>
          {claim.data ? (
            <p className="form-success" role="status" data-testid="claim-done">
              <Icon name="check" size={16} />{' '}
              {t('agent.contracts.claimed', {
                count: claim.data.paid,
                amount: money(claim.data.amount),
                owed: money(claim.data.owedAmount),
              })}
            </p>
          ) : null}
          <FormError error={claim.error ? localizeError(claim.error) : null} />
        </div>
      ) : null}
      <AgentRecords
        label={t('agent.contracts.tabs.statements')}
        query={q}
        testId="statements"
        header={(page) => (
          <dl className="contract-totals" data-testid="statement-totals">
            <div>
              <dt>{t('agent.contracts.totals.count')}</dt>
              <dd>{page.totals.count}</dd>
            </div>
            <div>
              <dt>{dividend ? t('agent.contracts.teamLoss') : t('agent.figures.validBets')}</dt>
              <dd>{money(dividend ? page.totals.loss : page.totals.validBet, page.currency)}</dd>
            </div>
            <div>
              <dt>{t('agent.contracts.totals.amount')}</dt>
              <dd data-testid="total-amount">{money(page.totals.amount, page.currency)}</dd>
            </div>
            <div>
              <dt>{t('agent.contracts.settlementStatuses.PAID')}</dt>
              <dd data-testid="total-paid">{money(page.totals.paid, page.currency)}</dd>
            </div>
            <div>
              <dt>{t('agent.contracts.settlementStatuses.OWED')}</dt>
              <dd data-testid="total-owed">{money(page.totals.owed, page.currency)}</dd>
            </div>
            {manualClaim ? (
              <div>
                <dt>{t('agent.contracts.settlementStatuses.CLAIMABLE')}</dt>
                <dd>{money(page.totals.claimable, page.currency)}</dd>
              </div>
            ) : null}
          </dl>
        )}
        columns={columns}
        rowKey={(s) => s.id}
        onPage={setPage}
        tableTestId="statement-table"
        rowTestId={(s) => `statement-${s.periodKey}`}
      />
    </div>
  );
}
