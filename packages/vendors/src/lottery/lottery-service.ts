import { randomBytes } from 'node:crypto';
import type {
  LOTTERY_HISTORY_STATUSES,
  LotteryDraw,
  LotteryGameInfo,
  LotteryTicket,
  LotteryTrends,
} from '@portal/contracts/lottery/lottery-vendor.contract.ts';
import { generateServerSeed } from '@portal/house-vendor/fairness/server-seed.ts';
import { HouseGameError } from '@portal/house-vendor/house-game-error.ts';
import {
  LOTTERY_GAMES,
  type LotteryGame,
  betTypeOf,
  drawResult,
  findLotteryGame,
  oddsTable,
  priceTicket,
  settleTicket,
  ticketLiability,
  upcomingDraws,
} from '@portal/house-vendor/lottery/lottery-games.ts';
import { vnProvinceOf } from '@portal/house-vendor/lottery/vn-lottery.ts';
import { commitDrawSeed } from '@portal/house-vendor/lottery/lottery-result.ts';
import { isTrendFamily, lotteryTrends } from '@portal/house-vendor/lottery/lottery-trends.ts';
import { HISTORY } from '@portal/contracts/limits.ts';
import { fromSiteInput, toSiteInput } from '@portal/contracts/site-time.ts';
import { type SeamlessClient, sendWins } from '../house/seamless-client.ts';
import { inParallel } from '@portal/contracts/in-parallel.ts';
import { VendorApiError } from '../vendor-api.ts';
import { ticketBet, ticketWin, vendorSessions } from '../vendor-session.ts';
import {
  type DrawRow,
  type DrawStatus,
  type LottoDb,
  type LottoSessionRow,
  type TicketRow,
  type TicketStatus,
  lottoStore as store,
} from './lottery-store.ts';

/** A ticket whose bet answer was lost is rolled back once it is this old. */
const BET_RETRY_AFTER_MS = 15_000;
/** Tickets settled per batch; a draw's tickets are settled batch after batch in one run. */
const SETTLE_BATCH = 500;
/** Wallet calls of one settler in flight at once (rollbacks and refunds: one ticket each). */
const SETTLE_CONCURRENCY = 16;

const DAY_MS = 86_400_000;
/** The ticket states a history status stands for; VOID (never charged) is never listed. */
const HISTORY_STATES: Record<(typeof LOTTERY_HISTORY_STATUSES)[number], TicketStatus[]> = {
  PENDING: ['BETTING', 'PLACED', 'SETTLING'],
  WON: ['WON'],
  LOST: ['LOST'],
  REFUNDED: ['REFUNDED'],
};
const siteDay = (at: Date) => toSiteInput(at.toISOString()).slice(0, 10);
const siteMidnight = (day: string, field: 'from' | 'to') => {
  const at = fromSiteInput(`${day}T00:00`);
  if (!at || siteDay(new Date(at)) !== day)
    throw new VendorApiError('VALIDATION_FAILED', 400, `query.${field}: not a calendar date`, `query.${field}`);
  return new Date(at);
};

/**
 * A history's date range as calendar days in the site's time zone, both ends included, as the
 * wallet's history pages read theirs (HISTORY): without dates the last week, at most 90 days.
 */
export function historyRange(q: { from?: string | undefined; to?: string | undefined }, at: Date) {
  const to = q.to ?? siteDay(at);
  const end = new Date(siteMidnight(to, 'to').getTime() + DAY_MS);
  const from = q.from ?? siteDay(new Date(end.getTime() - HISTORY.defaultRangeDays * DAY_MS));
  const start = siteMidnight(from, 'from');
  if (start >= end)
    throw new VendorApiError('DATE_RANGE_INVALID', 400, 'The start date is after the end date.', 'query.from');
  if (Math.round((end.getTime() - start.getTime()) / DAY_MS) > HISTORY.maxRangeDays)
    throw new VendorApiError(
      'DATE_RANGE_TOO_LONG',
      400,
      `The range can span at most ${HISTORY.maxRangeDays} days.`,
      'query.from',
    );
  return { from, to, start, end };
}
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function drawView(d: DrawRow): LotteryDraw {
  const revealed = d.status === 'DRAWN' || d.status === 'SETTLED';
  return {
    drawId: d.id,
    gameCode: d.gameCode,
    status: d.status,
    opensAt: iso(d.opensAt)!,
    closesAt: iso(d.closesAt)!,
    drawsAt: iso(d.drawsAt)!,
    seedHash: d.seedHash,
    // The seed stays secret until the draw is drawn; a cancelled draw reveals it too (no result rests on it).
    seed: revealed || d.status === 'CANCELLED' ? d.seed : null,
    result: revealed ? (d.result as number[]) : null,
    cancelReason: d.status === 'CANCELLED' ? d.cancelReason : null,
    ...(d.gameCode.startsWith('lotto-vn-') ? { market: vnProvinceOf(d.id) } : {}),
  };
}

/** A draw as the operator's back office sees it: the public view, its exposure and who cancelled it. */
export function operatorDrawView(d: DrawRow & { tickets: number | null; stakes: string | null }) {
  return {
    ...drawView(d),
    tickets: d.tickets ?? 0,
    stakes: d.stakes ?? '0',
    liability: String(d.liability),
    cancelledBy: d.cancelledBy,
  };
}

function ticketView(t: TicketRow): LotteryTicket {
  const status =
    t.status === 'WON' || t.status === 'LOST' || t.status === 'REFUNDED' || t.status === 'VOID' ? t.status : 'PENDING';
  return {
    ticketId: t.id,
    drawId: t.drawId,
    gameCode: t.gameCode,
    betType: t.betType,
    selection: t.selection,
    stake: String(t.stake),
    oddsBasisPoints: t.oddsBp,
    payout: status === 'PENDING' ? '0' : String(t.payout),
    currency: t.currency,
    status,
    createdAt: iso(t.createdAt)!,
    settledAt: iso(t.settledAt),
  };
}

export interface LotteryServiceDeps {
  db: LottoDb;
  seamless: SeamlessClient;
  /** The vendor's clock; in-process it is the app's (movable outside production, decision 032). */
  now?: () => Date;
}

/**
 * The lottery vendor (decision 090). Draws are committed before their betting opens (sha256 of a
 * random seed), drawn once per draw id when their time comes, and their result is a published
 * function of the seed and the draw id. Tickets are charged and paid only through signed seamless
 * calls keyed by the ticket id, outside any database transaction of the vendor's own; a call whose
 * answer is lost is settled again, never guessed.
 */
export function lotteryService({ db, seamless, now = () => new Date() }: LotteryServiceDeps) {
  const sessions = vendorSessions<LottoSessionRow>({
    seamless,
    now,
    words: { stake: 'ticket', unavailable: 'The ticket could not be bought now; try again.' },
    find: (id) => store.session(db, id),
    insert: (row) => store.insertSession(db, { ...row, demo: row.currency === 'TRIAL' }),
    end: (playerId, at) => store.endSessions(db, playerId, at),
  });
  const requireSession = sessions.require;
  const currentBalance = sessions.balance;
  const rollBack = (ticket: TicketRow, token: string) => sessions.rollBack(ticketBet(ticket, token));

  /** Voids a ticket that was never charged and gives its possible payout back to the draw's limits. */
  async function voidTicket(ticket: TicketRow, at: Date): Promise<void> {
    const game = findLotteryGame(ticket.gameCode);
    await db.transaction().execute(async (trx) => {
      const voided = await store.updateTicket(trx, ticket.id, 'BETTING', { status: 'VOID', settledAt: at });
      if (voided)
        await store.releaseLiability(
          trx,
          ticket,
          ticketLiability(game, BigInt(ticket.stake), ticket.oddsBp, ticket.betType),
        );
    });
  }

  /** Charges a BETTING ticket. A refusal voids it; an unknown answer rolls it back. */
  async function placeBet(ticket: TicketRow, token: string): Promise<void> {
    await sessions.chargeStake(ticketBet(ticket, token), {
      placed: () => store.updateTicket(db, ticket.id, 'BETTING', { status: 'PLACED' }),
      voided: () => voidTicket(ticket, now()),
    });
  }

  /** Makes each game's current and next draw, committing each seed before the draw's betting opens. */
  async function schedule(at: Date): Promise<number> {
    let made = 0;
    for (const game of LOTTERY_GAMES) {
      for (const t of upcomingDraws(game, at)) {
        // A draw made late (no instance ran before its window opened) opens when its seed is committed.
        const opensAt = t.opensAt > at ? t.opensAt : at;
        if (opensAt >= t.closesAt) continue;
        if (await store.draw(db, t.id)) continue;
        const seed = generateServerSeed();
        await store.insertDraw(db, {
          id: t.id,
          gameCode: game.code,
          opensAt,
          closesAt: t.closesAt,
          drawsAt: t.drawsAt,
          seed,
          seedHash: commitDrawSeed(seed),
          committedAt: at,
        });
        made += 1;
      }
    }
    return made;
  }

  /** Draws every draw whose time has come (also those missed while no instance ran), each once. */
  async function drawDue(at: Date): Promise<number> {
    let drawn = 0;
    for (const d of await store.dueDraws(db, at, 1000)) {
      const result = drawResult(findLotteryGame(d.gameCode), d.seed, d.id);
      if (await store.reveal(db, d.id, JSON.stringify(result), at)) drawn += 1;
    }
    return drawn;
  }

  /**
   * Pays every ticket of one drawn draw, a batch at a time in id order, each batch after the last: a
   * bet whose answer never came is taken back; each placed ticket's win (0 for a lost one, a function
   * of the draw's result alone) goes to the operator in `wins` calls, under the ticket's own key
   * `{ticketId}:win`, so the operator applies each once however many settlers or retries send it; the
   * paid ones are finished in one statement (decision 104). A ticket left open (an unknown answer) is
   * settled by the next run. Answers how many were paid now.
   */
  async function settleDraw(d: DrawRow, at: Date): Promise<number> {
    const game = findLotteryGame(d.gameCode);
    let paid = 0;
    let after = '';
    for (;;) {
      const batch = await store.openTickets(db, d.id, SETTLE_BATCH, after);
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!.id;
      // A bet whose answer is still on its way (or was lost): wait for it, then take it back.
      const stale = batch.filter(
        (t) => t.status === 'BETTING' && at.getTime() - new Date(t.createdAt).getTime() >= BET_RETRY_AFTER_MS,
      );
      await inParallel(stale, SETTLE_CONCURRENCY, async (t) => {
        if (await rollBack(t, t.operatorToken)) await voidTicket(t, at);
      });
      // A SETTLING ticket (an earlier version claimed tickets first) keeps the payout it was claimed with.
      const due = batch.flatMap((t) =>
        t.status === 'SETTLING'
          ? [{ ...t, payout: BigInt(t.payout) }]
          : t.status === 'PLACED'
            ? [
                {
                  ...t,
                  payout: settleTicket(game, d.result, {
                    betType: t.betType,
                    selection: t.selection,
                    stake: BigInt(t.stake),
                    oddsBasisPoints: t.oddsBp,
                  }),
                },
              ]
            : [],
      );
      const answers = await sendWins(
        seamless,
        due.map((t) => ticketWin(t, t.payout)),
      );
      const finished = await store.finishTickets(
        db,
        due.filter((_, i) => answers[i] === 'OK'),
        now(),
      );
      paid += finished.size;
      if (batch.length < SETTLE_BATCH) break;
    }
    await store.finishDraw(db, d.id, 'DRAWN', at);
    return paid;
  }

  /** Pays the tickets of every drawn draw, or refunds those of every cancelled one; answers how many. */
  async function finishDraws(status: 'DRAWN' | 'CANCELLED', at: Date): Promise<number> {
    let done = 0;
    for (const d of await store.drawsToFinish(db, status, 100))
      done += await (status === 'DRAWN' ? settleDraw(d, at) : refundDraw(d, at));
    return done;
  }

  /**
   * Refunds every ticket of one cancelled draw: the bet is rolled back with the ticket's rollback key,
   * so the operator returns each stake once however many instances (or retries) send it. A bet still
   * on its way is rolled back too: the operator's tombstone then refuses it when it arrives.
   */
  async function refundDraw(d: DrawRow, at: Date): Promise<number> {
    let refunded = 0;
    for (;;) {
      const batch = await store.openTickets(db, d.id, SETTLE_BATCH);
      let progress = false;
      for (const t of batch) {
        if (!(await rollBack(t, t.operatorToken))) continue;
        if (await store.updateTicket(db, t.id, t.status, { status: 'REFUNDED', settledAt: at })) refunded += 1;
        progress = true;
      }
      if (batch.length < SETTLE_BATCH || !progress) break;
    }
    await store.finishDraw(db, d.id, 'CANCELLED', at);
    return refunded;
  }

  const gameInfo = async (game: LotteryGame, at: Date): Promise<LotteryGameInfo> => {
    const [current, last, open] = await Promise.all([
      store.currentDraw(db, game.code, at),
      store.recentDraws(db, game.code, 1),
      game.calendar ? store.openDraws(db, game.code, at) : Promise.resolve([]),
    ]);
    return {
      code: game.code,
      family: game.family.code,
      intervalMs: game.intervalMs,
      cutoffMs: game.cutoffMs,
      minStake: game.minStake.toString(),
      maxStake: game.maxStake.toString(),
      maxPayout: game.maxPayout.toString(),
      maxSelectionLiability: game.maxSelectionLiability.toString(),
      maxDrawPayout: game.maxDrawPayout.toString(),
      betTypes: oddsTable(game),
      current: current ? drawView(current) : null,
      last: last[0] ? drawView(last[0]) : null,
      lane: game.lane,
      openDraws: game.calendar ? open.map(drawView) : current ? [drawView(current)] : [],
    };
  };

  return {
    /** One run of the draw clock: commit the next draws, draw the due ones, pay their tickets. */
    async runDraws(at: Date = now()) {
      const scheduled = await schedule(at);
      const drawn = await drawDue(at);
      const settled = await finishDraws('DRAWN', at);
      const refunded = await finishDraws('CANCELLED', at);
      return { scheduled, drawn, settled, refunded };
    },

    /**
     * The operator cancels a draw before its result (decision 091): the draw is closed for good, its
     * seed is revealed (no result rests on it) and every ticket is refunded once, now or by the draw
     * clock if a refund's answer is lost. A draw already drawn or cancelled is refused.
     */
    async cancelDraw(drawId: string, reason: string, by: string, at: Date = now()) {
      const cancelled = await store.cancel(db, drawId, reason, by, at);
      if (!cancelled) {
        const d = await store.draw(db, drawId);
        if (!d) throw new VendorApiError('LOTTERY_DRAW_NOT_FOUND', 404, 'There is no such draw.', 'body.drawId');
        throw new VendorApiError(
          'LOTTERY_DRAW_NOT_CANCELLABLE',
          409,
          'This draw already has its result (or was cancelled); it cannot be cancelled.',
          'body.drawId',
        );
      }
      const refunded = await refundDraw(cancelled, at);
      const [row] = await store.drawsWithTickets(db, { drawId, limit: 1 });
      return { draw: operatorDrawView(row!), refunded };
    },

    schedule,
    drawDue,

    /** The operator's view of the draws (its back office): status, tickets, stakes, possible payout, and the limits. */
    async operatorDraws(q: { gameCode?: string | undefined; status?: DrawStatus | undefined; limit: number }) {
      if (q.gameCode) findGame(q.gameCode);
      const rows = await store.drawsWithTickets(db, q);
      return {
        draws: rows.map((d) => operatorDrawView(d)),
        limits: LOTTERY_GAMES.map((g) => ({
          gameCode: g.code,
          minStake: g.minStake.toString(),
          maxStake: g.maxStake.toString(),
          maxPayout: g.maxPayout.toString(),
          maxSelectionLiability: g.maxSelectionLiability.toString(),
          maxDrawPayout: g.maxDrawPayout.toString(),
        })),
      };
    },

    async games(): Promise<{ serverTime: string; games: LotteryGameInfo[] }> {
      const at = now();
      const games: LotteryGameInfo[] = [];
      for (const game of LOTTERY_GAMES) games.push(await gameInfo(game, at));
      return { serverTime: at.toISOString(), games };
    },

    async draws(gameCode: string, limit: number) {
      findGame(gameCode);
      return { draws: (await store.recentDraws(db, gameCode, limit)).map(drawView) };
    },

    async draw(drawId: string): Promise<LotteryDraw> {
      const d = await store.draw(db, drawId);
      if (!d) throw new VendorApiError('LOTTERY_DRAW_NOT_FOUND', 404, 'There is no such draw.', 'query.drawId');
      return drawView(d);
    },

    openSession: (launchToken: string) => sessions.open(launchToken, (code) => findGame(code).code),

    endSessions: sessions.end,

    async balance(token: string) {
      const s = await requireSession(token);
      return { balance: await currentBalance(s.operatorToken), currency: s.currency };
    },

    async buy(
      token: string,
      input: { requestId: string; drawId: string; betType: string; selection: string; stake: string },
    ): Promise<{ ticket: LotteryTicket; balance: string }> {
      const s = await requireSession(token);
      let ticket = await store.ticketByRequest(db, s.playerId, input.requestId);
      if (!ticket) {
        const game = findGame(s.gameCode);
        let odds: number;
        try {
          odds = priceTicket(game, input.betType, input.selection);
        } catch (error) {
          if (error instanceof HouseGameError)
            throw new VendorApiError('INVALID_BET', 400, error.message, 'body.selection');
          throw error;
        }
        const stake = BigInt(input.stake);
        const unit = betTypeOf(game, input.betType, input.selection).stakeUnit;
        if (unit && stake % unit !== 0n)
          throw new VendorApiError(
            'LOTTERY_STAKE_NOT_WHOLE_POINTS',
            400,
            `A ${input.betType} stake is a whole number of points of ${unit}.`,
            'body.stake',
          );
        if (stake < game.minStake || stake > game.maxStake || (stake * BigInt(odds)) / 10_000n > game.maxPayout)
          throw new VendorApiError(
            'LOTTERY_STAKE_OUT_OF_RANGE',
            400,
            `A stake is ${game.minStake} to ${game.maxStake}.`,
            'body.stake',
          );
        const id = `lt_${randomBytes(12).toString('hex')}`;
        const at = now();
        try {
          await db.transaction().execute(async (trx) => {
            // Shared with the reveal's update: a ticket is either in before the draw, or refused.
            const draw = await store.drawForTicket(trx, input.drawId);
            if (!draw || draw.gameCode !== s.gameCode)
              throw new VendorApiError('LOTTERY_DRAW_NOT_FOUND', 404, 'There is no such draw.', 'body.drawId');
            if (draw.status !== 'OPEN' || at < draw.opensAt || at >= draw.closesAt)
              throw new VendorApiError(
                'LOTTERY_BETTING_CLOSED',
                409,
                'Betting on this draw has closed.',
                'body.drawId',
              );
            const over = await store.addLiability(
              trx,
              { drawId: draw.id, betType: input.betType, selection: input.selection },
              ticketLiability(game, stake, odds, input.betType),
              { selection: game.maxSelectionLiability, draw: game.maxDrawPayout },
            );
            if (over === 'SELECTION')
              throw new VendorApiError(
                'LOTTERY_SELECTION_LIMIT_REACHED',
                409,
                'This selection has reached its limit for this draw; choose another or stake less.',
                'body.selection',
              );
            if (over === 'DRAW')
              throw new VendorApiError(
                'LOTTERY_DRAW_LIMIT_REACHED',
                409,
                'This draw has reached its payout limit; bet on the next draw.',
                'body.drawId',
              );
            await store.insertTicket(trx, {
              id,
              drawId: draw.id,
              playerId: s.playerId,
              sessionId: s.id,
              requestId: input.requestId,
              gameCode: s.gameCode,
              betType: input.betType,
              selection: input.selection,
              stake: stake.toString(),
              oddsBp: odds,
              currency: s.currency,
              status: 'BETTING',
              createdAt: at,
            });
          });
        } catch (error) {
          // The same request sent twice at once: the second finds the first's ticket.
          const again = await store.ticketByRequest(db, s.playerId, input.requestId);
          if (!again) throw error;
        }
        ticket = await store.ticketByRequest(db, s.playerId, input.requestId);
        if (!ticket) throw new Error('the ticket was not stored');
      }
      if (ticket.status === 'BETTING') await placeBet(ticket, s.operatorToken);
      const stored = await store.ticket(db, ticket.id);
      if (stored?.status === 'VOID')
        throw new VendorApiError('GAME_TEMPORARILY_UNAVAILABLE', 503, 'The ticket could not be bought now; try again.');
      return { ticket: ticketView(stored!), balance: await currentBalance(s.operatorToken) };
    },

    /** Trend figures of a game over its last `count` drawn draws (decision 093). */
    async trends(gameCode: string, count: number): Promise<LotteryTrends> {
      const game = findGame(gameCode);
      const family = game.family.code;
      if (!isTrendFamily(family))
        throw new VendorApiError('GAME_NOT_FOUND', 404, 'This game has no trend charts.', 'query.gameCode');
      const rows = await store.drawnResults(db, gameCode, count);
      const figures = lotteryTrends(
        family,
        rows.map((r) => ({ drawId: r.id, drawsAt: iso(r.drawsAt)!, result: r.result as number[] })),
      );
      return { gameCode, family, ...figures, series: figures.series.map((p) => ({ ...p, result: [...p.result] })) };
    },

    /** The session's player's tickets of every game, newest first, one page at a time (decision 093). */
    async ticketHistory(
      token: string,
      q: {
        status?: (typeof LOTTERY_HISTORY_STATUSES)[number] | undefined;
        gameCode?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
        page: number;
        pageSize: number;
      },
    ) {
      const s = await requireSession(token);
      if (q.gameCode) findGame(q.gameCode);
      const range = historyRange(q, now());
      const { rows, total } = await store.ticketHistory(db, {
        playerId: s.playerId,
        statuses: q.status ? HISTORY_STATES[q.status] : Object.values(HISTORY_STATES).flat(),
        gameCode: q.gameCode,
        start: range.start,
        end: range.end,
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return { items: rows.map(ticketView), page: q.page, pageSize: q.pageSize, total, from: range.from, to: range.to };
    },

    async tickets(token: string, limit: number) {
      const s = await requireSession(token);
      return { tickets: (await store.playerTickets(db, s.playerId, s.gameCode, limit)).map(ticketView) };
    },
  };

  function findGame(code: string): LotteryGame {
    try {
      return findLotteryGame(code);
    } catch {
      throw new VendorApiError('GAME_NOT_FOUND', 404, 'There is no such lottery game.', 'gameCode');
    }
  }
}
export type LotteryService = ReturnType<typeof lotteryService>;
