import {
  LIMBO_MAX_TARGET_HUNDREDTHS,
  LIMBO_MIN_TARGET_HUNDREDTHS,
  limboWinProbability,
  type LimboOutcome,
} from '@portal/house-vendor/games/limbo.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHouseGame } from '../../hooks/house-game-context.ts';
import { formatMinor } from '../../lib/money.ts';
import { formatChance, hundredthsToMultiplier, parseMultiplierHundredths } from '../../lib/multiplier.ts';
import { reducedMotion } from '../../lib/sleep.ts';
import { BetControls, useStake } from '../bet-controls.tsx';
import { GameLayout, Stat } from '../game-layout.tsx';

type Json<T> = { [K in keyof T]: T[K] extends bigint ? string : T[K] };

/** How long the multiplier takes to climb: longer for a bigger result, never more than ~1.6 s. */
export function limboClimbMs(resultHundredths: number): number {
  return Math.round(Math.min(1600, 500 + Math.log10(Math.max(1, resultHundredths / 100)) * 450));
}

export function LimboGame() {
  const { t } = useTranslation('house');
  const game = useHouseGame();
  const { check, field: betField } = useStake(game, '10');
  const [targetText, setTargetText] = useState('2.00');
  const [shown, setShown] = useState(100);
  const [last, setLast] = useState<Json<LimboOutcome> | null>(null);
  const [busy, setBusy] = useState(false);
  const [recent, setRecent] = useState<{ id: string; result: number; won: boolean }[]>([]);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const target = parseMultiplierHundredths(targetText);
  const targetOk = target !== null && target >= LIMBO_MIN_TARGET_HUNDREDTHS && target <= LIMBO_MAX_TARGET_HUNDREDTHS;
  const payoutOnWin = check.ok && targetOk ? (BigInt(check.minor) * BigInt(target!)) / 100n : 0n;

  const play = async () => {
    if (!check.ok || !targetOk || busy) return;
    setBusy(true);
    setLast(null);
    setShown(100);
    try {
      const { round } = await game.play({ bet: check.minor, targetHundredths: target! });
      const outcome = round.outcome as Json<LimboOutcome>;
      const end = outcome.resultHundredths;
      if (!reducedMotion()) {
        const ms = limboClimbMs(end);
        const start = performance.now();
        await new Promise<void>((resolve) => {
          const step = (now: number) => {
            if (!alive.current) return resolve();
            const p = Math.min(1, (now - start) / ms);
            // Exponential climb: the multiplier grows like a rocket, slowing into its value.
            const eased = 1 - (1 - p) ** 2;
            setShown(Math.floor(100 * Math.pow(end / 100, eased)));
            if (p < 1) requestAnimationFrame(step);
            else resolve();
          };
          requestAnimationFrame(step);
        });
      }
      if (!alive.current) return;
      setShown(end);
      setLast(outcome);
      setRecent((r) => [{ id: round.roundId, result: end, won: outcome.won }, ...r].slice(0, 10));
      game.reveal();
      game.announce(
        t(outcome.won ? 'limbo.announceWin' : 'limbo.announceLoss', {
          result: hundredthsToMultiplier(end),
          amount: game.money(outcome.payout),
        }),
      );
    } catch (error) {
      game.fail(error);
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  const state = last ? (last.won ? 'is-win' : 'is-loss') : busy ? 'is-rising' : '';
  const stage = (
    <div className={`hg-limbo ${state}`}>
      <div className="hg-recent" aria-label={t('recent')}>
        {recent.map((r) => (
          <span key={r.id} className={r.won ? 'hg-chip hg-chip--win' : 'hg-chip hg-chip--loss'}>
            {hundredthsToMultiplier(r.result)}
          </span>
        ))}
      </div>
      <div className="hg-limbo__sky" aria-hidden="true">
        {Array.from({ length: 24 }, (_, i) => (
          <i
            key={i}
            style={{ left: `${(i * 37) % 100}%`, top: `${(i * 53) % 100}%`, animationDelay: `${(i % 7) * 0.3}s` }}
          />
        ))}
      </div>
      <svg className="hg-limbo__rocket" viewBox="0 0 64 64" aria-hidden="true">
        <path d="M32 4 C44 14 46 30 42 44 H22 C18 30 20 14 32 4 Z" fill="var(--hg-rocket, #e2e8f0)" />
        <circle cx="32" cy="24" r="6" fill="#38bdf8" stroke="#0f172a" strokeWidth="2" />
        <path d="M22 36 L12 50 L22 46 Z M42 36 L52 50 L42 46 Z" fill="#f43f5e" />
        <path className="hg-limbo__flame" d="M26 46 Q32 64 38 46 Z" fill="#fbbf24" />
      </svg>
      <div className="hg-limbo__value" data-testid="limbo-result">
        {hundredthsToMultiplier(shown).slice(0, -1)}
        <span className="hg-x">×</span>
      </div>
      <p className="hg-limbo__target">
        {t('limbo.targetIs', { target: targetOk ? hundredthsToMultiplier(target!) : '—' })}
      </p>
    </div>
  );

  const controls = (
    <>
      <BetControls {...betField} disabled={busy} />
      <div className="hg-field">
        <label className="hg-label" htmlFor="limbo-target">
          {t('limbo.target')}
        </label>
        <div className={targetOk ? 'hg-bet__field' : 'hg-bet__field hg-bet__field--bad'}>
          <input
            id="limbo-target"
            className="hg-bet__input"
            inputMode="decimal"
            value={targetText}
            disabled={busy}
            aria-invalid={!targetOk}
            onChange={(e) => setTargetText(e.target.value)}
            onBlur={() => targetOk && setTargetText((target! / 100).toFixed(2))}
            data-testid="limbo-target"
          />
          <span className="hg-bet__suffix">×</span>
        </div>
        {!targetOk ? (
          <p className="hg-bet__error" role="alert">
            {t('limbo.targetRule', {
              min: hundredthsToMultiplier(LIMBO_MIN_TARGET_HUNDREDTHS),
              max: hundredthsToMultiplier(LIMBO_MAX_TARGET_HUNDREDTHS),
            })}
          </p>
        ) : null}
      </div>
      <Stat
        label={t('dice.winChance')}
        value={targetOk ? formatChance(limboWinProbability(target!), 4) : '—'}
        testId="limbo-chance"
      />
      <Stat label={t('payoutOnWin')} value={check.ok && targetOk ? formatMinor(payoutOnWin) : '—'} />
      <button
        type="button"
        className="hg-play-btn"
        onClick={() => void play()}
        disabled={busy || !check.ok || !targetOk}
        data-testid="limbo-play"
      >
        {t('limbo.play')}
      </button>
    </>
  );

  return <GameLayout stage={stage} controls={controls} className="hg-play--limbo" />;
}
