import { SLOT_TITLES } from '@portal/house-vendor/games/game-registry.ts';
import { windowAt, type SlotTitle } from '@portal/house-vendor/games/slot/slot-engine.ts';
import { SLOT_LINE_COUNT, SLOT_REELS, SLOT_ROWS } from '@portal/house-vendor/games/slot/slot-paylines.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHouseGame } from '../../hooks/house-game-context.ts';
import { checkBet, formatMinor, minorToInput } from '../../lib/money.ts';
import { cellKey, paylinePoints, spinsOf, winningCells, type SpinView } from '../../lib/paylines.ts';
import { countUp, reducedMotion, sleep } from '../../lib/sleep.ts';
import { BetControls, useStake } from '../bet-controls.tsx';
import { GameLayout, Stat } from '../game-layout.tsx';
import { PaytableDialog } from './paytable-dialog.tsx';
import { SlotSprite, SymbolIcon } from './slot-art.tsx';

interface ReelMotion {
  strip: string[];
  moving: boolean;
  durationMs: number;
}

const AUTO_COUNTS = [10, 25, 50, 100] as const;
const INITIAL_STOPS = [3, 9, 14, 6, 11];

const initialBet = (title: SlotTitle) => {
  const min = title.metadata.minBet;
  const preferred = 1000n;
  return minorToInput(preferred < min ? min : preferred > title.metadata.maxBet ? title.metadata.maxBet : preferred);
};

function randomSymbols(strip: string, count: number): string[] {
  return Array.from({ length: count }, () => strip[Math.floor(Math.random() * strip.length)]!);
}

/** One component for every house slot: the title's strips, symbols and paytable drive it. */
export function SlotGame({ code }: { code: string }) {
  const title = SLOT_TITLES.find((s) => s.metadata.code === code)!;
  const { t } = useTranslation('house');
  const game = useHouseGame();
  const scatter = useMemo(() => Object.entries(title.symbols).find(([, s]) => s.kind === 'scatter')?.[0], [title]);
  const { bet, limits, check, field: betField } = useStake(game, () => initialBet(title));
  const [board, setBoard] = useState<string[][]>(() => windowAt(title, INITIAL_STOPS));
  const [motion, setMotion] = useState<ReelMotion[] | null>(null);
  const [highlight, setHighlight] = useState<Set<string>>(new Set());
  const [lines, setLines] = useState<number[]>([]);
  const [win, setWin] = useState<bigint>(0n);
  const [banner, setBanner] = useState<{ kind: 'free' | 'total' | 'big'; text: string } | null>(null);
  const [free, setFree] = useState<{ index: number; total: number; multiplier: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [auto, setAuto] = useState<{ left: number; stopOnFeature: boolean } | null>(null);
  const [autoCount, setAutoCount] = useState<number>(AUTO_COUNTS[0]);
  const [stopOnFeature, setStopOnFeature] = useState(true);
  const [paytable, setPaytable] = useState(false);
  const alive = useRef(true);
  const boardRef = useRef(board);
  boardRef.current = board;

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // A win banner steps aside after a moment so the winning symbols show.
  useEffect(() => {
    if (!banner || banner.kind === 'free') return;
    const timer = window.setTimeout(() => setBanner(null), 2400);
    return () => window.clearTimeout(timer);
  }, [banner]);

  /** Spins the reels from what they show now to `target`, stopping left to right. */
  const roll = useCallback(
    async (target: string[][], fast: boolean) => {
      const reduced = reducedMotion();
      const plan = target.map((column, reel) => {
        const fillers = randomSymbols(title.reels[reel]!, (fast ? 8 : 14) + reel * (fast ? 3 : 5));
        return {
          strip: [...boardRef.current[reel]!, ...fillers, ...column],
          moving: false,
          durationMs: reduced ? 0 : (fast ? 420 : 720) + reel * (fast ? 140 : 230),
        };
      });
      setMotion(plan);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      if (!alive.current) return;
      setMotion(plan.map((m) => ({ ...m, moving: true })));
      await sleep(Math.max(...plan.map((m) => m.durationMs)) + 80);
      if (!alive.current) return;
      setBoard(target);
      setMotion(null);
    },
    [title],
  );

  /** Shows one spin's result: the winning cells and lines, and its win counted up onto `before`. */
  const present = useCallback(
    async (spin: SpinView, before: bigint) => {
      setHighlight(winningCells(spin, scatter));
      setLines(spin.lineWins.map((w) => w.line));
      const amount = BigInt(spin.win);
      if (amount > 0n) await countUp(amount, 700, (v) => alive.current && setWin(before + v));
      return before + amount;
    },
    [scatter],
  );

  const spinOnce = useCallback(async (): Promise<{ feature: boolean } | null> => {
    const stake = checkBet(bet, limits, game.balance);
    if (!stake.ok) return null;
    setBusy(true);
    setHighlight(new Set());
    setLines([]);
    setWin(0n);
    setBanner(null);
    try {
      const { round } = await game.play({ bet: stake.minor });
      const spins = spinsOf(round.outcome);
      const base = spins[0];
      if (!base) throw new Error('no spin');
      await roll(base.window, false);
      let total = await present(base, 0n);
      const feature = base.freeSpinsAwarded > 0;
      if (feature && alive.current) {
        setBanner({ kind: 'free', text: t('slot.freeSpinsWon', { count: base.freeSpinsAwarded }) });
        game.announce(t('slot.freeSpinsWon', { count: base.freeSpinsAwarded }));
        await sleep(1600);
        setBanner(null);
        const frees = spins.slice(1);
        for (let i = 0; i < frees.length && alive.current; i++) {
          const spin = frees[i]!;
          setFree({ index: i + 1, total: frees.length, multiplier: spin.multiplier });
          setHighlight(new Set());
          setLines([]);
          await roll(spin.window, true);
          total = await present(spin, total);
          await sleep(spin.lineWins.length > 0 ? 650 : 250);
        }
        setFree(null);
      }
      const payout = BigInt(round.payout);
      setWin(payout);
      game.reveal();
      if (payout > 0n) {
        const big = payout >= BigInt(round.bet) * 10n;
        setBanner({ kind: big ? 'big' : 'total', text: formatMinor(payout) });
        game.announce(t('slot.announceWin', { amount: game.money(payout) }));
      } else {
        game.announce(t('slot.announceNoWin'));
      }
      void total;
      return { feature };
    } catch (error) {
      game.fail(error);
      return null;
    } finally {
      if (alive.current) setBusy(false);
    }
  }, [bet, limits, game, roll, present, t]);

  // Auto-spin: the next spin starts when the last one is shown; a feature stops it when asked.
  useEffect(() => {
    if (!auto || busy) return;
    if (auto.left <= 0) {
      setAuto(null);
      return;
    }
    const timer = window.setTimeout(() => {
      setAuto((a) => (a ? { ...a, left: a.left - 1 } : a));
      void spinOnce().then((result) => {
        if (!result || (result.feature && auto.stopOnFeature)) setAuto(null);
      });
    }, 450);
    return () => window.clearTimeout(timer);
    // Only a finished spin or a changed auto count moves auto play on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auto?.left, busy]);

  const spin = useCallback(() => {
    if (busy || auto) return;
    void spinOnce();
  }, [busy, auto, spinOnce]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' && event.key !== ' ') return;
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT|BUTTON|A)$/.test(target.tagName)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      spin();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [spin]);

  const lineBet = check.ok ? BigInt(check.minor) / BigInt(SLOT_LINE_COUNT) : 0n;

  const stage = (
    <div className={`hg-slot hg-slot--${code}`}>
      <SlotSprite code={code} />
      <div className="hg-slot__marquee">
        <span className="hg-slot__logo">{t(`games.${code}`)}</span>
        {free ? (
          <span className="hg-slot__free" data-testid="free-spin-counter">
            {t('slot.freeSpinOf', { index: free.index, total: free.total })} · ×{free.multiplier}
          </span>
        ) : (
          <span className="hg-slot__lines">{t('slot.lines', { count: SLOT_LINE_COUNT })}</span>
        )}
      </div>
      <div className={free ? 'hg-slot__cabinet hg-slot__cabinet--free' : 'hg-slot__cabinet'}>
        <div className="hg-reels" role="img" aria-label={t('slot.boardLabel')} data-testid="slot-reels">
          {Array.from({ length: SLOT_REELS }, (_, reel) => {
            const m = motion?.[reel];
            const strip = m ? m.strip : board[reel]!;
            const shift = m && m.moving ? ((strip.length - SLOT_ROWS) / strip.length) * 100 : 0;
            return (
              <div className="hg-reel" key={reel}>
                <div
                  className={m?.moving ? 'hg-reel__strip hg-reel__strip--moving' : 'hg-reel__strip'}
                  style={{
                    height: `${(strip.length / SLOT_ROWS) * 100}%`,
                    transform: `translateY(-${shift}%)`,
                    transitionDuration: m?.moving ? `${m.durationMs}ms` : '0ms',
                  }}
                >
                  {strip.map((symbol, i) => {
                    const row = i - (strip.length - SLOT_ROWS);
                    const still = !m;
                    const lit = still && highlight.has(cellKey(reel, i));
                    return (
                      <div
                        key={i}
                        className={[
                          'hg-cell',
                          lit ? 'hg-cell--win' : '',
                          still && highlight.size > 0 && !lit ? 'hg-cell--dim' : '',
                        ].join(' ')}
                        data-symbol={symbol}
                        data-row={m ? row : i}
                      >
                        <SymbolIcon code={code} symbol={symbol} className="hg-cell__art" />
                      </div>
                    );
                  })}
                </div>
              </div>
            );
          })}
          {!motion && lines.length > 0 ? (
            <svg className="hg-paylines" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
              {lines.map((line, i) => (
                <polyline
                  key={line}
                  points={paylinePoints(line)}
                  pathLength={100}
                  className="hg-payline"
                  style={{ stroke: `hsl(${(line * 47) % 360} 95% 62%)`, animationDelay: `${i * 120}ms` }}
                />
              ))}
            </svg>
          ) : null}
          {banner ? (
            <div className={`hg-banner hg-banner--${banner.kind}`} data-testid="slot-banner">
              <span className="hg-banner__title">
                {banner.kind === 'free'
                  ? t('slot.freeSpins')
                  : banner.kind === 'big'
                    ? t('slot.bigWin')
                    : t('slot.win')}
              </span>
              <span className="hg-banner__text">{banner.text}</span>
            </div>
          ) : null}
        </div>
      </div>
      <div className="hg-slot__meter">
        <Stat
          label={t('slot.win')}
          value={<span className={win > 0n ? 'hg-win' : ''}>{formatMinor(win)}</span>}
          testId="slot-win"
        />
        <Stat label={t('slot.lineBet')} value={formatMinor(lineBet)} />
        <Stat label={t('slot.totalBet')} value={check.ok ? formatMinor(check.minor) : '—'} />
      </div>
    </div>
  );

  const controls = (
    <>
      <BetControls {...betField} disabled={busy || auto !== null} />
      <button
        type="button"
        className="hg-spin"
        onClick={spin}
        disabled={busy || auto !== null || !check.ok}
        aria-keyshortcuts="Space"
        data-testid="spin"
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className={busy ? 'hg-spin__icon hg-spin__icon--busy' : 'hg-spin__icon'}
        >
          <path d="M12 4a8 8 0 1 1-7.4 5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
          <path
            d="M3 4v6h6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span>{t('slot.spin')}</span>
      </button>
      <p className="hg-hint hg-center">{t('slot.spaceHint')}</p>
      <div className="hg-auto">
        <span className="hg-label">{t('slot.auto')}</span>
        {auto ? (
          <button type="button" className="hg-btn hg-btn--danger" onClick={() => setAuto(null)} data-testid="auto-stop">
            {t('slot.autoStop', { count: auto.left })}
          </button>
        ) : (
          <div className="hg-auto__row">
            <div className="hg-seg" role="radiogroup" aria-label={t('slot.autoCount')}>
              {AUTO_COUNTS.map((n) => (
                <button
                  key={n}
                  type="button"
                  role="radio"
                  aria-checked={autoCount === n}
                  onClick={() => setAutoCount(n)}
                >
                  {n}
                </button>
              ))}
            </div>
            <label className="hg-check-row">
              <input type="checkbox" checked={stopOnFeature} onChange={(e) => setStopOnFeature(e.target.checked)} />
              {t('slot.stopOnFeature')}
            </label>
            <button
              type="button"
              className="hg-btn"
              disabled={busy || !check.ok}
              onClick={() => setAuto({ left: autoCount, stopOnFeature })}
              data-testid="auto-start"
            >
              {t('slot.autoStart', { count: autoCount })}
            </button>
          </div>
        )}
      </div>
      <button
        type="button"
        className="hg-btn hg-btn--ghost"
        onClick={() => setPaytable(true)}
        data-testid="open-paytable"
      >
        {t('slot.paytable')}
      </button>
      <PaytableDialog
        open={paytable}
        onClose={() => setPaytable(false)}
        title={title}
        bet={check.ok ? check.minor : limits.minBet}
        currency={game.info.currency}
      />
    </>
  );

  return <GameLayout stage={stage} controls={controls} className="hg-play--slot" />;
}
