import '../../../styles/house-games.css';
import '../../../styles/vault-games.css';
import { VAULT_RULES } from '@portal/contracts/games/vault-vendor.contract.ts';
import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { formatMinor, formatMoney, minorToInput, newRequestId, parseAmount } from '@portal/contracts/money.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { vaultApi, vaultWalletApi, type VaultRound } from '../api/vault-api.ts';
import { cardLabel } from '../lib/cards.ts';

/** What the player typed as minor units, or null when it is not an amount above zero. */
const amountMinor = (input: string): string | null => {
  const parsed = parseAmount(input);
  return parsed.ok ? parsed.minor : null;
};

const multiplier = (percent: bigint) => (Number(percent) / 100).toFixed(2);

function Card({ card, label }: { card: number; label: string }) {
  const c = cardLabel(card);
  return (
    <figure className={`vault-card${c.red ? ' vault-card--red' : ''}`}>
      <span className="vault-card__face" aria-hidden="true">
        {c.rank}
        {c.suit}
      </span>
      <figcaption>
        {label}: {c.rank}
        {c.suit}
      </figcaption>
    </figure>
  );
}

function Result({ round }: { round: VaultRound }) {
  const { t } = useTranslation('games');
  const payout = BigInt(round.payout);
  const bet = BigInt(round.bet);
  const verdict =
    payout > bet
      ? t('vault.won', { amount: formatMoney(round.payout, SITE_CURRENCY) })
      : payout === bet
        ? t('vault.push')
        : t('vault.lost');
  return (
    <div className="vault-result" role="status" data-testid="vault-result">
      {round.outcome.kind === 'heist' ? (
        <p>{t('vault.gold', { n: round.outcome.gold + 1 })}</p>
      ) : (
        <div className="vault-cards">
          <Card card={round.outcome.player} label={t('vault.you')} />
          <Card card={round.outcome.dealer} label={t('vault.dealer')} />
        </div>
      )}
      <strong>{verdict}</strong>
    </div>
  );
}

/**
 * Vault Gaming's game page (the demo transfer-mode vendor). The player plays on their Vault wallet,
 * which they fill from and empty into the main wallet here (decision 016: no automatic transfer).
 */
export function VaultGameApp({
  gameCode,
  session,
  onBack,
  onWalletChanged,
}: {
  gameCode: string;
  session: string | null;
  onBack: () => void;
  onWalletChanged: () => void;
}) {
  const { t } = useTranslation('games');
  const qc = useQueryClient();
  const [amount, setAmount] = useState('100');
  const [bet, setBet] = useState(minorToInput((VAULT_RULES.minBet * 10n).toString()));
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [last, setLast] = useState<VaultRound | null>(null);

  const tableKey = ['vault', 'table', session] as const;
  const table = useQuery({
    queryKey: tableKey,
    queryFn: () => vaultApi.table(session!),
    enabled: session !== null,
    retry: false,
  });
  const main = useQuery({
    queryKey: ['vault', 'main'],
    queryFn: vaultWalletApi.mainBalance,
    enabled: session !== null,
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['vault'] });
    onWalletChanged();
  };
  const fail = (error: unknown) => setMessage({ tone: 'error', text: localizeError(error) });

  const move = useMutation({
    mutationFn: (v: { direction: 'TO_VENDOR' | 'TO_MAIN'; amount: string }) =>
      vaultWalletApi.move(v.direction, v.amount, newRequestId()),
    onSuccess: (r) =>
      setMessage({
        tone: 'info',
        text:
          r.transfer.status === 'PENDING'
            ? t('vault.pending')
            : t(r.transfer.direction === 'TO_VENDOR' ? 'vault.movedIn' : 'vault.movedOut', {
                amount: formatMoney(r.transfer.amount, SITE_CURRENCY),
              }),
      }),
    onError: fail,
    onSettled: refresh,
  });
  const play = useMutation({
    mutationFn: (pick: number | undefined) => {
      const minor = amountMinor(bet);
      if (!minor) throw new Error('bet');
      return vaultApi.play(session!, {
        requestId: newRequestId(),
        bet: minor,
        ...(pick === undefined ? {} : { pick }),
      });
    },
    onSuccess: (r) => {
      setMessage(null);
      setLast(r.round);
      qc.setQueryData(tableKey, (old: typeof table.data) =>
        old ? { ...old, balance: r.balance, recent: [r.round, ...old.recent].slice(0, 10) } : old,
      );
    },
    onError: (error) =>
      error instanceof Error && error.message === 'bet'
        ? setMessage({ tone: 'error', text: t('vault.betInvalid') })
        : fail(error),
  });

  const name = t(`vault.names.${gameCode}`, { defaultValue: gameCode });
  const status = (title: string, text: string) => (
    <div className="hg-status-card" role="alert" data-testid="game-status">
      <h1>{title}</h1>
      <p>{text}</p>
      <Button onClick={onBack}>{t('vault.back')}</Button>
    </div>
  );

  let body;
  if (!session) body = status(t('vault.missingTitle'), t('vault.missingText'));
  else if (table.isError) body = status(t('vault.missingTitle'), localizeError(table.error));
  else if (!table.data)
    body = (
      <div className="hg-loading" role="status">
        {t('vault.opening')}
      </div>
    );
  else {
    const v = table.data;
    const empty = v.balance === '0';
    const submitIn = (e: FormEvent) => {
      e.preventDefault();
      const minor = amountMinor(amount);
      if (!minor) return setMessage({ tone: 'error', text: t('vault.amountInvalid') });
      move.mutate({ direction: 'TO_VENDOR', amount: minor });
    };
    body = (
      <div className="vault-body">
        <section className="vault-panel" aria-labelledby="vault-wallet-title">
          <h2 id="vault-wallet-title">{t('vault.walletTitle')}</h2>
          <p className="vault-lead">{t('vault.walletLead')}</p>
          <dl className="vault-balances">
            <div>
              <dt>{t('vault.vaultBalance')}</dt>
              <dd data-testid="vault-balance">{formatMinor(v.balance)}</dd>
            </div>
            <div>
              <dt>{t('vault.mainBalance')}</dt>
              <dd data-testid="vault-main-balance">{main.data ? formatMinor(main.data.balance) : '—'}</dd>
            </div>
          </dl>
          {empty ? <p className="vault-hint">{t('vault.emptyHint')}</p> : null}
          <form className="vault-row" onSubmit={submitIn}>
            <label>
              {t('vault.amount')}
              <input
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                data-testid="vault-amount"
              />
            </label>
            <Button type="submit" disabled={move.isPending} data-testid="vault-move-in">
              {t('vault.moveIn')}
            </Button>
          </form>
          <Button
            variant="outline"
            disabled={empty || move.isPending}
            onClick={() => move.mutate({ direction: 'TO_MAIN', amount: v.balance })}
            data-testid="vault-move-out"
          >
            {t('vault.moveOut')}
          </Button>
        </section>

        <section className="vault-panel vault-table" aria-labelledby="vault-table-title">
          <h2 id="vault-table-title">{name}</h2>
          <p className="vault-lead">
            {gameCode === 'vault-heist'
              ? t('vault.heistLead', { multiplier: multiplier(VAULT_RULES.heistPayoutPercent) })
              : t('vault.pokerLead', { multiplier: multiplier(VAULT_RULES.highCardPayoutPercent) })}
          </p>
          <label className="vault-row">
            {t('vault.bet')}
            <input inputMode="decimal" value={bet} onChange={(e) => setBet(e.target.value)} data-testid="vault-bet" />
            <small>
              {t('vault.limits', {
                min: formatMoney(v.minBet, SITE_CURRENCY),
                max: formatMoney(v.maxBet, SITE_CURRENCY),
              })}
            </small>
          </label>
          {gameCode === 'vault-heist' ? (
            <div className="vault-safes">
              {[0, 1, 2].map((i) => (
                <button
                  key={i}
                  type="button"
                  className={`vault-safe${last?.outcome.kind === 'heist' && last.outcome.gold === i ? ' vault-safe--gold' : ''}`}
                  disabled={play.isPending || empty}
                  onClick={() => play.mutate(i)}
                  data-testid={`vault-safe-${i + 1}`}
                >
                  <span aria-hidden="true" className="vault-safe__dial" />
                  {t('vault.safe', { n: i + 1 })}
                </button>
              ))}
            </div>
          ) : (
            <Button disabled={play.isPending || empty} onClick={() => play.mutate(undefined)} data-testid="vault-deal">
              {t('vault.deal')}
            </Button>
          )}
          {last ? <Result round={last} /> : null}
        </section>

        <section className="vault-panel" aria-labelledby="vault-history-title">
          <h2 id="vault-history-title">{t('vault.history')}</h2>
          {v.recent.length === 0 ? (
            <p>{t('vault.noRounds')}</p>
          ) : (
            <table className="vault-history" data-testid="vault-history">
              <thead>
                <tr>
                  <th>{t('vault.bet')}</th>
                  <th>{t('vault.payout')}</th>
                  <th>{t('vault.balanceAfter')}</th>
                </tr>
              </thead>
              <tbody>
                {v.recent.map((r) => (
                  <tr key={r.roundId}>
                    <td>{formatMinor(r.bet)}</td>
                    <td>{formatMinor(r.payout)}</td>
                    <td>{formatMinor(r.balanceAfter)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="vault" data-testid="vault-game">
      <header className="vault-top">
        <button type="button" className="hg-back" onClick={onBack} data-testid="back-to-lobby">
          {t('vault.back')}
        </button>
        <span className="vault-brand">{t('vault.vendor')}</span>
        <h1 className="vault-top__name">{name}</h1>
      </header>
      {message ? (
        <p
          className={`vault-message vault-message--${message.tone}`}
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      ) : null}
      {body}
    </div>
  );
}
