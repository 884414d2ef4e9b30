import type { MallItem, PointsTransaction, Redemption } from '@portal/contracts/rewards/points.contract.ts';
import { POINTS_LIMITS } from '@portal/contracts/rewards/points.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { FormError, PasswordField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { QueryBody, type QueryState } from '../../../components/ui/query-body.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  useConvertPoints,
  usePointsBalance,
  usePointsConfig,
  usePointsRedemptions,
  usePointsRewards,
  usePointsTransactions,
  useRedeemReward,
} from '../api/points-api.ts';

type Tab = 'rewards' | 'history' | 'detail' | 'convert';
const points = (n: string | number) => Number(n).toLocaleString();

/** The points mall (spec §1, §2 /pointMall, §3, §4; decision 072): balance, rewards, history, detail, convert. */
export function PointMall() {
  const { t } = useTranslation('pages');
  const [tab, setTab] = useState<Tab>('rewards');
  const balance = usePointsBalance();
  const config = usePointsConfig();
  const c = config.data;
  return (
    <div className="mall-page" data-testid="point-mall">
      <div className="stat-row">
        <div className="stat stat--gold">
          <span className="stat__label">{t('mall.balance')}</span>
          <strong className="stat__value" data-testid="points-balance">
            {balance.data ? t('mall.points', { n: points(balance.data.balance) }) : '—'}
          </strong>
        </div>
        <div className="stat">
          <span className="stat__label">{t('mall.ratio')}</span>
          <strong className="stat__value stat__value--small" data-testid="points-ratio">
            {c && c.earnPerMillion > 0
              ? t('mall.earnRatio', { bet: formatMoney('1000000', c.currency), n: points(c.earnPerMillion) })
              : t('mall.noEarning')}
          </strong>
        </div>
      </div>
      <p className="muted small">{t('mall.neverExpire')}</p>
      <Tabs<Tab>
        items={[
          { key: 'rewards', label: t('mall.tabs.rewards') },
          { key: 'history', label: t('mall.tabs.history') },
          { key: 'detail', label: t('mall.tabs.detail') },
          { key: 'convert', label: t('mall.tabs.convert') },
        ]}
        active={tab}
        onChange={setTab}
        label={t('pointMall.title')}
        idPrefix="mall"
      />
      <div id="mall-panel" role="tabpanel" aria-labelledby={`mall-tab-${tab}`}>
        {tab === 'rewards' ? (
          <RewardList onRedeemed={() => setTab('history')} />
        ) : tab === 'history' ? (
          <RedeemHistory />
        ) : tab === 'detail' ? (
          <PointsDetail />
        ) : (
          <ConvertForm />
        )}
      </div>
    </div>
  );
}

function RewardList({ onRedeemed }: { onRedeemed: () => void }) {
  const { t } = useTranslation('pages');
  const q = usePointsRewards();
  const [chosen, setChosen] = useState<MallItem | null>(null);
  return (
    <QueryBody
      query={q}
      failed={t('mall.failed')}
      empty={q.data && q.data.items.length === 0 ? <EmptyState icon="gift" title={t('pointMall.empty')} /> : null}
    >
      <ul className="mall-grid">
        {q.data?.items.map((i) => {
          const soldOut = i.stock === 0;
          const limitReached = i.memberLimit !== null && i.redeemed >= i.memberLimit;
          return (
            <li key={i.id} className="mall-card" data-testid={`mall-item-${i.id}`}>
              <div className={`mall-card__art mall-card__art--${i.kind.toLowerCase()}`} aria-hidden="true">
                <Icon name={i.kind === 'GOODS' ? 'gift' : i.kind === 'BONUS' ? 'star' : 'wallet'} size={28} />
              </div>
              <div className="mall-card__body">
                <span className="status-chip">{t(`mall.kinds.${i.kind}`)}</span>
                <p className="mall-card__name">{i.name}</p>
                {i.description ? <p className="muted small">{i.description}</p> : null}
                {i.kind !== 'GOODS' ? (
                  <p className="small">
                    {t(i.kind === 'BONUS' ? 'mall.bonusValue' : 'mall.cashValue', {
                      amount: formatMoney(i.amount, i.currency),
                      n: i.wageringMultiple,
                    })}
                  </p>
                ) : null}
                <p className="muted small">
                  {[
                    i.stock === null ? t('mall.unlimited') : t('mall.stock', { n: i.stock }),
                    i.memberLimit === null ? null : t('mall.limit', { n: i.memberLimit, done: i.redeemed }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <div className="mall-card__foot">
                  <strong className="mall-card__price">{t('mall.points', { n: points(i.points) })}</strong>
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={soldOut || limitReached}
                    onClick={() => setChosen(i)}
                    data-testid="mall-redeem"
                  >
                    {soldOut ? t('mall.soldOut') : limitReached ? t('mall.limitReached') : t('mall.redeem')}
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {chosen ? (
        <RedeemDialog
          item={chosen}
          onClose={() => setChosen(null)}
          onDone={() => {
            setChosen(null);
            onRedeemed();
          }}
        />
      ) : null}
    </QueryBody>
  );
}

function RedeemDialog({ item, onClose, onDone }: { item: MallItem; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const redeem = useRedeemReward();
  const requestId = useRef(crypto.randomUUID());
  const [quantity, setQuantity] = useState('1');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ quantity?: string; password?: string }>({});
  const q = Number(quantity);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!/^[1-9][0-9]?$/.test(quantity)) found.quantity = t('mall.quantityRule', { max: POINTS_LIMITS.maxQuantity });
    if (!password) found.password = t('mall.passwordRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    redeem.mutate(
      { itemId: item.id, quantity: q, paymentPassword: password, requestId: requestId.current },
      { onSuccess: onDone, onError: () => (requestId.current = crypto.randomUUID()) },
    );
  };
  return (
    <Modal
      open
      title={t('mall.redeemTitle', { name: item.name })}
      closeLabel={tc('actions.close')}
      onClose={onClose}
      size="sm"
    >
      <form className="mall-form" onSubmit={submit} noValidate data-testid="redeem-form">
        <TextField
          label={t('mall.quantity')}
          value={quantity}
          onValue={setQuantity}
          error={errors.quantity}
          inputMode="numeric"
          name="quantity"
          data-testid="redeem-quantity"
        />
        <p className="small">
          {t('mall.cost', { n: points(Number.isFinite(q) && q > 0 ? item.points * q : item.points) })}
        </p>
        <PaymentPasswordField value={password} onValue={setPassword} error={errors.password} testId="redeem-password" />
        <FormError error={redeem.error ? localizeError(redeem.error) : null} />
        <button type="submit" className="btn btn--primary" disabled={redeem.isPending} data-testid="redeem-submit">
          {t('mall.confirmRedeem')}
        </button>
      </form>
    </Modal>
  );
}

/** The payment password that a redemption or a conversion asks for. */
function PaymentPasswordField({
  value,
  onValue,
  error,
  testId,
}: {
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation('pages');
  return (
    <PasswordField
      label={t('mall.paymentPassword')}
      name="paymentPassword"
      autoComplete="off"
      requiredMark
      value={value}
      onValue={onValue}
      error={error}
      data-testid={testId}
    />
  );
}

function StatusChip({ status }: { status: Redemption['status'] }) {
  const { t } = useTranslation('pages');
  return (
    <span className={`status-chip status-chip--${status.toLowerCase()}`} data-testid="redeem-status">
      {t(`mall.status.${status}`)}
    </span>
  );
}

function RedeemHistory() {
  const { t } = useTranslation('pages');
  return (
    <PointsRecords<Redemption>
      usePage={usePointsRedemptions}
      caption={t('mall.tabs.history')}
      empty={<EmptyState icon="clock" title={t('mall.noHistory')} />}
      rowTestId="redeem-row"
      columns={[
        {
          key: 'what',
          label: t('mall.reward'),
          cell: (r) => (r.kind === 'CONVERT' ? t('mall.converted') : `${r.name ?? ''} × ${r.quantity}`),
          primary: true,
        },
        {
          key: 'points',
          label: t('mall.spent'),
          cell: (r) => t('mall.points', { n: points(r.points) }),
          align: 'end',
        },
        { key: 'status', label: t('mall.statusLabel'), cell: (r) => <StatusChip status={r.status} /> },
        { key: 'at', label: t('mall.at'), cell: (r) => formatDateTime(r.createdAt) },
        {
          key: 'note',
          label: t('mall.note'),
          cell: (r) => r.rejectReason ?? (r.amount !== '0' ? formatMoney(r.amount, r.currency) : '—'),
        },
      ]}
    />
  );
}

function PointsDetail() {
  const { t } = useTranslation('pages');
  return (
    <PointsRecords<PointsTransaction>
      usePage={usePointsTransactions}
      caption={t('mall.tabs.detail')}
      empty={<EmptyState icon="layers" title={t('mall.noDetail')} />}
      rowTestId="points-row"
      columns={[
        { key: 'at', label: t('mall.at'), cell: (r) => formatDateTime(r.createdAt), primary: true },
        {
          key: 'changed',
          label: t('mall.changed'),
          cell: (r) => (
            <strong className={r.changedPoints.startsWith('-') ? 'amount--out' : 'amount--in'}>
              {r.changedPoints.startsWith('-') ? points(r.changedPoints) : `+${points(r.changedPoints)}`}
            </strong>
          ),
          align: 'end',
        },
        { key: 'after', label: t('mall.after'), cell: (r) => points(r.balanceAfter), align: 'end' },
        {
          key: 'remark',
          label: t('mall.remark'),
          cell: (r) => (r.remark ? `${t(`mall.types.${r.type}`)} · ${r.remark}` : t(`mall.types.${r.type}`)),
        },
      ]}
    />
  );
}

/**
 * One of the member's paged points records (redemptions, points movements): a table of the page,
 * `empty` when there are none at all, and the pager. `usePage` is the records' query of a page.
 */
function PointsRecords<R extends { id: string }>({
  usePage,
  caption,
  empty,
  rowTestId,
  columns,
}: {
  usePage: (page: number) => QueryState & { data?: { items: R[]; total: number } | undefined };
  caption: string;
  empty: ReactNode;
  rowTestId: string;
  columns: Column<R>[];
}) {
  const { t } = useTranslation('pages');
  const [page, setPage] = useState(1);
  const q = usePage(page);
  return (
    <QueryBody query={q} failed={t('mall.failed')} empty={q.data && q.data.total === 0 ? empty : null}>
      <DataTable<R>
        caption={caption}
        rows={q.data?.items ?? []}
        rowKey={(r) => r.id}
        rowTestId={() => rowTestId}
        columns={columns}
      />
      {q.data ? <Pager page={page} pageSize={POINTS_LIMITS.pageSize} total={q.data.total} onPage={setPage} /> : null}
    </QueryBody>
  );
}

function ConvertForm() {
  const { t } = useTranslation('pages');
  const config = usePointsConfig();
  const balance = usePointsBalance();
  const convert = useConvertPoints();
  const requestId = useRef(crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; password?: string }>({});
  const rate = config.data?.convertRate ?? 0;
  const currency = config.data?.currency ?? null;
  const n = Number(amount);
  if (config.data && rate === 0) return <EmptyState icon="refresh" title={t('mall.convertOff')} />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!/^[1-9][0-9]{0,8}$/.test(amount)) found.amount = t('mall.pointsRule');
    if (!password) found.password = t('mall.passwordRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    convert.mutate(
      { points: n, paymentPassword: password, requestId: requestId.current },
      {
        onSuccess: () => {
          requestId.current = crypto.randomUUID();
          setAmount('');
          setPassword('');
        },
        onError: () => (requestId.current = crypto.randomUUID()),
      },
    );
  };
  return (
    <form className="mall-form mall-form--convert" onSubmit={submit} noValidate data-testid="convert-form">
      <p className="small">{t('mall.convertRate', { amount: formatMoney(String(rate), currency) })}</p>
      <TextField
        label={t('mall.convertPoints')}
        value={amount}
        onValue={setAmount}
        error={errors.amount}
        inputMode="numeric"
        name="points"
        hint={balance.data ? t('mall.available', { n: points(balance.data.balance) }) : undefined}
        data-testid="convert-points"
      />
      <p className="small" data-testid="convert-preview">
        {t('mall.youGet', {
          amount: formatMoney(
            String(Number.isFinite(n) && n > 0 ? BigInt(Math.floor(n)) * BigInt(rate) : 0n),
            currency,
          ),
        })}
      </p>
      <PaymentPasswordField value={password} onValue={setPassword} error={errors.password} testId="convert-password" />
      <FormError error={convert.error ? localizeError(convert.error) : null} />
      {convert.data ? (
        <p className="form-success" role="status" data-testid="convert-done">
          {t('mall.convertDone', { amount: formatMoney(convert.data.amount, convert.data.currency) })}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={convert.isPending} data-testid="convert-submit">
        {t('mall.convert')}
      </button>
    </form>
  );
}
