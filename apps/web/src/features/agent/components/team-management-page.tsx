import type { TeamMember } from '@portal/contracts/agent/agent.contract.ts';
import { AGENT_CENTRE } from '@portal/contracts/limits.ts';
import { checkAmount, formatMoney, newRequestId } from '@portal/contracts/money.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { type Column } from '../../../components/ui/data-table.tsx';
import { AmountField, FormError, PasswordField, TextField } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMemberSummary, useSetRemark, useTeam, useTransferInfo, useTransferToDownline } from '../api/agent-api.ts';
import { AgentRecords, AgentResults, AgentSearch } from './agent-card.tsx';
import { FiguresTable } from './figures.tsx';
import { PeriodPicker, usePeriod } from './period-picker.tsx';

const CURRENCY = 'KRW';

/** Team management: the team page by page, search, drill-down with a breadcrumb, and per-member actions. */
export function TeamManagementPage() {
  const { t } = useTranslation('pages');
  const [parentId, setParentId] = useState<string | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [remarkOf, setRemarkOf] = useState<TeamMember | null>(null);
  const [summaryOf, setSummaryOf] = useState<TeamMember | null>(null);
  const [transferTo, setTransferTo] = useState<TeamMember | null>(null);
  const q = useTeam({ parentId, search, page, pageSize: AGENT_CENTRE.defaultPageSize });
  const v = q.data;
  const open = (id: string | undefined) => {
    setParentId(id);
    setSearch(undefined);
    setTyped('');
    setPage(1);
  };

  const columns: Column<TeamMember>[] = [
    {
      key: 'account',
      label: t('agent.team.account'),
      primary: true,
      cell: (m) => (
        <span className="agent-member">
          <strong>{m.account}</strong>
          {m.nickname ? <span className="muted"> · {m.nickname}</span> : null}
        </span>
      ),
    },
    {
      key: 'type',
      label: t('agent.team.type'),
      cell: (m) => (m.isAgent ? t('agent.team.agent') : t('agent.team.player')),
    },
    { key: 'level', label: t('agent.team.level'), align: 'end', cell: (m) => m.level },
    { key: 'teamSize', label: t('agent.team.teamSize'), align: 'end', cell: (m) => m.teamSize },
    { key: 'balance', label: t('agent.team.balance'), align: 'end', cell: (m) => formatMoney(m.balance, CURRENCY) },
    { key: 'createdAt', label: t('agent.team.registered'), cell: (m) => formatDateTime(m.createdAt) },
    { key: 'lastLoginAt', label: t('agent.team.lastLogin'), cell: (m) => formatDateTime(m.lastLoginAt) ?? '—' },
    {
      key: 'status',
      label: t('agent.team.status'),
      cell: (m) => (
        <span className={m.status === 'ACTIVE' ? 'badge badge--ok' : 'badge badge--off'}>
          {t(`agent.team.statuses.${m.status}`)}
        </span>
      ),
    },
    { key: 'remark', label: t('agent.team.remark'), cell: (m) => m.remark || '—' },
    {
      key: 'actions',
      label: t('agent.team.actions'),
      cell: (m) => (
        <span className="agent-actions">
          {m.isAgent && m.teamSize > 0 ? (
            <button type="button" className="link-btn" onClick={() => open(m.id)} data-testid={`drill-${m.account}`}>
              {t('agent.team.downline')}
            </button>
          ) : null}
          <button
            type="button"
            className="link-btn"
            onClick={() => setSummaryOf(m)}
            data-testid={`summary-${m.account}`}
          >
            {t('agent.team.summary')}
          </button>
          <button type="button" className="link-btn" onClick={() => setRemarkOf(m)} data-testid={`remark-${m.account}`}>
            {t('agent.team.editRemark')}
          </button>
          {m.type !== 4 ? (
            <button
              type="button"
              className="link-btn"
              onClick={() => setTransferTo(m)}
              data-testid={`transfer-${m.account}`}
            >
              {t('agent.team.transfer')}
            </button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <div className="agent-page" data-testid="agent-team">
      <AgentSearch
        value={typed}
        onValue={setTyped}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      {v && v.breadcrumb.length > 0 ? (
        <nav className="agent-breadcrumb" aria-label={t('agent.team.breadcrumb')} data-testid="team-breadcrumb">
          {v.breadcrumb.map((b, i) => (
            <span key={b.id}>
              {i > 0 ? <Icon name="chevronRight" size={14} /> : null}
              {i === v.breadcrumb.length - 1 ? (
                <strong aria-current="page">{b.account}</strong>
              ) : (
                <button type="button" className="link-btn" onClick={() => open(i === 0 ? undefined : b.id)}>
                  {b.account}
                </button>
              )}
            </span>
          ))}
        </nav>
      ) : null}
      <AgentRecords
        label={t('agent.items.teamManagement')}
        query={q}
        header={(v) => <p className="muted">{t('agent.team.count', { count: v.total })}</p>}
        columns={columns}
        rowKey={(m) => m.id}
        onPage={setPage}
        tableTestId="team-table"
        rowTestId={(m) => `team-row-${m.account}`}
      />
      {remarkOf ? <RemarkDialog member={remarkOf} onClose={() => setRemarkOf(null)} /> : null}
      {summaryOf ? <SummaryDialog member={summaryOf} onClose={() => setSummaryOf(null)} /> : null}
      {transferTo ? <TransferDialog member={transferTo} onClose={() => setTransferTo(null)} /> : null}
    </div>
  );
}

function RemarkDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const save = useSetRemark();
  const [remark, setRemark] = useState(member.remark);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({ memberId: member.id, remark });
      onClose();
    } catch {
      // shown below from the mutation's error
    }
  };
  return (
    <Modal
      open
      title={t('agent.team.remarkTitle', { account: member.account })}
      closeLabel={t('agent.close')}
      onClose={onClose}
    >
      <form onSubmit={submit} className="agent-form" data-testid="remark-form">
        <TextField
          label={t('agent.team.remark')}
          value={remark}
          onValue={setRemark}
          maxLength={AGENT_CENTRE.remarkMaxLength}
        />
        <FormError error={save.error ? localizeError(save.error) : null} />
        <Button type="submit" block disabled={save.isPending}>
          {t('agent.save')}
        </Button>
      </form>
    </Modal>
  );
}

function SummaryDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const { filter, setFilter } = usePeriod('month');
  const q = useMemberSummary({ ...filter, memberId: member.id });
  const v = q.data;
  return (
    <Modal
      open
      size="lg"
      title={t('agent.team.summaryTitle', { account: member.account })}
      closeLabel={t('agent.close')}
      onClose={onClose}
    >
      <PeriodPicker value={filter} onChange={setFilter} />
      <AgentResults label={t('agent.team.summary')} query={q} isEmpty={false} testId="member-summary">
        {v ? (
          <FiguresTable
            currency={v.currency}
            columns={[
              { key: 'own', label: t('agent.figures.own'), figures: v.own },
              ...(v.team ? [{ key: 'team', label: t('agent.figures.itsTeam'), figures: v.team }] : []),
            ]}
          />
        ) : null}
      </AgentResults>
    </Modal>
  );
}

function TransferDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const info = useTransferInfo();
  const send = useTransferToDownline();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; paymentPassword?: string }>({});
  const [requestId, setRequestId] = useState(newRequestId);
  const [done, setDone] = useState<string | null>(null);
  const balance = info.data?.balance ?? '0';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const checked = checkAmount(amount, { max: balance });
    const found: typeof errors = {};
    if (!checked.ok)
      found.amount =
        checked.issue === 'max' ? t('agent.transfer.aboveBalance') : t(`agent.transfer.amount.${checked.issue}`);
    if (!password) found.paymentPassword = t('agent.required');
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) return;
    try {
      const r = await send.mutateAsync({
        memberId: member.id,
        amount: checked.minor,
        paymentPassword: password,
        requestId,
      });
      setDone(t('agent.transfer.done', { amount: formatMoney(r.amount, r.currency), account: r.memberAccount }));
      setRequestId(newRequestId());
      setAmount('');
      setPassword('');
    } catch {
      // shown below from the mutation's error
    }
  };
  return (
    <Modal
      open
      title={t('agent.transfer.title', { account: member.account })}
      closeLabel={t('agent.close')}
      onClose={onClose}
    >
      <form onSubmit={submit} className="agent-form" data-testid="transfer-form" noValidate>
        <p className="muted" data-testid="transfer-balance">
          {t('agent.transfer.balance', { balance: formatMoney(balance, info.data?.currency ?? CURRENCY) })}
        </p>
        {info.data && !info.data.hasPaymentPassword ? (
          <p className="form-error" role="alert">
            {t('agent.transfer.noPaymentPassword')}
          </p>
        ) : null}
        <AmountField
          label={t('agent.transfer.amountLabel')}
          symbol="₩"
          value={amount}
          onValue={(v) => {
            setAmount(v);
            setDone(null);
          }}
          error={errors.amount}
        />
        <PasswordField
          label={t('agent.transfer.paymentPassword')}
          value={password}
          onValue={setPassword}
          autoComplete="off"
          error={errors.paymentPassword}
        />
        <FormError error={send.error && !done ? localizeError(send.error) : null} />
        {done ? (
          <p className="form-success" role="status" data-testid="transfer-done">
            <Icon name="check" size={16} /> {done}
          </p>
        ) : null}
        <Button type="submit" block disabled={send.isPending}>
          {t('agent.transfer.submit')}
        </Button>
      </form>
    </Modal>
  );
}
