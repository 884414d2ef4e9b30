import { formatMoney, newRequestId, parseAmount } from '@portal/contracts/money.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { localizeError } from '../../../lib/errors.ts';
import {
  type OddsPolicy,
  sportsApi,
  type SportsFixture,
  type SportsGroup,
  type SportsMarket,
  type SportsTicket,
  sportsKeys,
} from '../api/sports-api.ts';
import { isSessionEnded, useSportsSession } from '../hooks/use-sports-session.ts';
import { useSportsLive } from '../hooks/use-sports-live.ts';
import { clockLabel, marketTitle, nameIn, selectionLabel } from '../lib/labels.ts';
import { oddsText, parlayProblem, pickKey, reprice, slipReturn, type SlipPick, togglePick } from '../lib/slip.ts';

const CURRENCY = 'KRW';
const keys = sportsKeys;
/** How often a query is read again while the live socket is down (while it is up, it pushes). */
const POLL = { fixture: 2_000, book: 4_000, tickets: 4_000 } as const;
/** While the socket is up the book is still read now and then, for matches newly on the list. */
const BOOK_REFRESH_LIVE_MS = 300_000;
/** Matches listed per competition (and watched on the socket). */
const SHOWN_PER_COMPETITION = 8;

function useNames() {
  const { i18n } = useTranslation();
  return (names: { ko: string; en: string; zh: string }) => nameIn(names, i18n.language);
}

function kickOff(iso: string, language: string) {
  return new Date(iso).toLocaleString(language, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

function OddsButton({
  label,
  oddsBp,
  picked,
  onPick,
  testId,
}: {
  label: string;
  oddsBp: number | null;
  picked: boolean;
  onPick: () => void;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={picked ? 'sb-odds sb-odds--picked' : 'sb-odds'}
      disabled={oddsBp === null}
      aria-pressed={picked}
      onClick={onPick}
      data-testid={testId}
    >
      <span className="sb-odds__label">{label}</span>
      <span className="sb-odds__price">{oddsBp === null ? <Icon name="lock" size={14} /> : oddsText(oddsBp)}</span>
    </button>
  );
}

function MarketRow({
  fixture,
  market,
  slip,
  onPick,
}: {
  fixture: SportsFixture;
  market: SportsMarket;
  slip: readonly SlipPick[];
  onPick: (pick: SlipPick) => void;
}) {
  const { t } = useTranslation('pages');
  const name = useNames();
  const home = name(fixture.home.names);
  const away = name(fixture.away.names);
  const match = `${home} – ${away}`;
  return (
    <div className={market.selections.length > 3 ? 'sb-market sb-market--grid' : 'sb-market'}>
      {market.selections.map((s) => {
        const label = selectionLabel(t, market.id, s.selection, home, away);
        const pick = {
          fixtureId: fixture.id,
          marketId: market.id,
          selection: s.selection,
          oddsBp: s.oddsBp ?? 0,
          label,
          match,
        };
        return (
          <OddsButton
            key={s.selection}
            label={label}
            oddsBp={market.suspended ? null : s.oddsBp}
            picked={slip.some((p) => pickKey(p) === pickKey(pick))}
            onPick={() => onPick(pick)}
            testId={`odds-${fixture.id}-${market.id}-${s.selection}`}
          />
        );
      })}
    </div>
  );
}

function FixtureCard({
  fixture,
  slip,
  onPick,
  onOpen,
  open,
  live: socketUp,
}: {
  fixture: SportsFixture;
  slip: readonly SlipPick[];
  onPick: (pick: SlipPick) => void;
  onOpen: () => void;
  open: boolean;
  /** The live socket is up: the match page is pushed, not polled. */
  live: boolean;
}) {
  const { t, i18n } = useTranslation('pages');
  const name = useNames();
  const live = fixture.phase === 'LIVE';
  return (
    <article className={open ? 'sb-fixture sb-fixture--open' : 'sb-fixture'} data-testid={`fixture-${fixture.id}`}>
      <button type="button" className="sb-fixture__head" onClick={onOpen} aria-expanded={open}>
        <span className={live ? 'sb-badge sb-badge--live' : 'sb-badge'}>
          {live ? clockLabel(t, fixture.sport, fixture.clock) : kickOff(fixture.startsAt, i18n.language)}
        </span>
        <span className="sb-fixture__teams">
          <span>{name(fixture.home.names)}</span>
          <span>{name(fixture.away.names)}</span>
        </span>
        {live ? (
          <span className="sb-fixture__score" data-testid={`score-${fixture.id}`}>
            <span>{fixture.score.home}</span>
            <span>{fixture.score.away}</span>
          </span>
        ) : null}
        <span className="sb-fixture__more">
          +{fixture.marketCount} <Icon name={open ? 'chevronUp' : 'chevronDown'} size={14} />
        </span>
      </button>
      {fixture.main ? <MarketRow fixture={fixture} market={fixture.main} slip={slip} onPick={onPick} /> : null}
      {open ? <MatchPanel fixtureId={fixture.id} slip={slip} onPick={onPick} live={socketUp} /> : null}
    </article>
  );
}

function MatchPanel({
  fixtureId,
  slip,
  onPick,
  live,
}: {
  fixtureId: string;
  slip: readonly SlipPick[];
  onPick: (pick: SlipPick) => void;
  live: boolean;
}) {
  const { t } = useTranslation('pages');
  const name = useNames();
  const page = useQuery({
    queryKey: keys.fixture(fixtureId),
    queryFn: ({ signal }) => sportsApi.fixture(fixtureId, signal),
    // Pushed by the socket while it is up (the page arrives with the watch).
    refetchInterval: live ? false : POLL.fixture,
    staleTime: live ? Infinity : 0,
  });
  if (!page.data) return <p className="sb-muted">{t('sports.loading')}</p>;
  const { fixture, markets, events } = page.data;
  const home = name(fixture.home.names);
  const away = name(fixture.away.names);
  return (
    <div className="sb-panel" data-testid="match-panel">
      {events.length > 0 ? (
        <ol className="sb-events" aria-label={t('sports.events')}>
          {events
            .filter((e) => e.type !== 'KICK_OFF')
            .slice(-6)
            .reverse()
            .map((e) => (
              <li key={`${e.atMs}-${e.type}-${e.side ?? ''}`}>
                <span className="sb-events__clock">{clockLabel(t, fixture.sport, e)}</span>
                <span>{t(`sports.event.${e.type}`, { defaultValue: e.type })}</span>
                {e.side ? <span className="sb-muted">{e.side === 'home' ? home : away}</span> : null}
                <span className="sb-events__score">
                  {e.score.home}–{e.score.away}
                </span>
              </li>
            ))}
        </ol>
      ) : null}
      {/* The first market (result or winner) is the card's own row above. */}
      {markets.slice(1).map((m) => (
        <section key={m.id} className="sb-panel__market">
          <h4>
            {marketTitle(t, fixture.sport, m.id)}
            {m.suspended ? <span className="sb-badge sb-badge--off">{t('sports.suspended')}</span> : null}
          </h4>
          <MarketRow fixture={fixture} market={m} slip={slip} onPick={onPick} />
        </section>
      ))}
    </div>
  );
}

interface TicketProps {
  ticket: SportsTicket;
  session: string;
  onMoneyMoved: () => void;
}

/**
 * Cash-out on an open ticket: the book's offer now; a click holds that offer for the player to
 * confirm, and the book refuses (moving nothing) if it has gone down meanwhile.
 */
function CashOut({ ticket, session, onMoneyMoved }: TicketProps) {
  const { t } = useTranslation('pages');
  const queryClient = useQueryClient();
  const [held, setHeld] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const offer = ticket.cashOut;

  async function confirm(amount: string) {
    setBusy(true);
    setError(null);
    try {
      await sportsApi.cashOut({ session, ticketId: ticket.ticketId, offer: amount });
      setHeld(null);
    } catch (e) {
      setError(localizeError(e));
      setHeld(null);
    } finally {
      setBusy(false);
      onMoneyMoved();
      void queryClient.invalidateQueries({ queryKey: ['sports', 'tickets'] });
    }
  }

  return (
    <div className="sb-cashout">
      {held ? (
        <div className="sb-cashout__confirm" role="group" aria-label={t('sports.cashOut')}>
          <span>{t('sports.cashOutConfirm', { amount: formatMoney(held, ticket.currency) })}</span>
          <Button size="sm" onClick={() => void confirm(held)} disabled={busy} data-testid="cashout-confirm">
            {busy ? t('sports.cashingOut') : t('sports.confirm')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setHeld(null)} disabled={busy}>
            {t('sports.cancel')}
          </Button>
        </div>
      ) : offer ? (
        <Button size="sm" variant="outline" onClick={() => setHeld(offer)} data-testid="cashout">
          {t('sports.cashOut')} {formatMoney(offer, ticket.currency)}
        </Button>
      ) : (
        <span className="sb-muted">{t('sports.cashOutOff')}</span>
      )}
      {error ? (
        <p className="sb-note sb-note--error" role="status">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TicketCard(props: TicketProps) {
  const { ticket } = props;
  const { t, i18n } = useTranslation('pages');
  const name = useNames();
  return (
    <article className="sb-ticket" data-testid="sports-ticket">
      <header>
        <strong>{t(`sports.kind.${ticket.kind}`)}</strong>
        <span className={`sb-status sb-status--${ticket.status.toLowerCase()}`}>
          {t(`sports.status.${ticket.status}`)}
        </span>
      </header>
      <ul>
        {ticket.legs.map((l) => {
          const home = name(l.home);
          const away = name(l.away);
          return (
            <li key={`${l.fixtureId}-${l.marketId}`}>
              <span className="sb-ticket__match">
                {home} – {away}
                {l.score ? ` (${l.score.home}–${l.score.away})` : ''}
              </span>
              <span>
                {marketTitle(t, l.sport, l.marketId)}: {selectionLabel(t, l.marketId, l.selection, home, away)} @{' '}
                {oddsText(l.oddsBp)}
              </span>
              {l.outcome ? (
                <span className={`sb-outcome sb-outcome--${l.outcome.toLowerCase()}`}>
                  {t(`sports.outcome.${l.outcome}`)}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <footer>
        <span>
          {t('sports.stake')} {formatMoney(ticket.stake, ticket.currency)} · @{oddsText(ticket.oddsBp)}
        </span>
        <span>
          {ticket.status === 'OPEN'
            ? `${t('sports.potential')} ${formatMoney(ticket.potentialReturn, ticket.currency)}`
            : `${t('sports.paid')} ${formatMoney(ticket.payout, ticket.currency)}`}
        </span>
        <time className="sb-muted">{new Date(ticket.createdAt).toLocaleString(i18n.language)}</time>
      </footer>
      {ticket.status === 'OPEN' ? <CashOut {...props} /> : null}
    </article>
  );
}

function MyBets({
  session,
  onEnded,
  onMoneyMoved,
  live,
}: {
  session: string | null;
  onEnded: () => void;
  onMoneyMoved: () => void;
  live: boolean;
}) {
  const { t } = useTranslation('pages');
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  const tickets = useQuery({
    queryKey: keys.tickets(session ?? '', status),
    queryFn: ({ signal }) => sportsApi.tickets(session!, status, signal),
    enabled: session !== null,
    refetchInterval: live ? false : POLL.tickets,
  });
  useEffect(() => {
    if (tickets.error && isSessionEnded(tickets.error)) onEnded();
  }, [tickets.error, onEnded]);
  // A ticket that settles, or whose result is corrected, moves money: the header balance follows.
  const settled = useQuery({
    queryKey: keys.tickets(session ?? '', 'settled'),
    queryFn: ({ signal }) => sportsApi.tickets(session!, 'settled', signal),
    enabled: session !== null,
    refetchInterval: live ? false : POLL.tickets,
  });
  const paid = settled.data?.tickets.map((x) => `${x.ticketId}:${x.status}:${x.payout}`).join() ?? '';
  const seen = useRef(paid);
  useEffect(() => {
    if (paid !== seen.current) {
      seen.current = paid;
      onMoneyMoved();
    }
  }, [paid, onMoneyMoved]);
  if (!session) return <p className="sb-muted">{t('sports.signInToBet')}</p>;
  return (
    <div className="sb-mybets">
      <div className="sb-segment" role="group" aria-label={t('sports.myBets')}>
        {(['open', 'settled'] as const).map((s) => (
          <button key={s} type="button" aria-pressed={status === s} onClick={() => setStatus(s)}>
            {t(`sports.${s}`)}
          </button>
        ))}
      </div>
      {tickets.data?.tickets.length === 0 ? <p className="sb-muted">{t('sports.noTickets')}</p> : null}
      {tickets.data?.tickets.map((x) => (
        <TicketCard key={x.ticketId} ticket={x} session={session} onMoneyMoved={onMoneyMoved} />
      ))}
    </div>
  );
}

function BetSlip({
  slip,
  setSlip,
  group,
  session,
  onMoneyMoved,
}: {
  slip: SlipPick[];
  setSlip: (s: SlipPick[]) => void;
  group: SportsGroup;
  session: ReturnType<typeof useSportsSession>;
  onMoneyMoved: () => void;
}) {
  const { t } = useTranslation('pages');
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'single' | 'parlay'>('single');
  const [stakeText, setStakeText] = useState('10,000');
  const [policy, setPolicy] = useState<OddsPolicy>('HIGHER');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const parsed = parseAmount(stakeText);
  const stake = parsed.ok ? BigInt(parsed.minor) : 0n;
  const problem = mode === 'parlay' ? parlayProblem(slip) : null;
  const totals = slipReturn(slip, mode, stake);

  async function place() {
    setMessage(null);
    const s = await session.ensure();
    if (!s) {
      setMessage({ ok: false, text: t('sports.signInToBet') });
      return;
    }
    setBusy(true);
    try {
      const groups = mode === 'parlay' ? [slip] : slip.map((p) => [p]);
      for (const legs of groups) {
        await sportsApi.place({
          session: s,
          requestId: newRequestId(),
          stake: stake.toString(),
          policy,
          legs: legs.map(({ fixtureId, marketId, selection, oddsBp }) => ({ fixtureId, marketId, selection, oddsBp })),
        });
        setSlip(slip.filter((p) => !legs.includes(p)));
      }
      setMessage({ ok: true, text: t('sports.placed') });
    } catch (error) {
      if (isSessionEnded(error)) session.ended();
      setMessage({ ok: false, text: localizeError(error) });
    } finally {
      setBusy(false);
      onMoneyMoved();
      void queryClient.invalidateQueries({ queryKey: ['sports', 'tickets'] });
      void queryClient.invalidateQueries({ queryKey: keys.book(group) });
    }
  }

  return (
    <div className="sb-slip" data-testid="bet-slip">
      {slip.length === 0 ? <p className="sb-muted">{t('sports.slipEmpty')}</p> : null}
      {slip.length > 0 ? (
        <>
          <div className="sb-segment" role="group" aria-label={t('sports.slip')}>
            {(['single', 'parlay'] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                onClick={() => setMode(m)}
                data-testid={`slip-${m}`}
              >
                {t(`sports.${m}`)}
              </button>
            ))}
          </div>
          <ul className="sb-slip__picks">
            {slip.map((p) => (
              <li key={pickKey(p)}>
                <span>
                  <strong>{p.label}</strong>
                  <span className="sb-muted">{p.match}</span>
                </span>
                <span className="sb-slip__odds">{oddsText(p.oddsBp)}</span>
                <button
                  type="button"
                  className="sb-slip__remove"
                  aria-label={t('sports.remove')}
                  onClick={() => setSlip(slip.filter((x) => x !== p))}
                >
                  <Icon name="close" size={14} />
                </button>
              </li>
            ))}
          </ul>
          <label className="sb-field">
            <span>{mode === 'parlay' ? t('sports.stake') : t('sports.stakeEach')}</span>
            <input
              inputMode="decimal"
              value={stakeText}
              onChange={(e) => setStakeText(e.target.value)}
              aria-invalid={!parsed.ok}
              data-testid="slip-stake"
            />
          </label>
          <label className="sb-field">
            <span>{t('sports.policy')}</span>
            <select value={policy} onChange={(e) => setPolicy(e.target.value as OddsPolicy)}>
              {(['ANY', 'HIGHER', 'ASK'] as const).map((p) => (
                <option key={p} value={p}>
                  {t(`sports.policyOption.${p}`)}
                </option>
              ))}
            </select>
          </label>
          <dl className="sb-slip__sum">
            {totals.odds !== null ? (
              <>
                <dt>{t('sports.totalOdds')}</dt>
                <dd>{oddsText(totals.odds)}</dd>
              </>
            ) : null}
            <dt>{t('sports.totalStake')}</dt>
            <dd>{formatMoney(totals.total, CURRENCY)}</dd>
            <dt>{t('sports.potential')}</dt>
            <dd data-testid="slip-potential">{formatMoney(totals.potential, CURRENCY)}</dd>
          </dl>
          {problem ? <p className="sb-note">{t(`sports.parlayProblem.${problem}`)}</p> : null}
          <Button
            block
            onClick={() => void place()}
            disabled={busy || !parsed.ok || problem !== null}
            data-testid="slip-place"
          >
            {busy ? t('sports.placing') : t('sports.place')}
          </Button>
        </>
      ) : null}
      {message ? (
        <p className={message.ok ? 'sb-note sb-note--ok' : 'sb-note sb-note--error'} role="status">
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The Striker Sports betting client (decision 100): sports (or e-sports) with their competitions and
 * matches, every market of a match, a bet slip of singles or a parlay, and the player's tickets.
 * Prices come from the vendor's public API; bets go through the vendor session opened from the
 * operator's launch token.
 */
export function SportsBook({ group, onMoneyMoved }: { group: SportsGroup; onMoneyMoved: () => void }) {
  const { t } = useTranslation('pages');
  const name = useNames();
  const session = useSportsSession(group);
  const [sport, setSport] = useState<string | null>(null);
  const [openFixture, setOpenFixture] = useState<string | null>(null);
  const [slip, setSlip] = useState<SlipPick[]>([]);
  const [side, setSide] = useState<'slip' | 'bets'>('slip');
  const [live, setLive] = useState(false);
  const book = useQuery({
    queryKey: keys.book(group),
    queryFn: ({ signal }) => sportsApi.book(group, signal),
    refetchInterval: live ? BOOK_REFRESH_LIVE_MS : POLL.book,
  });
  // The player's open tickets: their matches are watched, so their cash-out offers follow the pushes.
  const open = useQuery({
    queryKey: keys.tickets(session.session ?? '', 'open'),
    queryFn: ({ signal }) => sportsApi.tickets(session.session!, 'open', signal),
    enabled: session.session !== null,
    refetchInterval: live ? false : POLL.tickets,
  });
  const sports = useMemo(() => book.data?.sports ?? [], [book.data]);
  const current = sports.find((s) => s.sport === sport) ?? sports[0];
  const shown = useMemo(
    () => (current?.competitions ?? []).flatMap((c) => c.fixtures.slice(0, SHOWN_PER_COMPETITION).map((f) => f.id)),
    [current],
  );
  const legs = useMemo(
    () => [...new Set((open.data?.tickets ?? []).flatMap((x) => x.legs.map((l) => l.fixtureId)))],
    [open.data],
  );
  const socketUp = useSportsLive(
    group,
    { fixtures: shown, detail: openFixture, session: session.session, ticketFixtures: legs },
    { onSessionEnded: session.ended },
  );
  useEffect(() => setLive(socketUp), [socketUp]);

  // The slip follows the book's prices as they move (the policy decides what placing accepts).
  const latest = useMemo(() => {
    const m = new Map<string, number | null>();
    for (const s of sports)
      for (const c of s.competitions)
        for (const f of c.fixtures)
          for (const sel of f.main?.selections ?? [])
            m.set(pickKey({ fixtureId: f.id, marketId: f.main!.id, selection: sel.selection }), sel.oddsBp);
    return m;
  }, [sports]);
  useEffect(() => setSlip((s) => reprice(s, latest)), [latest]);

  const onPick = (pick: SlipPick) => {
    setSlip((s) => togglePick(s, pick));
    setSide('slip');
  };

  return (
    <section className="sb" data-testid="sports-book">
      <div className="sb__main">
        <div className="sb-sports" role="tablist" aria-label={t('sports.sports')}>
          {sports.map((s) => (
            <button
              key={s.sport}
              type="button"
              role="tab"
              aria-selected={s.sport === current?.sport}
              className={s.sport === current?.sport ? 'sb-chip sb-chip--active' : 'sb-chip'}
              onClick={() => setSport(s.sport)}
            >
              {name(s.names)}
              <span className="sb-chip__count">{s.competitions.reduce((n, c) => n + c.fixtures.length, 0)}</span>
            </button>
          ))}
        </div>
        {book.isPending ? <p className="sb-muted">{t('sports.loading')}</p> : null}
        {book.error ? <p className="sb-note sb-note--error">{localizeError(book.error)}</p> : null}
        {current?.competitions.map((c) => (
          <section key={c.code} className="sb-competition">
            <h3 className="sb-competition__title">
              <Icon name="trophy" size={16} /> {name(c.names)}
            </h3>
            {c.fixtures.length === 0 ? <p className="sb-muted">{t('sports.noMatches')}</p> : null}
            {c.fixtures.slice(0, SHOWN_PER_COMPETITION).map((f) => (
              <FixtureCard
                key={f.id}
                fixture={f}
                slip={slip}
                onPick={onPick}
                live={socketUp}
                open={openFixture === f.id}
                onOpen={() => setOpenFixture(openFixture === f.id ? null : f.id)}
              />
            ))}
          </section>
        ))}
      </div>
      <aside className="sb__side">
        <Tabs
          items={[
            { key: 'slip', label: `${t('sports.slip')}${slip.length ? ` (${slip.length})` : ''}` },
            { key: 'bets', label: t('sports.myBets') },
          ]}
          active={side}
          onChange={setSide}
          label={t('sports.slip')}
          idPrefix="sb-side"
        />
        <div id="sb-side-panel" role="tabpanel" aria-labelledby={`sb-side-tab-${side}`}>
          {side === 'slip' ? (
            <BetSlip slip={slip} setSlip={setSlip} group={group} session={session} onMoneyMoved={onMoneyMoved} />
          ) : (
            <MyBets session={session.session} onEnded={session.ended} onMoneyMoved={onMoneyMoved} live={socketUp} />
          )}
        </div>
      </aside>
    </section>
  );
}
