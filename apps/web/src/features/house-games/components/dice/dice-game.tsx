import {
  DICE_MAX_WINNING_ROLLS,
  DICE_MIN_WINNING_ROLLS,
  DICE_OUTCOMES,
  diceMultiplier,
  diceWinningRolls,
  type DiceDirection,
  type DiceOutcome,
} from '@portal/house-vendor/games/dice.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHouseGame } from '../../hooks/house-game-context.ts';
import { formatMinor } from '../../lib/money.ts';
import { formatChance, formatMultiplier } from '../../lib/multiplier.ts';
import { reducedMotion } from '../../lib/sleep.ts';
import { BetControls, useStake } from '../bet-controls.tsx';
import { GameLayout, Stat } from '../game-layout.tsx';

type Json<T> = { [K in keyof T]: T[K] extends bigint ? string : T[K] };

/** The target range a direction allows (win chance 1 % … 98 %). */
export function diceTargetRange(direction: DiceDirection): { min: number; max: number } {
  return direction === 'under'
    ? { min: DICE_MIN_WINNING_ROLLS, max: DICE_MAX_WINNING_ROLLS }
    : { min: DICE_OUTCOMES - 1 - DICE_MAX_WINNING_ROLLS, max: DICE_OUTCOMES - 1 - DICE_MIN_WINNING_ROLLS };
}

const show = (hundredths: number) => (hundredths / 100).toFixed(2);

export function DiceGame() {
  const { t } = useTranslation('house');
  const game = useHouseGame();
  const { check, field: betField } = useStake(game, '10');
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(5000);
  const [roll, setRoll] = useState<number | null>(null);
  const [last, setLast] = useState<Json<DiceOutcome> | null>(null);
  const [rolling, setRolling] = useState(false);
  const [recent, setRecent] = useState<{ roll: number; won: boolean; id: string }[]>([]);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const winning = diceWinningRolls(direction, target);
  const multiplier = diceMultiplier(winning);
  const range = diceTargetRange(direction);
  const payoutOnWin = check.ok ? (BigInt(check.minor) * multiplier.numerator) / multiplier.denominator : 0n;

  const flip = () => {
    setDirection((d) => (d === 'under' ? 'over' : 'under'));
    setTarget((x) => DICE_OUTCOMES - 1 - x);
  };

  const play = async () => {
    if (!check.ok || rolling) return;
    setRolling(true);
    setLast(null);
    try {
      const { round } = await game.play({ bet: check.minor, direction, targetHundredths: target });
      const outcome = round.outcome as Json<DiceOutcome>;
      // The rolling number: random values settling on the result.
      if (!reducedMotion()) {
        const start = performance.now();
        await new Promise<void>((resolve) => {
          const step = (now: number) => {
            if (!alive.current) return resolve();
            const p = (now - start) / 650;
            if (p >= 1) return resolve();
            setRoll(Math.floor(Math.random() * DICE_OUTCOMES));
            requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        });
      }
      if (!alive.current) return;
      setRoll(outcome.rollHundredths);
      setLast(outcome);
      setRecent((r) => [{ roll: outcome.rollHundredths, won: outcome.won, id: round.roundId }, ...r].slice(0, 8));
      game.reveal();
      game.announce(
        t(outcome.won ? 'dice.announceWin' : 'dice.announceLoss', {
          roll: show(outcome.rollHundredths),
          amount: game.money(outcome.payout),
        }),
      );
    } catch (error) {
      game.fail(error);
    } finally {
      if (alive.current) setRolling(false);
    }
  };

  const pct = (h: number) => `${(h / (DICE_OUTCOMES - 1)) * 100}%`;
  const winLeft = direction === 'over' ? pct(target) : '0%';
  const winWidth = direction === 'over' ? `calc(100% - ${pct(target)})` : pct(target);

  const stage = (
    <div className="hg-dice">
      <div className="hg-recent" aria-label={t('recent')}>
        {recent.map((r) => (
          <span key={r.id} className={r.won ? 'hg-chip hg-chip--win' : 'hg-chip hg-chip--loss'}>
            {show(r.roll)}
          </span>
        ))}
      </div>
      <div
        className={['hg-dice__result', last ? (last.won ? 'is-win' : 'is-loss') : '', rolling ? 'is-rolling' : ''].join(
          ' ',
        )}
        data-testid="dice-result"
        aria-hidden={rolling}
      >
        {roll === null ? '00.00' : show(roll)}
      </div>
      <div className="hg-dice__track">
        <div className="hg-dice__scale" aria-hidden="true">
          {[0, 25, 50, 75, 100].map((n) => (
            <span key={n} style={{ left: `${n}%` }}>
              {n}
            </span>
          ))}
        </div>
        <div className="hg-dice__bar">
          <div className="hg-dice__lose" />
          <div className="hg-dice__winzone" style={{ left: winLeft, width: winWidth }} />
          {roll !== null ? (
            <div
              className={['hg-dice__marker', last ? (last.won ? 'is-win' : 'is-loss') : ''].join(' ')}
              style={{ left: pct(roll) }}
            >
              <span>{show(roll)}</span>
            </div>
          ) : null}
          <input
            type="range"
            className="hg-dice__slider"
            min={range.min}
            max={range.max}
            step={1}
            value={target}
            disabled={rolling}
            aria-label={t('dice.target')}
            aria-valuetext={`${t(direction === 'over' ? 'dice.over' : 'dice.under')} ${show(target)}`}
            onChange={(e) => setTarget(Number(e.target.value))}
            data-testid="dice-slider"
          />
        </div>
      </div>
      <div className="hg-dice__stats">
        <Stat label={t('dice.multiplier')} value={formatMultiplier(multiplier)} testId="dice-multiplier" />
        <Stat label={t(direction === 'over' ? 'dice.rollOver' : 'dice.rollUnder')} value={show(target)} />
        <Stat
          label={t('dice.winChance')}
          value={formatChance({ numerator: BigInt(winning), denominator: BigInt(DICE_OUTCOMES) }, 2)}
          testId="dice-chance"
        />
      </div>
    </div>
  );

  const controls = (
    <>
      <BetControls {...betField} disabled={rolling} />
      <div className="hg-field">
        <span className="hg-label">{t('dice.direction')}</span>
        <div className="hg-seg hg-seg--wide" role="radiogroup" aria-label={t('dice.direction')}>
          {(['under', 'over'] as const).map((d) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={direction === d}
              disabled={rolling}
              onClick={() => d !== direction && flip()}
              data-testid={`dice-${d}`}
            >
              {t(d === 'over' ? 'dice.over' : 'dice.under')}
            </button>
          ))}
        </div>
      </div>
      <Stat label={t('payoutOnWin')} value={check.ok ? formatMinor(payoutOnWin) : '—'} />
      <button
        type="button"
        className="hg-play-btn"
        onClick={() => void play()}
        disabled={rolling || !check.ok}
        data-testid="dice-roll"
      >
        {t('dice.roll')}
      </button>
    </>
  );

  return <GameLayout stage={stage} controls={controls} className="hg-play--dice" />;
}
