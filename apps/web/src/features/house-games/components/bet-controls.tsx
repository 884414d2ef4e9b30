import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HouseGame } from '../hooks/house-game-context.ts';
import { checkBet, currencySymbol, formatMoney, maxBet, minorToInput, scaleBet, type BetLimits } from '../lib/money.ts';

/**
 * The stake a game's player types, checked against the table's limits and the balance shown, and
 * the props of its field (`<BetControls {...field} />`).
 */
export function useStake(game: HouseGame, initial: string | (() => string)) {
  const limits = game.info.game;
  const [bet, setBet] = useState(initial);
  const check = checkBet(bet, limits, game.balance);
  const field = { value: bet, onChange: setBet, limits, balance: game.balance, currency: game.info.currency };
  return { bet, setBet, limits, check, field };
}

/** The stake field every game shares: currency units typed, minor units sent; ½, 2×, min and max. */
export function BetControls({
  value,
  onChange,
  limits,
  balance,
  currency,
  disabled,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  limits: BetLimits;
  balance: string;
  currency: string;
  disabled?: boolean;
  label?: string;
}) {
  const { t } = useTranslation('house');
  const id = useId();
  const check = checkBet(value, limits, balance);
  const issue = check.ok ? null : check.issue;
  const symbol = currencySymbol(currency);
  return (
    <div className="hg-bet">
      <label className="hg-label" htmlFor={id}>
        {label ?? t('bet.amount')}
      </label>
      <div className={issue ? 'hg-bet__field hg-bet__field--bad' : 'hg-bet__field'}>
        {symbol ? <span className="hg-bet__currency">{symbol}</span> : null}
        <input
          id={id}
          name="bet"
          className="hg-bet__input"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          aria-invalid={issue !== null}
          aria-describedby={issue ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          data-testid="bet-amount"
        />
        <div className="hg-bet__quick">
          <button type="button" disabled={disabled} onClick={() => onChange(scaleBet(value, 'half', limits))}>
            ½
          </button>
          <button type="button" disabled={disabled} onClick={() => onChange(scaleBet(value, 'double', limits))}>
            2×
          </button>
          <button type="button" disabled={disabled} onClick={() => onChange(minorToInput(limits.minBet))}>
            {t('bet.min')}
          </button>
          <button type="button" disabled={disabled} onClick={() => onChange(maxBet(limits, balance))}>
            {t('bet.max')}
          </button>
        </div>
      </div>
      {issue ? (
        <p id={`${id}-error`} className="hg-bet__error" role="alert">
          {t(`bet.issue.${issue}`, {
            min: formatMoney(limits.minBet, currency),
            max: formatMoney(limits.maxBet, currency),
          })}
        </p>
      ) : null}
    </div>
  );
}
