import '../../../styles/daily-lottery.css';
import { PRIZE_TABLES, vnPrizeTable } from '@portal/house-vendor/lottery/vn-lottery.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { lazyComponent } from '../../../lib/lazy-component.tsx';
import type { LotteryDraw, LotteryGameInfo } from '../api/lottery-api.ts';
import { useLotteryPlay, useRecentDraws } from '../hooks/use-lottery-play.ts';
import { useTicketPurchase } from '../hooks/use-ticket-purchase.ts';
import {
  SEA_GAME,
  VN_GAMES,
  drawName,
  formatLong,
  ictClock,
  randomPick,
  regionOf,
  threeDigits,
  togglePicked,
} from '../lib/daily.ts';
import { linePayout, secondsLeft } from '../lib/slip.ts';
import { BetBoard } from './bet-board.tsx';
import { lottoMoney, oddsText } from './lottery-labels.ts';
import { SessionFailedPanel, SessionOpeningPanel } from './session-panels.tsx';
import { ChipChoice, PurchaseNote, SlipLines, SlipSum } from './slip-parts.tsx';
import { TicketsTable } from './tickets-table.tsx';
import { VerifyDrawDialog } from './verify-draw-dialog.tsx';

/** Stakes in minor units: ₩1,000, ₩5,000, ₩10,000, ₩50,000; lô in 1, 2, 5 or 10 points. */
const AMOUNTS = [100_000n, 500_000n, 1_000_000n, 5_000_000n];
const POINTS = [1, 2, 5, 10];
const VN_DRAW_TIME: Record<string, string> = { north: '18:15', central: '17:15', south: '16:15' };

type BetType = LotteryGameInfo['betTypes'][number];
interface Line {
  betType: string;
  selection: string;
  stake: bigint;
  oddsBasisPoints: number;
}

/**
 * The daily draws' page (decision 092): /vnLottery (north, central, south) and /seaLottery. The
 * draws taking bets with their countdowns, a number board with quick picks, a bet slip, my tickets
 * and the past results with their full prize tables, each verifiable in the browser.
 */
/** The trend charts (recharts) load on their own, after the page (decision 093). */
const LotteryTrendCharts = lazyComponent(() => import('./lottery-trend-charts.tsx').then((m) => m.LotteryTrendCharts));

export function DailyLottery({
  kind,
  gameCode: asked,
  onMoneyMoved,
}: {
  kind: 'vnLottery' | 'seaLottery';
  gameCode: string | null;
  onMoneyMoved: () => void;
}) {
  const { t } = useTranslation('pages');
  const gameCode =
    kind === 'seaLottery' ? SEA_GAME : (VN_GAMES as readonly string[]).includes(asked ?? '') ? asked! : VN_GAMES[0];
  const { phase, retry, ended, game, offsetMs, now, session, tickets, bought } = useLotteryPlay(gameCode, onMoneyMoved);
  const vn = kind === 'vnLottery';
  const draws = useRecentDraws(gameCode, 8, 5_000);
  const [chosenDraw, setChosenDraw] = useState<string | null>(null);
  const [verifying, setVerifying] = useState<LotteryDraw | null>(null);
  const vendorNow = now + offsetMs;
  const openDraws = game?.openDraws ?? [];
  const taking = openDraws.filter((d) => Date.parse(d.opensAt) <= vendorNow && vendorNow < Date.parse(d.closesAt));
  const draw = taking.find((d) => d.drawId === chosenDraw) ?? taking[0] ?? null;
  const title = vn ? t('dailyLottery.vnTitle') : t('dailyLottery.seaTitle');
  const fallbackName = vn ? t('dailyLottery.north') : t('dailyLottery.seaTitle');
  const prizeView = (result: number[]) =>
    vn ? <PrizeTable region={regionOf(gameCode)} result={result} /> : <SeaResultView result={result} />;

  if (phase.kind === 'error') return <SessionFailedPanel error={phase.error} onRetry={() => void retry()} />;

  return (
    <div className="daily" data-testid="daily-lottery">
      <header className="card daily-head">
        <div className="daily-head__title">
          <p className="daily-head__eyebrow">{t('dailyLottery.eyebrow')}</p>
          <h1>{title}</h1>
          <p className="muted">
            <Icon name="clock" size={14} />{' '}
            {vn
              ? t('dailyLottery.vnSchedule', { time: VN_DRAW_TIME[regionOf(gameCode)] })
              : t('dailyLottery.seaSchedule')}
          </p>
        </div>
        {vn ? (
          <nav className="daily-regions" aria-label={title}>
            {VN_GAMES.map((code) => (
              <Link
                key={code}
                to={`/vnLottery?gameCode=${code}`}
                className={code === gameCode ? 'daily-region daily-region--on' : 'daily-region'}
                aria-current={code === gameCode ? 'page' : undefined}
                data-testid={`daily-region-${regionOf(code)}`}
              >
                <strong>{t(`dailyLottery.region.${regionOf(code)}`)}</strong>
                <span>{VN_DRAW_TIME[regionOf(code)]}</span>
              </Link>
            ))}
          </nav>
        ) : null}
      </header>

      <section className="card daily-draws" aria-labelledby="daily-draws-title">
        <h3 id="daily-draws-title">{t('dailyLottery.draws')}</h3>
        {openDraws.length === 0 ? <p className="muted">{t('dailyLottery.noDraws')}</p> : null}
        <ul className="daily-draws__list">
          {openDraws.map((d) => {
            const isOpen = taking.includes(d);
            const on = draw?.drawId === d.drawId;
            return (
              <li key={d.drawId}>
                <button
                  type="button"
                  className={`daily-draw${on ? ' daily-draw--on' : ''}${isOpen ? '' : ' daily-draw--later'}`}
                  aria-pressed={on}
                  disabled={!isOpen}
                  onClick={() => setChosenDraw(d.drawId)}
                  data-testid={`daily-draw-${d.drawId}`}
                >
                  <span className="daily-draw__name">{drawName(d.drawId, fallbackName)}</span>
                  {isOpen ? (
                    <span className="daily-draw__time">
                      <span className="muted">{t('dailyLottery.closesIn')}</span>{' '}
                      <strong>{formatLong(secondsLeft(d.closesAt, offsetMs, now))}</strong>
                    </span>
                  ) : (
                    <span className="daily-draw__time muted">
                      {t('dailyLottery.opensAt', { time: ictClock(d.opensAt) })}
                    </span>
                  )}
                  <span className="daily-draw__commit" title={d.seedHash}>
                    <Icon name="shield" size={12} /> {d.seedHash.slice(0, 10)}…
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      {game && session ? (
        <NumberBoard
          key={gameCode}
          game={game}
          session={session}
          draw={draw}
          drawTitle={draw ? drawName(draw.drawId, fallbackName) : null}
          onBought={bought}
          onEnded={ended}
        />
      ) : (
        <SessionOpeningPanel />
      )}

      <div className="lotto-lower daily-lower">
        <section className="card lotto-panel" aria-labelledby="daily-tickets-title">
          <h3 id="daily-tickets-title">{t('dailyLottery.myTickets')}</h3>
          <TicketsTable
            tickets={tickets}
            texts="dailyLottery"
            drawOf={(x) => drawName(x.drawId, fallbackName)}
            betOf={(x) => `${t(`dailyLottery.bet.${x.betType}`)} · ${x.selection}`}
            testId="daily-tickets"
          />
        </section>
        <section className="card lotto-panel" aria-labelledby="daily-results-title">
          <h3 id="daily-results-title">{t('dailyLottery.results')}</h3>
          <ul className="daily-results" data-testid="daily-results">
            {(draws.data?.draws ?? [])
              .filter((d) => d.result)
              .map((d) => (
                <li key={d.drawId} className="daily-result" data-draw={d.drawId}>
                  <div className="daily-result__head">
                    <strong>{drawName(d.drawId, fallbackName)}</strong>
                    <Button variant="ghost" size="sm" onClick={() => setVerifying(d)}>
                      <Icon name="shield" size={14} /> {t('dailyLottery.verify')}
                    </Button>
                  </div>
                  {prizeView(d.result!)}
                </li>
              ))}
          </ul>
          {(draws.data?.draws ?? []).some((d) => d.result) ? null : (
            <p className="muted">{t('dailyLottery.noResults')}</p>
          )}
        </section>
      </div>

      {game ? <LotteryTrendCharts gameCode={gameCode} family={game.family} /> : null}
      {game ? <OddsPanel game={game} /> : null}
      <VerifyDrawDialog draw={verifying} onClose={() => setVerifying(null)} renderResult={prizeView} />
    </div>
  );
}

/** The board of one bet type: a 00–99 grid for two digits, a typed number for three, and the slip. */
function NumberBoard({
  game,
  session,
  draw,
  drawTitle,
  onBought,
  onEnded,
}: {
  game: LotteryGameInfo;
  session: string;
  draw: LotteryDraw | null;
  /** The chosen draw's name (its province and date). */
  drawTitle: string | null;
  onBought: () => void;
  onEnded: () => void;
}) {
  const { t } = useTranslation('pages');
  const [typeCode, setTypeCode] = useState(game.betTypes[0]!.code);
  const type = game.betTypes.find((b) => b.code === typeCode) ?? game.betTypes[0]!;
  const [picked, setPicked] = useState<number[]>([]);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [amount, setAmount] = useState(AMOUNTS[0]!);
  const [points, setPoints] = useState(1);
  const [slip, setSlip] = useState<Line[]>([]);
  const { busy, message, buy: buyLines } = useTicketPurchase({ session, onBought, onEnded });

  const pick = type.pick;
  const count = pick?.count ?? 1;
  const twoDigits = pick?.digits === 2;
  const unit = type.stakeUnit ? BigInt(type.stakeUnit) : null;
  const stake = unit ? unit * BigInt(points) : amount;
  const oddsOf = (b: BetType, selection: string) =>
    b.pick?.oddsBasisPoints ?? b.selections.find((s) => s.selection === selection)?.oddsBasisPoints ?? 0;

  const choose = (code: string) => {
    setTypeCode(code);
    setPicked([]);
    setTyped('');
    setTypedError(null);
  };
  const addLines = (selections: string[]) =>
    setSlip((s) => [
      ...s,
      ...selections
        .filter((sel) => !s.some((l) => l.betType === type.code && l.selection === sel && l.stake === stake))
        .map((selection) => ({ betType: type.code, selection, stake, oddsBasisPoints: oddsOf(type, selection) })),
    ]);

  function addPicked() {
    if (twoDigits) {
      const pad = (n: number) => String(n).padStart(2, '0');
      if (count === 1) addLines(picked.map(pad));
      else if (picked.length === count)
        addLines([
          [...picked]
            .sort((a, b) => a - b)
            .map(pad)
            .join('-'),
        ]);
      else return;
      setPicked([]);
      return;
    }
    const read = threeDigits(typed, !pick);
    if (!read.ok) {
      setTypedError(read.why === 'triple' ? t('dailyLottery.toteTriple') : t('dailyLottery.badThree'));
      return;
    }
    setTypedError(null);
    addLines([read.selection]);
    setTyped('');
  }

  function quick() {
    if (twoDigits) {
      const numbers = randomPick(count, 2).split('-').map(Number);
      setPicked(count === 1 ? togglePicked(picked, numbers[0]!, 100) : numbers);
    } else {
      let sel = randomPick(1, 3);
      while (!pick && new Set(sel).size === 1) sel = randomPick(1, 3);
      setTyped(sel);
      setTypedError(null);
    }
  }

  async function buy() {
    if (!draw || slip.length === 0) return;
    const left = await buyLines(
      draw.drawId,
      slip,
      (l) => l.stake,
      (count) => t('dailyLottery.bought', { count, draw: drawTitle ?? draw.drawId }),
    );
    setSlip(left);
  }

  const total = slip.reduce((sum, l) => sum + l.stake, 0n);
  const maxHits = (code: string) => game.betTypes.find((b) => b.code === code)?.maxHits ?? 1;
  const best = slip.reduce((sum, l) => sum + linePayout(l.stake, l.oddsBasisPoints), 0n);
  const hint = twoDigits
    ? count === 1
      ? t('dailyLottery.pickOne')
      : t('dailyLottery.pickMany', { n: count, picked: picked.length })
    : pick
      ? t('dailyLottery.pickThree')
      : t('dailyLottery.pickTote');

  return (
    <div className="lotto-play">
      <BetBoard
        idPrefix="daily-board"
        className="daily-board"
        tabs={game.betTypes.map((b) => ({ key: b.code, label: t(`dailyLottery.bet.${b.code}`) }))}
        active={type.code}
        onChange={choose}
      >
        <p className="daily-board__rule">
          <strong>×{oddsText(oddsOf(type, type.selections[0]?.selection ?? ''))}</strong>{' '}
          {t(`dailyLottery.rule.${type.code}`)}
        </p>
        <p className="muted daily-board__hint">{hint}</p>
        {twoDigits ? (
          <div className="daily-grid" role="group" aria-label={hint}>
            {Array.from({ length: 100 }, (_, n) => {
              const on = picked.includes(n);
              const label = String(n).padStart(2, '0');
              return (
                <button
                  key={n}
                  type="button"
                  className={on ? 'daily-num daily-num--on' : 'daily-num'}
                  aria-pressed={on}
                  data-testid={`num-${label}`}
                  onClick={() => setPicked((p) => togglePicked(p, n, count === 1 ? 100 : count))}
                >
                  {label}
                </button>
              );
            })}
          </div>
        ) : (
          <div className="daily-three">
            <label className="daily-three__field">
              <span>{t('dailyLottery.threeDigits')}</span>
              <input
                inputMode="numeric"
                maxLength={3}
                value={typed}
                onChange={(e) => setTyped(e.target.value.replace(/\D/g, '').slice(0, 3))}
                aria-invalid={typedError !== null}
                aria-describedby={typedError ? 'daily-three-error' : undefined}
                data-testid="daily-three"
              />
            </label>
            {typedError ? (
              <p id="daily-three-error" className="lotto-msg lotto-msg--bad" role="alert">
                {typedError}
              </p>
            ) : null}
          </div>
        )}
        <div className="daily-board__tools">
          <Button variant="ghost" size="sm" onClick={quick} data-testid="daily-quick">
            <Icon name="star" size={14} /> {t('dailyLottery.quickPick')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setPicked([])} disabled={picked.length === 0}>
            {t('dailyLottery.clear')}
          </Button>
          <Button
            size="sm"
            onClick={addPicked}
            disabled={twoDigits ? (count === 1 ? picked.length === 0 : picked.length !== count) : typed.length === 0}
            data-testid="daily-add"
          >
            {t('dailyLottery.add')}
          </Button>
        </div>
        <fieldset className="lotto-slip__field">
          <legend>{unit ? t('dailyLottery.points') : t('dailyLottery.stake')}</legend>
          {unit ? (
            <ChipChoice options={POINTS} value={points} onChange={setPoints} label={(p) => p} />
          ) : (
            <ChipChoice options={AMOUNTS} value={amount} onChange={setAmount} label={lottoMoney} />
          )}
          {unit ? (
            <p className="muted lotto-slip__hint" data-testid="daily-point-info">
              {t('dailyLottery.pointInfo', {
                price: lottoMoney(unit),
                unit: lottoMoney(100_000n),
                n: maxHits(type.code),
                pay: lottoMoney(linePayout(unit, oddsOf(type, ''))),
              })}
            </p>
          ) : null}
        </fieldset>
      </BetBoard>

      <aside className="card lotto-slip" aria-labelledby="daily-slip-title">
        <div className="lotto-slip__head">
          <h3 id="daily-slip-title">{t('dailyLottery.slip')}</h3>
          <Button variant="ghost" size="sm" onClick={() => setSlip([])} disabled={slip.length === 0}>
            {t('dailyLottery.clear')}
          </Button>
        </div>
        <p className="daily-slip__draw">{drawTitle ?? t('dailyLottery.chooseDraw')}</p>
        <SlipLines
          lines={slip}
          texts="dailyLottery"
          keyOf={(l) => `${l.betType}|${l.selection}|${l.stake}`}
          labelOf={(l) => `${t(`dailyLottery.bet.${l.betType}`)} · ${l.selection}`}
          detailOf={(l) => lottoMoney(l.stake)}
          onRemove={(l) => setSlip((s) => s.filter((x) => x !== l))}
          testId="daily-slip"
        />
        <SlipSum
          texts="dailyLottery"
          total={lottoMoney(total)}
          best={lottoMoney(best)}
          totalTestId="daily-slip-total"
        />
        <Button
          block
          size="lg"
          onClick={() => void buy()}
          disabled={busy || slip.length === 0 || !draw}
          data-testid="daily-place"
        >
          {draw ? t('dailyLottery.buy', { count: slip.length }) : t('dailyLottery.closed')}
        </Button>
        <PurchaseNote message={message} testId="daily-message" />
      </aside>
    </div>
  );
}

/** A Vietnam draw's full prize table: the special prize first, each prize's numbers on its row. */
export function PrizeTable({ region, result }: { region: 'north' | 'central' | 'south'; result: number[] }) {
  const { t } = useTranslation('pages');
  const rows = vnPrizeTable(region, result);
  const expected = PRIZE_TABLES[region].reduce((n, r) => n + r.count, 0);
  return (
    <table className="daily-prizes" data-testid="daily-prize-table" data-numbers={expected}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.prize} className={row.prize === 'DB' ? 'daily-prizes__special' : undefined}>
            <th scope="row">{t(`dailyLottery.prize.${row.prize}`)}</th>
            <td>
              {row.numbers.map((n, i) => (
                <span key={i} className="daily-prizes__num">
                  {n}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A SEA result: the first prize with its 3 top and 2 top, and the bottom number. */
function SeaResultView({ result }: { result: number[] }) {
  const { t } = useTranslation('pages');
  const first = String(result[0] ?? 0).padStart(6, '0');
  const bottom = String(result[1] ?? 0).padStart(2, '0');
  return (
    <dl className="daily-sea" data-testid="daily-sea-result">
      <div>
        <dt>{t('dailyLottery.first')}</dt>
        <dd className="daily-sea__first">{first}</dd>
      </div>
      <div>
        <dt>{t('dailyLottery.top3')}</dt>
        <dd>{first.slice(3)}</dd>
      </div>
      <div>
        <dt>{t('dailyLottery.top2')}</dt>
        <dd>{first.slice(4)}</dd>
      </div>
      <div>
        <dt>{t('dailyLottery.bottom2')}</dt>
        <dd>{bottom}</dd>
      </div>
    </dl>
  );
}

function OddsPanel({ game }: { game: LotteryGameInfo }) {
  const { t } = useTranslation('pages');
  return (
    <details className="card lotto-panel lotto-rules" data-testid="daily-odds">
      <summary>{t('dailyLottery.odds')}</summary>
      <dl>
        {game.betTypes.map((b) => {
          const odds = b.pick
            ? oddsText(b.pick.oddsBasisPoints)
            : [...new Set(b.selections.map((s) => oddsText(s.oddsBasisPoints)))].join(' / ');
          return (
            <div key={b.code} className="lotto-rules__row">
              <dt>
                {t(`dailyLottery.bet.${b.code}`)} <strong>×{odds}</strong>
              </dt>
              <dd className="muted">{t(`dailyLottery.rule.${b.code}`)}</dd>
            </div>
          );
        })}
      </dl>
      <p className="muted">{t('dailyLottery.houseEdge')}</p>
      <p className="muted">
        {t('dailyLottery.limits', {
          min: lottoMoney(game.minStake),
          max: lottoMoney(game.maxStake),
          maxPay: lottoMoney(game.maxPayout),
        })}
      </p>
    </details>
  );
}
