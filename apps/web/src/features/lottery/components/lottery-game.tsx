import { formatMoney, newRequestId } from '@portal/contracts/money.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';
import { lotteryApi, type LotteryDraw, type LotteryGameInfo, type LotteryTicket } from '../api/lottery-api.ts';
import { isSessionEnded, useLotterySession } from '../hooks/use-lottery-session.ts';
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
import { DrawBalls } from './draw-balls.tsx';
import { betLabel, drawLabel, drawTimeFromId, lottoMoney, oddsText } from './lottery-labels.ts';
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
const CURRENCY = 'KRW';

export const lotteryKeys = {
  games: ['lottery', 'games'] as const,
  draws: (gameCode: string) => ['lottery', 'draws', gameCode] as const,
  tickets: (session: string) => ['lottery', 'tickets', session] as const,
};

/** The vendor's game list with its clock: `offsetMs` is the vendor's time minus the browser's. */
export function useLotteryGames() {
  return useQuery({
    queryKey: lotteryKeys.games,
    queryFn: async ({ signal }) => {
      const answer = await lotteryApi.games(signal);
      return { ...answer, offsetMs: Date.parse(answer.serverTime) - Date.now() };
    },
    refetchInterval: 3_000,
  });
}

/** Re-renders once a second for the countdowns. */
export function useSecondTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

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
  const { phase, retry, ended } = useLotterySession(gameCode);
  const games = useLotteryGames();
  const now = useSecondTick();
  const game = games.data?.games.find((g) => g.code === gameCode);
  const offsetMs = games.data?.offsetMs ?? 0;
  const session = phase.kind === 'ready' ? phase.session : null;
  const queryClient = useQueryClient();

  const draws = useQuery({
    queryKey: lotteryKeys.draws(gameCode),
    queryFn: ({ signal }) => lotteryApi.draws(gameCode, 12, signal),
    refetchInterval: 4_000,
  });
  const tickets = useQuery({
    queryKey: lotteryKeys.tickets(session ?? ''),
    queryFn: ({ signal }) => lotteryApi.tickets(session!, 30, signal),
    enabled: session !== null,
    refetchInterval: 4_000,
  });
  useEffect(() => {
    if (tickets.error && isSessionEnded(tickets.error)) ended();
  }, [tickets.error, ended]);

  // A ticket that settles moves money: the header balance follows (the live channel does too).
  const settledCount = tickets.data?.tickets.filter((x) => x.status !== 'PENDING').length ?? 0;
  const seenSettled = useRef(settledCount);
  useEffect(() => {
    if (settledCount !== seenSettled.current) {
      seenSettled.current = settledCount;
      onMoneyMoved();
    }
  }, [settledCount, onMoneyMoved]);

  const [verifying, setVerifying] = useState<LotteryDraw | null>(null);

  if (phase.kind === 'error')
    return (
      <section className="card lotto-panel" role="alert">
        <p>{t('lottery.openFailed')}</p>
        <p className="muted">{localizeError(phase.error)}</p>
        <Button onClick={() => void retry()}>{t('lottery.retry')}</Button>
      </section>
    );

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
        <BoardAndSlip
          game={game}
          session={session}
          offsetMs={offsetMs}
          now={now}
          onBought={() => {
            onMoneyMoved();
            void queryClient.invalidateQueries({ queryKey: lotteryKeys.tickets(session) });
          }}
          onEnded={ended}
        />
      ) : (
        <section className="card lotto-panel" aria-busy="true">
          <p className="muted">{t('lottery.opening')}</p>
        </section>
      )}

      <div className="lotto-lower">
        <section className="card lotto-panel" aria-labelledby="lotto-tickets-title">
          <div className="lotto-panel__head">
            <h3 id="lotto-tickets-title">{t('lottery.myTickets')}</h3>
            <Link to="/lottery?tab=tickets" className="lotto-panel__link" data-testid="lottery-history-link">
              {t('lottery.hub.allTickets')} <Icon name="chevronRight" size={14} />
            </Link>
          </div>
          <TicketTable tickets={tickets.data?.tickets ?? []} />
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
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const pendingIds = useRef(new Map<string, string>());

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
    setBusy(true);
    setMessage(null);
    let bought = 0;
    const left: SlipLine[] = [];
    let failure: unknown = null;
    for (const l of slip) {
      const k = `${draw.drawId}|${lineKey(l)}|${stake}`;
      const requestId = pendingIds.current.get(k) ?? newRequestId();
      pendingIds.current.set(k, requestId);
      try {
        await lotteryApi.buy({
          session,
          requestId,
          drawId: draw.drawId,
          betType: l.betType,
          selection: l.selection,
          stake: stake.toString(),
        });
        pendingIds.current.delete(k);
        bought += 1;
      } catch (error) {
        left.push(l);
        failure ??= error;
        if (isSessionEnded(error)) onEnded();
      }
    }
    setSlip(left);
    setBusy(false);
    if (bought > 0) onBought();
    setMessage(
      failure
        ? { ok: false, text: localizeError(failure) }
        : { ok: true, text: t('lottery.bought', { count: bought, draw: draw.drawId.slice(-12) }) },
    );
  }

  return (
    <div className="lotto-play">
      <section className="card lotto-board" aria-labelledby="lotto-board-title">
        <h3 id="lotto-board-title" className="sr-only">
          {t('lottery.betBoard')}
        </h3>
        <Tabs
          items={tabs.map((key) => ({ key, label: t(`lottery.tabs.${key}`) }))}
          active={tab}
          onChange={setTab}
          label={t('lottery.betBoard')}
          idPrefix="lotto-board"
        />
        <div
          id="lotto-board-panel"
          role="tabpanel"
          aria-labelledby={`lotto-board-tab-${tab}`}
          className="lotto-board__panel"
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
        </div>
      </section>

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
        {slip.length === 0 ? (
          <p className="muted lotto-slip__empty">{t('lottery.slipEmpty')}</p>
        ) : (
          <ul className="lotto-slip__lines" data-testid="lottery-slip">
            {slip.map((l) => {
              const label = betLabel(t, l.betType, l.selection);
              return (
                <li key={lineKey(l)}>
                  <span>{label}</span>
                  <span className="lotto-slip__odds">×{oddsText(l.oddsBasisPoints)}</span>
                  <button
                    type="button"
                    className="lotto-slip__remove"
                    aria-label={t('lottery.remove', { what: label })}
                    onClick={() => toggle(l)}
                  >
                    <Icon name="close" size={14} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <fieldset className="lotto-slip__field">
          <legend>{t('lottery.unit')}</legend>
          <div className="lotto-chips">
            {CHIPS.map((c) => (
              <button
                key={String(c)}
                type="button"
                className={c === unit ? 'lotto-chip lotto-chip--on' : 'lotto-chip'}
                aria-pressed={c === unit}
                onClick={() => setUnit(c)}
              >
                {formatMoney(c, null).replace(/\.00$/, '')}
              </button>
            ))}
          </div>
          <p className="muted lotto-slip__hint">
            {t('lottery.stakeLimits', {
              min: formatMoney(BigInt(game.minStake), CURRENCY).replace(/\.00$/, ''),
              max: formatMoney(BigInt(game.maxStake), CURRENCY).replace(/\.00$/, ''),
            })}
          </p>
        </fieldset>
        <fieldset className="lotto-slip__field">
          <legend>{t('lottery.multiplier')}</legend>
          <div className="lotto-chips">
            {MULTIPLIERS.map((m) => (
              <button
                key={m}
                type="button"
                className={m === multiplier ? 'lotto-chip lotto-chip--on' : 'lotto-chip'}
                aria-pressed={m === multiplier}
                onClick={() => setMultiplier(m)}
              >
                ×{m}
              </button>
            ))}
          </div>
        </fieldset>
        <dl className="lotto-slip__sum">
          <dt>{t('lottery.total')}</dt>
          <dd data-testid="lottery-slip-total">{formatMoney(total, CURRENCY).replace(/\.00$/, '')}</dd>
          <dt>{t('lottery.maxWin')}</dt>
          <dd>{formatMoney(best, CURRENCY).replace(/\.00$/, '')}</dd>
        </dl>
        <Button
          block
          size="lg"
          onClick={() => void place()}
          disabled={busy || slip.length === 0 || !open || !stakeOk}
          data-testid="lottery-place"
        >
          {open ? t('lottery.place', { count: slip.length }) : t('lottery.closed')}
        </Button>
        {message ? (
          <p
            className={message.ok ? 'lotto-msg lotto-msg--ok' : 'lotto-msg lotto-msg--bad'}
            role="status"
            data-testid="lottery-message"
          >
            {message.text}
          </p>
        ) : null}
      </aside>
    </div>
  );
}

function TicketTable({ tickets }: { tickets: LotteryTicket[] }) {
  const { t } = useTranslation('pages');
  if (tickets.length === 0) return <p className="muted">{t('lottery.noTickets')}</p>;
  const money = (v: string) => lottoMoney(v);
  return (
    <div className="lotto-table-wrap" tabIndex={0} role="region" aria-label={t('lottery.myTickets')}>
      <table className="lotto-table" data-testid="lottery-tickets">
        <thead>
          <tr>
            <th scope="col">{t('lottery.col.draw')}</th>
            <th scope="col">{t('lottery.col.bet')}</th>
            <th scope="col">{t('lottery.col.stake')}</th>
            <th scope="col">{t('lottery.col.odds')}</th>
            <th scope="col">{t('lottery.col.status')}</th>
            <th scope="col">{t('lottery.col.payout')}</th>
          </tr>
        </thead>
        <tbody>
          {tickets.map((x) => (
            <tr key={x.ticketId} data-status={x.status}>
              <td>{drawTimeFromId(x.drawId)}</td>
              <td>{betLabel(t, x.betType, x.selection)}</td>
              <td>{money(x.stake)}</td>
              <td>×{oddsText(x.oddsBasisPoints)}</td>
              <td>
                <span className={`lotto-status lotto-status--${x.status.toLowerCase()}`}>
                  {t(`lottery.status.${x.status}`)}
                </span>
              </td>
              <td className={x.status === 'WON' ? 'lotto-win' : undefined}>
                {x.status === 'PENDING' ? '—' : money(x.payout)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
          max: formatMoney(BigInt(game.maxPayout), CURRENCY).replace(/\.00$/, ''),
          cutoff: game.cutoffMs / 1000,
        })}
      </p>
    </details>
  );
}
