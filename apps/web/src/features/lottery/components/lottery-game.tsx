import { formatMoney } from '@portal/contracts/money.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { lazyComponent } from '../../../lib/lazy-component.tsx';
import type { LotteryDraw, LotteryGameInfo } from '../api/lottery-api.ts';
import { useLotteryPlay, useRecentDraws } from '../hooks/use-lottery-play.ts';
import { useTicketPurchase } from '../hooks/use-ticket-purchase.ts';
import {
  formatCountdown,
  lineKey,
  linePayout,
  quickPick,
  secondsLeft,
  slipTotal,
  toggleLine,
  type SlipLine,
} from '../lib/slip.ts';
import { BetBoard } from './bet-board.tsx';
import { DrawBalls } from './draw-balls.tsx';
import { betLabel, drawLabel, drawTimeFromId, lottoMoney, oddsText } from './lottery-labels.ts';
import { SessionFailedPanel, SessionOpeningPanel } from './session-panels.tsx';
import { ChipChoice, PurchaseNote, SlipLines, SlipSum } from './slip-parts.tsx';
import { TicketsTable } from './tickets-table.tsx';
import { VerifyDrawDialog } from './verify-draw-dialog.tsx';

type Tab = 'positions' | 'sum' | 'dragonTiger' | 'k3sum' | 'k3dice' | 'racePos' | 'raceMore';
const TAB_TYPES: Record<Tab, string[]> = {
  positions: ['POS_DIGIT', 'POS_BIG_SMALL', 'POS_ODD_EVEN'],
  sum: ['SUM_BIG_SMALL', 'SUM_ODD_EVEN'],
  dragonTiger: ['DRAGON_TIGER'],
  k3sum: ['K3_SUM', 'K3_BIG_SMALL', 'K3_ODD_EVEN'],
  k3dice: ['K3_SINGLE', 'K3_PAIR', 'K3_TRIPLE', 'K3_ANY_TRIPLE'],
  racePos: ['RACE_POS', 'RACE_POS_BIG_SMALL', 'RACE_POS_ODD_EVEN'],
  raceMore: ['RACE_DRAGON_TIGER', 'RACE_TOP2_SUM'],
};
/** The board's tabs of each game family. */
const FAMILY_TABS: Record<string, Tab[]> = {
  FIVE_DIGIT: ['positions', 'sum', 'dragonTiger'],
  THREE_DICE: ['k3sum', 'k3dice'],
  TEN_CAR_RACE: ['racePos', 'raceMore'],
};
const FACES = ['1', '2', '3', '4', '5', '6'];
/** The trend charts bring the charting library: loaded with the charts, never with the page. */
const LotteryTrendCharts = lazyComponent(() => import('./lottery-trend-charts.tsx').then((m) => m.LotteryTrendCharts));
/** How a game's numbers look: five balls, or three dice. */
export const ballsOf = (gameCode: string) =>
  gameCode.startsWith('lotto-k3')
    ? { count: 3, dice: true }
    : gameCode.startsWith('lotto-pk10')
      ? { count: 10, dice: false }
      : { count: 5, dice: false };
/** Chips in minor units (the site keeps two decimals): ₩100, ₩1,000, ₩5,000, ₩10,000. */
const CHIPS = [10_000n, 100_000n, 500_000n, 1_000_000n];
const MULTIPLIERS = [1, 2, 5, 10];

export function Countdown({ draw, offsetMs, now }: { draw: LotteryDraw | null; offsetMs: number; now: number }) {
  const { t } = useTranslation('pages');
  if (!draw) return <p className="lotto-countdown__label">{t('lottery.waiting')}</p>;
  const toClose = secondsLeft(draw.closesAt, offsetMs, now);
  const toDraw = secondsLeft(draw.drawsAt, offsetMs, now);
  const open = toClose > 0;
  return (
    <div
      className={open ? 'lotto-countdown' : 'lotto-countdown lotto-countdown--closed'}
      data-testid="lottery-countdown"
    >
      <span className="lotto-countdown__label">{open ? t('lottery.closesIn') : t('lottery.closed')}</span>
      <span className="lotto-countdown__time" aria-live="off">
        {formatCountdown(open ? toClose : toDraw)}
      </span>
    </div>
  );
}

/** One lottery game: countdown, bet board, bet slip, my tickets, recent results with their check. */
export function LotteryGame({ gameCode, onMoneyMoved }: { gameCode: string; onMoneyMoved: () => void }) {
  const { t } = useTranslation('pages');
  const { phase, retry, ended, game, offsetMs, now, session, tickets, bought } = useLotteryPlay(gameCode, onMoneyMoved);
  const draws = useRecentDraws(gameCode, 12, 4_000);
  const [verifying, setVerifying] = useState<LotteryDraw | null>(null);

  if (phase.kind === 'error') return <SessionFailedPanel error={phase.error} onRetry={() => void retry()} />;

  return (
    <div className="lotto-game" data-testid="lottery-game">
      <header className="card lotto-head">
        <div className="lotto-head__title">
          <Link to="/lottery" className="lotto-head__back">
            <Icon name="chevronLeft" size={16} /> {t('lottery.lobbyBack')}
          </Link>
          <h2>{t(`lottery.games.${gameCode}`, { defaultValue: gameCode })}</h2>
          {game?.current ? (
            <p className="muted lotto-head__draw" data-testid="lottery-draw-id">
              {t('lottery.drawNo', { id: game.current.drawId.slice(-12) })}
            </p>
          ) : null}
        </div>
        <Countdown draw={game?.current ?? null} offsetMs={offsetMs} now={now} />
        <div className="lotto-head__last">
          <span className="muted">{t('lottery.lastResult')}</span>
          {game?.last ? (
            <DrawBalls result={game.last.result} label={game.last.result?.join(' ') ?? ''} {...ballsOf(gameCode)} />
          ) : (
            <span>{t('lottery.noResult')}</span>
          )}
        </div>
        {game?.current ? (
          <p className="lotto-head__commit" title={game.current.seedHash}>
            <Icon name="shield" size={14} /> {t('lottery.commitment')}:{' '}
            <code>{game.current.seedHash.slice(0, 16)}…</code>
          </p>
        ) : null}
      </header>

      {game && session ? (
        <BoardAndSlip game={game} session={session} offsetMs={offsetMs} now={now} onBought={bought} onEnded={ended} />
      ) : (
        <SessionOpeningPanel />
      )}

      <div className="lotto-lower">
        <section className="card lotto-panel" aria-labelledby="lotto-tickets-title">
          <div className="lotto-panel__head">
            <h3 id="lotto-tickets-title">{t('lottery.myTickets')}</h3>
            <Link to="/lottery?tab=tickets" className="lotto-panel__link" data-testid="lottery-history-link">
              {t('lottery.hub.allTickets')} <Icon name="chevronRight" size={14} />
            </Link>
          </div>
          <TicketsTable
            tickets={tickets}
            texts="lottery"
            drawOf={(x) => drawTimeFromId(x.drawId)}
            betOf={(x) => betLabel(t, x.betType, x.selection)}
            label={t('lottery.myTickets')}
            testId="lottery-tickets"
          />
        </section>
        <section className="card lotto-panel" aria-labelledby="lotto-results-title">
          <div className="lotto-panel__head">
            <h3 id="lotto-results-title">{t('lottery.recent')}</h3>
            <Link to={`/lottery?tab=results&game=${gameCode}`} className="lotto-panel__link">
              {t('lottery.hub.allResults')} <Icon name="chevronRight" size={14} />
            </Link>
          </div>
          <ul className="lotto-results" data-testid="lottery-results">
            {(draws.data?.draws ?? [])
              .filter((d) => d.result)
              .map((d) => (
                <li key={d.drawId} className="lotto-results__row" data-draw={d.drawId}>
                  <span className="lotto-results__time">{drawLabel(d.drawsAt)}</span>
                  <DrawBalls result={d.result} size="sm" label={d.result?.join(' ') ?? ''} {...ballsOf(gameCode)} />
                  <span className="muted lotto-results__sum">Σ {d.result?.reduce((a, b) => a + b, 0)}</span>
                  <Button variant="ghost" size="sm" onClick={() => setVerifying(d)}>
                    <Icon name="shield" size={14} /> {t('lottery.verify')}
                  </Button>
                </li>
              ))}
          </ul>
        </section>
      </div>

      {game ? <LotteryTrendCharts gameCode={gameCode} family={game.family} /> : null}
      {game ? <RulesPanel game={game} /> : null}
      <VerifyDrawDialog draw={verifying} onClose={() => setVerifying(null)} />
    </div>
  );
}

function BoardAndSlip({
  game,
  session,
  offsetMs,
  now,
  onBought,
  onEnded,
}: {
  game: LotteryGameInfo;
  session: string;
  offsetMs: number;
  now: number;
  onBought: () => void;
  onEnded: () => void;
}) {
  const { t } = useTranslation('pages');
  const tabs = FAMILY_TABS[game.family] ?? FAMILY_TABS.FIVE_DIGIT!;
  const [tab, setTab] = useState<Tab>(tabs[0]!);
  const [slip, setSlip] = useState<SlipLine[]>([]);
  const [unit, setUnit] = useState<bigint>(100_000n);
  const [multiplier, setMultiplier] = useState(1);
  const { busy, message, buy } = useTicketPurchase({ session, onBought, onEnded });

  const lines = useMemo(
    () =>
      game.betTypes.flatMap((bt) =>
        bt.selections.map((s) => ({ betType: bt.code, selection: s.selection, oddsBasisPoints: s.oddsBasisPoints })),
      ),
    [game],
  );
  const chosen = new Set(slip.map(lineKey));
  const stake = unit * BigInt(multiplier);
  const total = slipTotal(slip.length, unit, multiplier);
  const best = slip.reduce(
    (m, l) => (linePayout(stake, l.oddsBasisPoints) > m ? linePayout(stake, l.oddsBasisPoints) : m),
    0n,
  );
  const draw = game.current;
  const open = draw !== null && secondsLeft(draw.closesAt, offsetMs, now) > 0;
  const stakeOk = stake >= BigInt(game.minStake) && stake <= BigInt(game.maxStake);

  const toggle = (l: SlipLine) => setSlip((s) => toggleLine(s, l));
  const cell = (betType: string, selection: string, label: string) => {
    const l = lines.find((x) => x.betType === betType && x.selection === selection);
    if (!l) return null;
    const on = chosen.has(lineKey(l));
    return (
      <button
        key={lineKey(l)}
        type="button"
        className={on ? 'lotto-cell lotto-cell--on' : 'lotto-cell'}
        aria-pressed={on}
        data-testid={`cell-${betType}-${selection}`}
        onClick={() => toggle(l)}
      >
        <span className="lotto-cell__label">{label}</span>
        <span className="lotto-cell__odds">{t('lottery.odds', { odds: oddsText(l.oddsBasisPoints) })}</span>
      </button>
    );
  };

  async function place() {
    if (!draw || slip.length === 0) return;
    const left = await buy(
      draw.drawId,
      slip,
      () => stake,
      (count) => t('lottery.bought', { count, draw: draw.drawId.slice(-12) }),
    );
    setSlip(left);
  }

  return (
    <div className="lotto-play">
      <BetBoard
        idPrefix="lotto-board"
        className="lotto-board"
        panelClassName="lotto-board__panel"
        tabs={tabs.map((key) => ({ key, label: t(`lottery.tabs.${key}`) }))}
        active={tab}
        onChange={setTab}
      >
        {tab === 'positions'
          ? [1, 2, 3, 4, 5].map((p) => (
              <div key={p} className="lotto-row">
                <span className="lotto-row__label">{t('lottery.position', { n: p })}</span>
                <div className="lotto-row__digits">
                  {Array.from({ length: 10 }, (_, d) => cell('POS_DIGIT', `${p}:${d}`, String(d)))}
                </div>
                <div className="lotto-row__opts">
                  {cell('POS_BIG_SMALL', `${p}:BIG`, t('lottery.opt.BIG'))}
                  {cell('POS_BIG_SMALL', `${p}:SMALL`, t('lottery.opt.SMALL'))}
                  {cell('POS_ODD_EVEN', `${p}:ODD`, t('lottery.opt.ODD'))}
                  {cell('POS_ODD_EVEN', `${p}:EVEN`, t('lottery.opt.EVEN'))}
                </div>
              </div>
            ))
          : null}
        {tab === 'sum' ? (
          <div className="lotto-big-opts">
            {cell('SUM_BIG_SMALL', 'BIG', `${t('lottery.sum')} ${t('lottery.opt.BIG')}`)}
            {cell('SUM_BIG_SMALL', 'SMALL', `${t('lottery.sum')} ${t('lottery.opt.SMALL')}`)}
            {cell('SUM_ODD_EVEN', 'ODD', `${t('lottery.sum')} ${t('lottery.opt.ODD')}`)}
            {cell('SUM_ODD_EVEN', 'EVEN', `${t('lottery.sum')} ${t('lottery.opt.EVEN')}`)}
          </div>
        ) : null}
        {tab === 'dragonTiger' ? (
          <div className="lotto-big-opts lotto-big-opts--three">
            {cell('DRAGON_TIGER', 'DRAGON', t('lottery.opt.DRAGON'))}
            {cell('DRAGON_TIGER', 'TIE', t('lottery.opt.TIE'))}
            {cell('DRAGON_TIGER', 'TIGER', t('lottery.opt.TIGER'))}
          </div>
        ) : null}
        {tab === 'racePos'
          ? Array.from({ length: 10 }, (_, i) => i + 1).map((p) => (
              <div key={p} className="lotto-row">
                <span className="lotto-row__label">{t('lottery.race.place', { n: p })}</span>
                <div className="lotto-row__digits">
                  {Array.from({ length: 10 }, (_, c) => cell('RACE_POS', `${p}:${c + 1}`, String(c + 1)))}
                </div>
                <div className="lotto-row__opts">
                  {cell('RACE_POS_BIG_SMALL', `${p}:BIG`, t('lottery.opt.BIG'))}
                  {cell('RACE_POS_BIG_SMALL', `${p}:SMALL`, t('lottery.opt.SMALL'))}
                  {cell('RACE_POS_ODD_EVEN', `${p}:ODD`, t('lottery.opt.ODD'))}
                  {cell('RACE_POS_ODD_EVEN', `${p}:EVEN`, t('lottery.opt.EVEN'))}
                </div>
              </div>
            ))
          : null}
        {tab === 'raceMore' ? (
          <>
            {[1, 2, 3, 4, 5].map((p) => (
              <div key={p} className="lotto-dice-group">
                <h4>{t('lottery.race.versus', { a: p, b: 11 - p })}</h4>
                <div className="lotto-big-opts">
                  {cell('RACE_DRAGON_TIGER', `${p}:DRAGON`, t('lottery.opt.DRAGON'))}
                  {cell('RACE_DRAGON_TIGER', `${p}:TIGER`, t('lottery.opt.TIGER'))}
                </div>
              </div>
            ))}
            <div className="lotto-dice-group">
              <h4>{t('lottery.race.top2')}</h4>
              <div className="lotto-sum-grid">
                {Array.from({ length: 17 }, (_, i) => cell('RACE_TOP2_SUM', String(i + 3), String(i + 3)))}
              </div>
            </div>
          </>
        ) : null}
        {tab === 'k3sum' ? (
          <>
            <div className="lotto-sum-grid">
              {Array.from({ length: 16 }, (_, i) => cell('K3_SUM', String(i + 3), String(i + 3)))}
            </div>
            <div className="lotto-big-opts">
              {cell('K3_BIG_SMALL', 'BIG', `${t('lottery.sum')} ${t('lottery.opt.BIG')}`)}
              {cell('K3_BIG_SMALL', 'SMALL', `${t('lottery.sum')} ${t('lottery.opt.SMALL')}`)}
              {cell('K3_ODD_EVEN', 'ODD', `${t('lottery.sum')} ${t('lottery.opt.ODD')}`)}
              {cell('K3_ODD_EVEN', 'EVEN', `${t('lottery.sum')} ${t('lottery.opt.EVEN')}`)}
            </div>
          </>
        ) : null}
        {tab === 'k3dice' ? (
          <>
            {(
              [
                ['K3_SINGLE', 'single', 1],
                ['K3_PAIR', 'pair', 2],
                ['K3_TRIPLE', 'triple', 3],
              ] as const
            ).map(([betType, name, times]) => (
              <div key={betType} className="lotto-dice-group">
                <h4>{t(`lottery.k3.${name}`)}</h4>
                <div className="lotto-dice-row">{FACES.map((f) => cell(betType, f, f.repeat(times)))}</div>
              </div>
            ))}
            <div className="lotto-big-opts lotto-big-opts--one">
              {cell('K3_ANY_TRIPLE', 'ANY', t('lottery.k3.anyTriple'))}
            </div>
          </>
        ) : null}
      </BetBoard>

      <aside className="card lotto-slip" aria-labelledby="lotto-slip-title">
        <div className="lotto-slip__head">
          <h3 id="lotto-slip-title">{t('lottery.slip')}</h3>
          <div className="lotto-slip__tools">
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                setSlip((s) => {
                  const pool = lines.filter(
                    (l) => TAB_TYPES[tab].includes(l.betType) && !s.some((x) => lineKey(x) === lineKey(l)),
                  );
                  return [...s, ...quickPick(pool, 1)];
                })
              }
            >
              {t('lottery.quickPick')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setSlip([])} disabled={slip.length === 0}>
              {t('lottery.clear')}
            </Button>
          </div>
        </div>
        <SlipLines
          lines={slip}
          texts="lottery"
          keyOf={lineKey}
          labelOf={(l) => betLabel(t, l.betType, l.selection)}
          onRemove={toggle}
          testId="lottery-slip"
        />
        <fieldset className="lotto-slip__field">
          <legend>{t('lottery.unit')}</legend>
          <ChipChoice
            options={CHIPS}
            value={unit}
            onChange={setUnit}
            label={(c) => formatMoney(c, null).replace(/\.00$/, '')}
          />
          <p className="muted lotto-slip__hint">
            {t('lottery.stakeLimits', {
              min: lottoMoney(game.minStake),
              max: lottoMoney(game.maxStake),
            })}
          </p>
        </fieldset>
        <fieldset className="lotto-slip__field">
          <legend>{t('lottery.multiplier')}</legend>
          <ChipChoice options={MULTIPLIERS} value={multiplier} onChange={setMultiplier} label={(m) => `×${m}`} />
        </fieldset>
        <SlipSum texts="lottery" total={lottoMoney(total)} best={lottoMoney(best)} totalTestId="lottery-slip-total" />
        <Button
          block
          size="lg"
          onClick={() => void place()}
          disabled={busy || slip.length === 0 || !open || !stakeOk}
          data-testid="lottery-place"
        >
          {open ? t('lottery.place', { count: slip.length }) : t('lottery.closed')}
        </Button>
        <PurchaseNote message={message} testId="lottery-message" />
      </aside>
    </div>
  );
}

function RulesPanel({ game }: { game: LotteryGameInfo }) {
  const { t } = useTranslation('pages');
  return (
    <details className="card lotto-panel lotto-rules">
      <summary>{t('lottery.rules')}</summary>
      <dl>
        {game.betTypes.map((bt) => {
          const odds = [...new Set(bt.selections.map((s) => oddsText(s.oddsBasisPoints)))].join(' / ');
          return (
            <div key={bt.code} className="lotto-rules__row">
              <dt>
                {t(`lottery.rule.${bt.code}`)} <strong>×{odds}</strong>
              </dt>
            </div>
          );
        })}
      </dl>
      <p className="muted">
        {t('lottery.rulesFoot', {
          max: lottoMoney(game.maxPayout),
          cutoff: game.cutoffMs / 1000,
        })}
      </p>
    </details>
  );
}
