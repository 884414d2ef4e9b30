import { BACCARAT_BET_TYPES, baccaratCardValue, type BaccaratBetType } from '@portal/house-vendor/games/baccarat.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHouseGame } from '../../hooks/house-game-context.ts';
import { formatMinor, minorToInput } from '../../lib/money.ts';
import { sleep } from '../../lib/sleep.ts';
import { GameLayout, Stat } from '../game-layout.tsx';
import { PlayingCard } from './playing-card.tsx';

interface Deal {
  playerCards: string[];
  bankerCards: string[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratBetType;
  returns: Record<BaccaratBetType, string>;
  payout: string;
  bet: string;
}

/** Chip values in whole currency units; those outside the table's limits are not offered. */
const CHIP_UNITS = [1, 5, 10, 50, 100, 500, 1000] as const;
const PAYS: Record<BaccaratBetType, string> = { player: '1:1', banker: '0.95:1', tie: '8:1' };

/** The order cards leave the shoe: player, banker, player, banker, then the third cards. */
export function dealOrder(
  deal: Pick<Deal, 'playerCards' | 'bankerCards'>,
): { hand: 'player' | 'banker'; index: number }[] {
  const order: { hand: 'player' | 'banker'; index: number }[] = [
    { hand: 'player', index: 0 },
    { hand: 'banker', index: 0 },
    { hand: 'player', index: 1 },
    { hand: 'banker', index: 1 },
  ];
  if (deal.playerCards.length > 2) order.push({ hand: 'player', index: 2 });
  if (deal.bankerCards.length > 2) order.push({ hand: 'banker', index: 2 });
  return order;
}

const total = (cards: string[]) => cards.reduce((s, c) => s + baccaratCardValue(c), 0) % 10;

export function BaccaratGame() {
  const { t } = useTranslation('house');
  const game = useHouseGame();
  const limits = game.info.game;
  const unit = 100n;
  const chips = CHIP_UNITS.map((c) => BigInt(c) * unit).filter(
    (c) => c >= BigInt(limits.minBet) && c <= BigInt(limits.maxBet),
  );
  const [chip, setChip] = useState<bigint>(chips[1] ?? chips[0] ?? BigInt(limits.minBet));
  const [bets, setBets] = useState<Record<BaccaratBetType, bigint>>({ player: 0n, banker: 0n, tie: 0n });
  const [lastBets, setLastBets] = useState<Record<BaccaratBetType, bigint> | null>(null);
  const [deal, setDeal] = useState<Deal | null>(null);
  const [shown, setShown] = useState(0);
  const [busy, setBusy] = useState(false);
  const [settled, setSettled] = useState(false);
  const [road, setRoad] = useState<{ id: string; winner: BaccaratBetType }[]>([]);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const staked = bets.player + bets.banker + bets.tie;
  const overMax = BACCARAT_BET_TYPES.some((type) => bets[type] > BigInt(limits.maxBet));
  const overBalance = staked > BigInt(game.balance);
  const canDeal = staked > 0n && !overMax && !overBalance && !busy;

  const place = (type: BaccaratBetType) => {
    if (busy) return;
    if (settled) {
      setDeal(null);
      setSettled(false);
    }
    setBets((b) => ({ ...b, [type]: b[type] + chip }));
  };
  const scale = (factor: 'half' | 'double') =>
    setBets((b) => {
      const next = { ...b };
      for (const type of BACCARAT_BET_TYPES) {
        if (b[type] === 0n) continue;
        const v = factor === 'half' ? b[type] / 2n : b[type] * 2n;
        next[type] =
          v < BigInt(limits.minBet) ? BigInt(limits.minBet) : v > BigInt(limits.maxBet) ? BigInt(limits.maxBet) : v;
      }
      return next;
    });

  const play = async () => {
    if (!canDeal) return;
    setBusy(true);
    setSettled(false);
    setShown(0);
    setDeal(null);
    const placed = bets;
    try {
      const params = {
        bets: Object.fromEntries(
          BACCARAT_BET_TYPES.filter((k) => placed[k] > 0n).map((k) => [k, placed[k].toString()]),
        ),
      };
      const { round } = await game.play(params);
      const d = round.outcome as Deal;
      setDeal(d);
      const order = dealOrder(d);
      for (let i = 1; i <= order.length && alive.current; i++) {
        await sleep(i <= 4 ? 420 : 750);
        setShown(i);
      }
      await sleep(500);
      if (!alive.current) return;
      setSettled(true);
      setLastBets(placed);
      setRoad((r) => [...r, { id: round.roundId, winner: d.winner }].slice(-24));
      game.reveal();
      game.announce(
        t('baccarat.announce', {
          winner: t(`baccarat.${d.winner}`),
          player: d.playerTotal,
          banker: d.bankerTotal,
          amount: game.money(d.payout),
        }),
      );
    } catch (error) {
      game.fail(error);
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  const order = deal ? dealOrder(deal) : [];
  const visible = (hand: 'player' | 'banker') =>
    order
      .slice(0, shown)
      .filter((o) => o.hand === hand)
      .map((o) => (hand === 'player' ? deal!.playerCards : deal!.bankerCards)[o.index]!);

  const hand = (side: 'player' | 'banker') => {
    const up = deal ? visible(side) : [];
    const winner = settled && deal?.winner === side;
    return (
      <div
        className={['hg-bac__hand', `hg-bac__hand--${side}`, winner ? 'is-winner' : ''].join(' ')}
        data-testid={`hand-${side}`}
      >
        <div className="hg-bac__hand-head">
          <span>{t(`baccarat.${side}`)}</span>
          <span className="hg-bac__total" aria-live="off">
            {up.length > 0 ? total(up) : '–'}
          </span>
        </div>
        <div className="hg-bac__cards">
          {up.map((card, i) => (
            <PlayingCard key={`${card}-${i}`} card={card} faceUp delayMs={0} third={i === 2} />
          ))}
          {up.length === 0 ? (
            <>
              <div className="hg-card hg-card--slot" />
              <div className="hg-card hg-card--slot" />
            </>
          ) : null}
        </div>
      </div>
    );
  };

  const stage = (
    <div className="hg-bac">
      <div className="hg-bac__felt">
        <div className="hg-bac__hands">
          {hand('player')}
          <div className="hg-bac__vs" aria-hidden="true">
            VS
          </div>
          {hand('banker')}
        </div>
        {settled && deal ? (
          <div className={`hg-bac__result hg-bac__result--${deal.winner}`} role="status" data-testid="baccarat-result">
            <strong>
              {deal.winner === 'tie'
                ? t('baccarat.tieResult')
                : t('baccarat.wins', { side: t(`baccarat.${deal.winner}`) })}
            </strong>
            {BigInt(deal.payout) > 0n ? <span>+{formatMinor(deal.payout)}</span> : null}
          </div>
        ) : null}
        <div className="hg-bac__spots">
          {(['player', 'tie', 'banker'] as const).map((type) => {
            const won = settled && deal ? BigInt(deal.returns[type]) > 0n && bets[type] > 0n : false;
            return (
              <button
                key={type}
                type="button"
                className={[
                  'hg-bac__spot',
                  `hg-bac__spot--${type}`,
                  won ? 'is-won' : '',
                  settled && deal?.winner === type ? 'is-winner' : '',
                ].join(' ')}
                onClick={() => place(type)}
                disabled={busy}
                data-testid={`spot-${type}`}
                aria-label={`${t(`baccarat.${type}`)} ${PAYS[type]} — ${formatMinor(bets[type])}`}
              >
                <span className="hg-bac__spot-name">{t(`baccarat.${type}`)}</span>
                <span className="hg-bac__spot-pays">{PAYS[type]}</span>
                {bets[type] > 0n ? <span className="hg-chipstack">{formatMinor(bets[type])}</span> : null}
              </button>
            );
          })}
        </div>
      </div>
      <div className="hg-bac__road" aria-label={t('baccarat.road')}>
        {road.map((r) => (
          <span key={r.id} className={`hg-bead hg-bead--${r.winner}`}>
            {t(`baccarat.short.${r.winner}`)}
          </span>
        ))}
      </div>
    </div>
  );

  const controls = (
    <>
      <span className="hg-label">{t('baccarat.chip')}</span>
      <div className="hg-chips" role="radiogroup" aria-label={t('baccarat.chip')}>
        {chips.map((c, i) => (
          <button
            key={c.toString()}
            type="button"
            role="radio"
            aria-checked={chip === c}
            className={`hg-chipbtn hg-chipbtn--${i}`}
            onClick={() => setChip(c)}
            data-testid={`chip-${minorToInput(c)}`}
          >
            {minorToInput(c)}
          </button>
        ))}
      </div>
      <div className="hg-btn-row">
        <button
          type="button"
          className="hg-btn hg-btn--ghost"
          disabled={busy || staked === 0n}
          onClick={() => scale('half')}
        >
          ½
        </button>
        <button
          type="button"
          className="hg-btn hg-btn--ghost"
          disabled={busy || staked === 0n}
          onClick={() => scale('double')}
        >
          2×
        </button>
        <button
          type="button"
          className="hg-btn hg-btn--ghost"
          disabled={busy || !lastBets}
          onClick={() => lastBets && setBets(lastBets)}
        >
          {t('baccarat.rebet')}
        </button>
        <button
          type="button"
          className="hg-btn hg-btn--ghost"
          disabled={busy || staked === 0n}
          onClick={() => setBets({ player: 0n, banker: 0n, tie: 0n })}
        >
          {t('baccarat.clear')}
        </button>
      </div>
      <Stat label={t('baccarat.totalBet')} value={formatMinor(staked)} testId="baccarat-total" />
      {overMax ? <p className="hg-bet__error">{t('bet.issue.max', { max: game.money(limits.maxBet) })}</p> : null}
      {overBalance ? <p className="hg-bet__error">{t('bet.issue.balance')}</p> : null}
      <p className="hg-hint">
        {t('baccarat.limits', { min: game.money(limits.minBet), max: game.money(limits.maxBet) })}
      </p>
      <button
        type="button"
        className="hg-play-btn"
        onClick={() => void play()}
        disabled={!canDeal}
        data-testid="baccarat-deal"
      >
        {t('baccarat.deal')}
      </button>
    </>
  );

  return <GameLayout stage={stage} controls={controls} className="hg-play--baccarat" />;
}
