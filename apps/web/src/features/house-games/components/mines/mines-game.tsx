import { MINES_MAX_MINES, MINES_MIN_MINES, MINES_TILES, minesMultiplier } from '@portal/house-vendor/games/mines.ts';
import type { HouseRound } from '@portal/contracts/house/house-vendor.contract.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHouseGame } from '../../hooks/house-game-context.ts';
import { formatMinor, minorToInput } from '../../lib/money.ts';
import { formatMultiplier } from '../../lib/multiplier.ts';
import { BetControls, useStake } from '../bet-controls.tsx';
import { GameLayout, Stat } from '../game-layout.tsx';

interface Board {
  roundId: string;
  bet: string;
  mines: number;
  picks: number[];
  /** Set once the round is over: where the mines were, and how it ended. */
  mineTiles: number[] | null;
  status: 'open' | 'cashed_out' | 'busted';
  payout: string;
  /** The tile that hit a mine. */
  hit: number | null;
}

/** A round as the board shows it, from the vendor's round (open, or finished with its outcome). */
export function boardOf(round: HouseRound): Board {
  const params = (round.params ?? {}) as { bet?: string; mines?: number; picks?: number[] };
  const outcome = round.outcome as {
    mineTiles?: number[];
    picks?: { tile: number; safe: boolean }[];
    status?: string;
  } | null;
  const picks = outcome?.picks ? outcome.picks.map((p) => p.tile) : (params.picks ?? []);
  const hit = outcome?.picks?.find((p) => !p.safe)?.tile ?? null;
  return {
    roundId: round.roundId,
    bet: String(params.bet ?? round.bet),
    mines: Number(params.mines ?? 1),
    picks,
    mineTiles: outcome?.mineTiles ?? null,
    status: round.status === 'OPEN' ? 'open' : outcome?.status === 'busted' ? 'busted' : 'cashed_out',
    payout: round.payout,
    hit,
  };
}

const Gem = () => (
  <svg viewBox="0 0 40 40" aria-hidden="true" className="hg-tile__art">
    <path d="M8 15 L14 7 H26 L32 15 L20 34 Z" fill="url(#hg-mines-gem)" stroke="#d1fae5" strokeWidth="1.2" />
    <path d="M8 15 H32 M14 7 L17 15 L20 34 L23 15 L26 7" stroke="#ecfdf5" strokeOpacity="0.6" fill="none" />
  </svg>
);
const Mine = () => (
  <svg viewBox="0 0 40 40" aria-hidden="true" className="hg-tile__art">
    <circle cx="20" cy="22" r="11" fill="url(#hg-mines-bomb)" />
    {[0, 45, 90, 135].map((a) => (
      <rect key={a} x="19" y="7" width="2" height="30" rx="1" fill="#1f2937" transform={`rotate(${a} 20 22)`} />
    ))}
    <circle cx="16" cy="18" r="3" fill="#fff" opacity="0.7" />
    <path d="M26 12 Q30 6 34 8" stroke="#f59e0b" strokeWidth="2" fill="none" />
    <circle cx="34" cy="8" r="2.5" fill="#fde047" />
  </svg>
);

export function MinesGame() {
  const { t } = useTranslation('house');
  const game = useHouseGame();
  const { bet, setBet, check, field: betField } = useStake(game, '10');
  const [mines, setMines] = useState(3);
  const [board, setBoard] = useState<Board | null>(null);
  const [busy, setBusy] = useState(false);
  const restored = useRef(false);

  // A reload in the middle of a round picks it up where it stood.
  useEffect(() => {
    if (restored.current || game.roundsLoading) return;
    restored.current = true;
    const open = game.rounds.find((r) => r.status === 'OPEN' && r.gameCode === game.info.gameCode);
    if (open) {
      const b = boardOf(open);
      setBoard(b);
      setMines(b.mines);
      setBet(minorToInput(b.bet));
    }
  }, [game.rounds, game.roundsLoading, game.info.gameCode, setBet]);

  const open = board?.status === 'open';
  const safePicks = open ? board.picks.length : 0;
  const current = minesMultiplier(open ? board.mines : mines, safePicks);
  const next =
    safePicks < MINES_TILES - (open ? board.mines : mines)
      ? minesMultiplier(open ? board.mines : mines, safePicks + 1)
      : null;
  const stake = open ? BigInt(board.bet) : check.ok ? BigInt(check.minor) : 0n;
  const cashoutAmount = safePicks > 0 ? (stake * current.numerator) / current.denominator : 0n;

  const start = async () => {
    if (!check.ok || busy || open) return;
    setBusy(true);
    try {
      const { round } = await game.minesStart(check.minor, mines);
      setBoard(boardOf(round));
      game.announce(t('mines.announceStart', { count: mines }));
    } catch (error) {
      game.fail(error);
    } finally {
      setBusy(false);
    }
  };

  const pick = async (tile: number) => {
    if (!board || !open || busy || board.picks.includes(tile)) return;
    setBusy(true);
    try {
      const answer = await game.minesPick(board.roundId, tile);
      const b = boardOf(answer.round);
      if (!answer.safe) b.hit = tile;
      setBoard(b);
      game.reveal();
      if (!answer.safe) game.announce(t('mines.announceBust'));
      else if (b.status !== 'open') game.announce(t('mines.announceCashout', { amount: game.money(b.payout) }));
      else
        game.announce(
          t('mines.announceSafe', {
            multiplier: formatMultiplier({ numerator: BigInt(answer.multiplierBasisPoints), denominator: 10_000n }, 2),
          }),
        );
    } catch (error) {
      game.fail(error);
    } finally {
      setBusy(false);
    }
  };

  const cashout = async () => {
    if (!board || !open || busy || board.picks.length === 0) return;
    setBusy(true);
    try {
      const { round } = await game.minesCashout(board.roundId);
      const b = boardOf(round);
      setBoard(b);
      game.reveal();
      game.announce(t('mines.announceCashout', { amount: game.money(b.payout) }));
    } catch (error) {
      game.fail(error);
    } finally {
      setBusy(false);
    }
  };

  const random = () => {
    if (!board || !open) return;
    const free = Array.from({ length: MINES_TILES }, (_, i) => i).filter((i) => !board.picks.includes(i));
    const tile = free[Math.floor(Math.random() * free.length)];
    if (tile !== undefined) void pick(tile);
  };

  const mineSet = useMemo(() => new Set(board?.mineTiles ?? []), [board?.mineTiles]);
  const ended = board !== null && board.status !== 'open';

  const stage = (
    <div className={['hg-mines', ended ? `is-${board.status}` : ''].join(' ')}>
      <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true">
        <defs>
          <linearGradient id="hg-mines-gem" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#6ee7b7" />
            <stop offset="1" stopColor="#047857" />
          </linearGradient>
          <radialGradient id="hg-mines-bomb" cx="40%" cy="35%" r="70%">
            <stop offset="0" stopColor="#6b7280" />
            <stop offset="1" stopColor="#0b0f19" />
          </radialGradient>
        </defs>
      </svg>
      <div className="hg-mines__grid" role="grid" aria-label={t('mines.board')} data-testid="mines-board">
        {Array.from({ length: 5 }, (_, r) => (
          <div role="row" key={r} className="hg-mines__row">
            {Array.from({ length: 5 }, (_, c) => {
              const tile = r * 5 + c;
              const picked = board?.picks.includes(tile) ?? false;
              const isMine = mineSet.has(tile);
              const revealed = picked || ended;
              const cls = [
                'hg-tile',
                revealed ? 'is-open' : '',
                revealed && isMine ? 'is-mine' : '',
                revealed && !isMine ? 'is-gem' : '',
                ended && !picked ? 'is-faded' : '',
                board?.hit === tile ? 'is-hit' : '',
              ].join(' ');
              return (
                <div role="gridcell" key={c}>
                  <button
                    type="button"
                    className={cls}
                    disabled={!open || picked || busy}
                    onClick={() => void pick(tile)}
                    aria-label={
                      revealed
                        ? t(isMine ? 'mines.tileMine' : 'mines.tileGem', { n: tile + 1 })
                        : t('mines.tileHidden', { n: tile + 1 })
                    }
                    data-testid={`tile-${tile}`}
                  >
                    {revealed ? isMine ? <Mine /> : <Gem /> : null}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {ended ? (
        <div className={`hg-mines__result ${board.status === 'busted' ? 'is-loss' : 'is-win'}`} role="status">
          {board.status === 'busted' ? (
            <strong>{t('mines.busted')}</strong>
          ) : (
            <>
              <strong>
                {formatMultiplier({ numerator: BigInt(board.payout), denominator: BigInt(board.bet) }, 2)}
              </strong>
              <span>{formatMinor(board.payout)}</span>
            </>
          )}
        </div>
      ) : null}
    </div>
  );

  const controls = (
    <>
      <BetControls {...betField} value={open ? minorToInput(board.bet) : bet} disabled={open || busy} />
      <div className="hg-field">
        <label className="hg-label" htmlFor="mines-count">
          {t('mines.count')}
        </label>
        <select
          id="mines-count"
          className="hg-input"
          value={open ? board.mines : mines}
          disabled={open || busy}
          onChange={(e) => setMines(Number(e.target.value))}
          data-testid="mines-count"
        >
          {Array.from({ length: MINES_MAX_MINES - MINES_MIN_MINES + 1 }, (_, i) => i + MINES_MIN_MINES).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="hg-stat-row">
        <Stat
          label={t('mines.current')}
          value={safePicks > 0 ? formatMultiplier(current, 2) : '—'}
          testId="mines-current"
        />
        <Stat label={t('mines.next')} value={next ? formatMultiplier(next, 2) : '—'} testId="mines-next" />
      </div>
      {open ? (
        <>
          <button
            type="button"
            className="hg-play-btn hg-play-btn--cash"
            onClick={() => void cashout()}
            disabled={busy || safePicks === 0}
            data-testid="mines-cashout"
          >
            {t('mines.cashout')} {safePicks > 0 ? formatMinor(cashoutAmount) : ''}
          </button>
          <button type="button" className="hg-btn hg-btn--ghost" onClick={random} disabled={busy}>
            {t('mines.random')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="hg-play-btn"
          onClick={() => void start()}
          disabled={busy || !check.ok}
          data-testid="mines-start"
        >
          {t('mines.start')}
        </button>
      )}
    </>
  );

  return <GameLayout stage={stage} controls={controls} className="hg-play--mines" />;
}
