import type { RouteValue } from '@portal/contracts/http.ts';
import type {
  VendorTransfer,
  VendorWallet,
  transferAllToMain,
} from '@portal/contracts/wallet/vendor-wallet.contract.ts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { SelectControl } from '../../../components/ui/select-control.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { localizeError } from '../../../lib/errors.ts';
import {
  useMerchantWallet,
  useTransferAllToMain,
  useTransferWallet,
  useVendorWallets,
} from '../api/vendor-wallet-api.ts';
import { useMoney } from '../hooks/use-money.ts';
import { useRequestId } from '../hooks/use-request-id.ts';
import { checkAmount, minorToInput } from '@portal/contracts/money.ts';
import { amountIssueMessage, placeError } from '../lib/form-errors.ts';
import {
  MAIN_WALLET,
  allToMainTone,
  pickSide,
  returnedTotal,
  routeFrom,
  routeTo,
  swapRoute,
  type TransferRoute,
} from '../lib/transfer-route.ts';
import { AmountField, FormError } from '../../../components/ui/field.tsx';
import { CashierCardHead, ReloadButton } from './cashier-card-head.tsx';
import { CashierForm, CashierHowTo, CashierStep, CashierSubmit, SetupCard, useHowSteps } from './cashier-layout.tsx';
import { Loading } from '../../../components/ui/query-body.tsx';
import { StatusBadge } from './status-badge.tsx';

type AllToMain = RouteValue<typeof transferAllToMain>;
/** What the last transfer came to, with the names as they were when it was sent. */
type Sent = { transfer: VendorTransfer; from: string; to: string };

/** Codes about the amount itself: shown under the amount field rather than above the button. */
const AMOUNT_CODES = new Set(['WALLET_INSUFFICIENT_FUNDS', 'AMOUNT_OUT_OF_RANGE']);

const positive = (minor: string | null | undefined) =>
  minor !== null && minor !== undefined && /^[1-9]\d*$/.test(minor);

/**
 * transferFund: money between the main wallet and each transfer-mode vendor's wallet (issue 4
 * "Transfers"). A single-wallet site has nothing to move. A transfer whose outcome the vendor left
 * unknown is shown as being checked until the server's reconciliation hears from the vendor.
 */
export function TransferFundPage() {
  const { t } = useTranslation('wallet');
  const merchant = useMerchantWallet();
  const transferMode = merchant.data ? !merchant.data.isSingle : false;
  const wallets = useVendorWallets(transferMode);

  const page = (body: ReactNode) => (
    <div className="cashier" data-testid="transfer-fund">
      {body}
    </div>
  );
  if (merchant.isPending || (transferMode && wallets.isPending)) return page(<Loading />);

  if (merchant.isError || wallets.isError)
    return page(
      <SetupCard icon="warning" muted role="alert" title={t('transferFund.title')}>
        <p className="muted">
          {isApiError(wallets.error) && wallets.error.status > 0
            ? localizeError(wallets.error)
            : t('common.loadFailed')}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void (merchant.isError ? merchant.refetch() : wallets.refetch())}
        >
          {t('common.reload')}
        </Button>
      </SetupCard>,
    );

  if (!transferMode || !wallets.data)
    return page(
      <SetupCard icon="wallet" role="status" testId="single-wallet" title={t('transferFund.singleTitle')}>
        <p className="muted">{t('transferFund.singleText')}</p>
      </SetupCard>,
    );

  return <TransferWallets list={wallets.data.wallets} mainFallback={wallets.data.main.balance} />;
}

function TransferWallets({ list, mainFallback }: { list: VendorWallet[]; mainFallback: string }) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const wallets = useVendorWallets();
  const send = useTransferWallet();
  const allBack = useTransferAllToMain();
  const requestId = useRequestId();
  const allRequestId = useRequestId();
  const [picked, setPicked] = useState<TransferRoute | null>(null);
  const [amount, setAmount] = useState('');
  const howSteps = useHowSteps('transferFund.how', 3);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [allResult, setAllResult] = useState<AllToMain | null>(null);
  const [allError, setAllError] = useState<string | null>(null);

  // The header's figure, so the two never disagree; the wallets' own answer until it has loaded.
  const mainBalance = money.balance.data?.balance ?? mainFallback;
  const fmt = (minor: string) => money.money(minor);
  const firstOpen = list.find((w) => w.state === 'OK') ?? list[0];
  const route: TransferRoute | null =
    picked && list.some((w) => w.vendorId === picked.vendorId)
      ? picked
      : firstOpen
        ? { vendorId: firstOpen.vendorId, direction: 'TO_VENDOR' }
        : null;
  const vendor = route ? list.find((w) => w.vendorId === route.vendorId) : undefined;
  const nameOf = (wallet: string) =>
    wallet === MAIN_WALLET ? t('mainWallet') : (list.find((w) => w.vendorId === wallet)?.name ?? wallet);

  // What the source holds: null when its vendor did not answer (the server then decides).
  const sourceBalance =
    route?.direction === 'TO_MAIN' ? (vendor?.balance ?? null) : mainBalance.startsWith('-') ? '0' : mainBalance;
  const paused = vendor?.state === 'MAINTENANCE';
  const nothingBack = list.every((w) => w.state === 'OK' && !positive(w.balance));

  const changeRoute = (next: TransferRoute) => {
    setPicked(next);
    setAmountError(null);
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || !route || !vendor) return;
    const from = nameOf(routeFrom(route));
    const to = nameOf(routeTo(route));
    const checked = checkAmount(amount, sourceBalance !== null ? { max: sourceBalance } : {}, money.decimals);
    setSent(null);
    setFormError(null);
    if (!checked.ok) {
      setAmountError(
        checked.issue === 'max' && sourceBalance !== null
          ? t('transferFund.aboveBalance', { wallet: from, max: fmt(sourceBalance) })
          : amountIssueMessage(t, checked.issue, {}),
      );
      return;
    }
    setAmountError(null);
    const details = { vendorId: route.vendorId, direction: route.direction, amount: checked.minor };
    try {
      const result = await send.mutateAsync({ ...details, requestId: requestId.idFor(Object.values(details)) });
      requestId.done();
      setSent({ transfer: result.transfer, from, to });
      setAmount('');
    } catch (error) {
      // A refusal ends this attempt: a refused transfer stays refused under its request id. Only a
      // lost answer is sent again under the same id, so it cannot be applied twice.
      if (isApiError(error) && error.status >= 400 && error.status < 500) requestId.done();
      const placed = placeError(error, ['amount'] as const);
      if (placed.field || (isApiError(error) && AMOUNT_CODES.has(error.code))) setAmountError(placed.message);
      else setFormError(placed.message);
    }
  };

  const bringAllBack = async () => {
    if (allBack.isPending) return;
    setAllError(null);
    setAllResult(null);
    try {
      const result = await allBack.mutateAsync({ requestId: allRequestId.idFor(['all-to-main']) });
      allRequestId.done();
      setAllResult(result);
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500) allRequestId.done();
      setAllError(localizeError(error));
    }
  };

  const selectOptions = [
    { value: MAIN_WALLET, label: t('mainWallet') },
    ...list.map((w) => ({
      value: w.vendorId,
      label: w.state === 'MAINTENANCE' ? t('transferFund.optionMaintenance', { name: w.name }) : w.name,
    })),
  ];

  return (
    <div className="cashier" data-testid="transfer-fund">
      <section className="cashier-card wallets" aria-labelledby="wallets-title">
        <CashierCardHead
          id="wallets-title"
          icon="wallet"
          title={t('transferFund.walletsTitle')}
          className="wallets__head"
        >
          <div className="wallets__actions">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void bringAllBack()}
              disabled={allBack.isPending || nothingBack}
              title={nothingBack ? t('transferFund.nothingBack') : undefined}
              data-testid="all-to-main"
            >
              {allBack.isPending ? <span className="spinner" aria-hidden="true" /> : <BackIcon />}
              {t('transferFund.allToMain')}
            </Button>
            <ReloadButton
              label={t('transferFund.refresh')}
              busy={wallets.isFetching || money.balance.isFetching}
              onReload={() => Promise.all([wallets.refetch(), money.balance.refetch()])}
              testId="wallets-refresh"
            />
          </div>
        </CashierCardHead>

        <div className="wallet-grid">
          <div className="wallet-tile wallet-tile--main" data-testid="wallet-main">
            <div className="wallet-tile__head">
              <span className="wallet-tile__avatar wallet-tile__avatar--main" aria-hidden="true">
                <Icon name="wallet" size={18} />
              </span>
              <div className="wallet-tile__who">
                <p className="wallet-tile__name">{t('mainWallet')}</p>
                <p className="wallet-tile__tag">{t('transferFund.mainTag')}</p>
              </div>
            </div>
            <p className="wallet-tile__balance" data-testid="wallet-balance">
              <span className="wallet-tile__symbol">{money.symbol}</span>
              {money.format(mainBalance)}
            </p>
          </div>
          {list.map((w) => (
            <VendorTile
              key={w.vendorId}
              wallet={w}
              active={w.vendorId === route?.vendorId}
              onPick={() => changeRoute({ vendorId: w.vendorId, direction: route?.direction ?? 'TO_VENDOR' })}
            />
          ))}
        </div>

        <FormError error={allError} />
        {allResult ? (
          <AllToMainSummary result={allResult} nameOf={nameOf} fmt={fmt} onClose={() => setAllResult(null)} />
        ) : null}
      </section>

      <div className="cashier__grid">
        <CashierForm onSubmit={submit} testId="transfer-form">
          <CashierStep n={1}>{t('transferFund.routeTitle')}</CashierStep>
          {route ? (
            <div className="transfer-route">
              <WalletSelect
                label={t('transferFund.from')}
                name="from"
                value={routeFrom(route)}
                options={selectOptions}
                onChange={(v) => changeRoute(pickSide(route, 'from', v))}
              />
              <button
                type="button"
                className="transfer-route__swap"
                onClick={() => changeRoute(swapRoute(route))}
                aria-label={t('transferFund.swap')}
                title={t('transferFund.swap')}
                data-testid="transfer-swap"
              >
                <SwapIcon />
              </button>
              <WalletSelect
                label={t('transferFund.to')}
                name="to"
                value={routeTo(route)}
                options={selectOptions}
                onChange={(v) => changeRoute(pickSide(route, 'to', v))}
              />
            </div>
          ) : null}
          {paused && vendor ? (
            <p className="inline-note" role="status">
              <Icon name="warning" size={16} />
              {t('transferFund.pausedNote', { name: vendor.name })}
            </p>
          ) : null}

          <CashierStep n={2}>{t('transferFund.amountTitle')}</CashierStep>
          <AmountField
            label={t('fields.amount')}
            symbol={money.symbol}
            value={amount}
            onValue={setAmount}
            error={amountError}
            hint={
              sourceBalance !== null
                ? t('transferFund.available', {
                    wallet: nameOf(route ? routeFrom(route) : MAIN_WALLET),
                    amount: fmt(sourceBalance),
                  })
                : t('transferFund.availableUnknown', { wallet: vendor?.name ?? '' })
            }
            requiredMark
            maxValue={sourceBalance === null ? null : minorToInput(sourceBalance, money.decimals)}
            onMax={() => setAmountError(null)}
            maxTestId="transfer-max"
          />
          <FormError error={formError} />
          {sent ? <SentNote sent={sent} fmt={fmt} /> : null}
          <CashierSubmit pending={send.isPending} disabled={!route || paused} testId="transfer-submit">
            {t('transferFund.submit')}
          </CashierSubmit>
        </CashierForm>
        <aside className="cashier-aside">
          <CashierHowTo title={t('depositPage.howTitle')} steps={howSteps} />
        </aside>
      </div>
    </div>
  );
}

/** One vendor's wallet: its balance as the vendor reports it, and why it may not be usable now. */
function VendorTile({ wallet, active, onPick }: { wallet: VendorWallet; active: boolean; onPick: () => void }) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  return (
    <button
      type="button"
      className={`wallet-tile${active ? ' wallet-tile--active' : ''}${wallet.state !== 'OK' ? ' wallet-tile--dim' : ''}`}
      aria-pressed={active}
      onClick={onPick}
      data-testid={`wallet-${wallet.vendorId}`}
    >
      <span className="wallet-tile__head">
        <span className="wallet-tile__avatar" aria-hidden="true">
          {wallet.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="wallet-tile__who">
          <span className="wallet-tile__name">{wallet.name}</span>
          <span className="wallet-tile__tag">{t('transferFund.vendorTag')}</span>
        </span>
      </span>
      <span className="wallet-tile__balance" data-testid="wallet-balance">
        {wallet.balance !== null ? (
          <>
            <span className="wallet-tile__symbol">{money.symbol}</span>
            {money.format(wallet.balance)}
          </>
        ) : (
          '—'
        )}
      </span>
      {wallet.state !== 'OK' || positive(wallet.pendingAmount) ? (
        <span className="wallet-tile__foot">
          {wallet.state === 'UNAVAILABLE' ? (
            <StatusBadge tone="muted" labelKey="transferFund.state.UNAVAILABLE" testId="wallet-state" />
          ) : null}
          {wallet.state === 'MAINTENANCE' ? (
            <StatusBadge tone="info" labelKey="transferFund.state.MAINTENANCE" testId="wallet-state" />
          ) : null}
          {positive(wallet.pendingAmount) ? (
            <span className="cashier-badge cashier-badge--pending" data-testid="wallet-pending">
              <Icon name="clock" size={13} />
              {t('transferFund.pendingAmount', {
                amount: money.money(wallet.pendingAmount),
              })}
            </span>
          ) : null}
        </span>
      ) : null}
    </button>
  );
}

function WalletSelect({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="transfer-route__side">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <SelectControl id={id} name={name} value={value} options={options} onValue={onChange} />
    </div>
  );
}

/** The answer to the last transfer: done, or — when the vendor did not say — being checked. */
function SentNote({ sent, fmt }: { sent: Sent; fmt: (minor: string) => string }) {
  const { t } = useTranslation('wallet');
  const values = { amount: fmt(sent.transfer.amount), from: sent.from, to: sent.to };
  if (sent.transfer.status === 'PENDING')
    return (
      <p className="inline-note transfer-pending" role="status" data-testid="transfer-pending">
        <Icon name="clock" size={16} />
        <span>{t('transferFund.pendingResult', values)}</span>
      </p>
    );
  return (
    <p className="form-success" role="status" data-testid="transfer-done">
      <Icon name="check" size={16} />
      {t('transferFund.done', values)}
    </p>
  );
}

function AllToMainSummary({
  result,
  nameOf,
  fmt,
  onClose,
}: {
  result: AllToMain;
  nameOf: (vendorId: string) => string;
  fmt: (minor: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallet');
  const total = returnedTotal(result.results);
  const anyPending = result.results.some((r) => r.outcome === 'PENDING' || r.outcome === 'IN_PROGRESS');
  const waiting = anyPending && !positive(total);
  const headline = positive(total)
    ? t('transferFund.allBack.returned', { amount: fmt(total) })
    : anyPending
      ? t('transferFund.allBack.checking')
      : t('transferFund.allBack.nothing');
  return (
    <div className="transfer-results" role="status" data-testid="all-to-main-result">
      <div className="transfer-results__head">
        <p className={`transfer-results__headline${waiting ? ' transfer-results__headline--waiting' : ''}`}>
          <Icon name={waiting ? 'clock' : 'check'} size={16} />
          {headline}
        </p>
        <button
          type="button"
          className="icon-btn transfer-results__close"
          aria-label={t('common.close')}
          onClick={onClose}
        >
          <Icon name="close" size={14} />
        </button>
      </div>
      <ul className="transfer-results__list">
        {result.results.map((r) => (
          <li key={r.vendorId} data-testid={`all-to-main-${r.vendorId}`}>
            <span className="transfer-results__name">{nameOf(r.vendorId)}</span>
            {positive(r.amount) ? <span className="amount">{fmt(r.amount)}</span> : null}
            <StatusBadge tone={allToMainTone(r.outcome)} labelKey={`transferFund.outcome.${r.outcome}`} />
          </li>
        ))}
      </ul>
      {anyPending ? <p className="muted small">{t('transferFund.allBack.pendingNote')}</p> : null}
    </div>
  );
}

/** A line icon drawn with the text colour (the swap and "all back" arrows). */
function StrokeIcon({ d, size }: { d: string; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path d={d} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const SwapIcon = () => <StrokeIcon size={18} d="M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7" />;
const BackIcon = () => <StrokeIcon size={16} d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />;
