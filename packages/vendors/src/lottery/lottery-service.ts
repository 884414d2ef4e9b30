import { createHash, randomBytes } from 'node:crypto';
import type { LotteryDraw, LotteryGameInfo, LotteryTicket } from '@portal/contracts/lottery/lottery-vendor.contract.ts';
import { generateServerSeed } from '@portal/house-vendor/fairness/server-seed.ts';
import { HouseGameError } from '@portal/house-vendor/house-game-error.ts';
import {
  LOTTERY_GAMES,
  type LotteryGame,
  drawResult,
  drawTimes,
  findLotteryGame,
  priceTicket,
  settleTicket,
  ticketLiability,
} from '@portal/house-vendor/lottery/lottery-games.ts';
import { commitDrawSeed } from '@portal/house-vendor/lottery/lottery-result.ts';
import { type SeamlessClient, type SeamlessResult, SeamlessUnavailable } from '../house/seamless-client.ts';
import { VendorApiError } from '../vendor-api.ts';
import {
  type DrawRow,
  type DrawStatus,
  type LottoDb,
  type LottoSessionRow,
  type TicketRow,
  lottoStore as store,
} from './lottery-store.ts';

const SESSION_HOURS = 8;
/** A ticket whose bet answer was lost is rolled back once it is this old. */
const BET_RETRY_AFTER_MS = 15_000;
/** Tickets settled per batch; a draw's tickets are settled batch after batch in one run. */
const SETTLE_BATCH = 500;
/** Wallet calls of one settler in flight at once. */
const SETTLE_CONCURRENCY = 16;

/** Runs `task` over `items` with at most `width` in flight; answers the results in the items' order. */
export async function inParallel<T, R>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!);
      }
    }),
  );
  return results;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function refusal(result: SeamlessResult): VendorApiError {
  switch (result.status) {
    case 'INSUFFICIENT_FUNDS':
      return new VendorApiError('WALLET_INSUFFICIENT_FUNDS', 409, 'Your balance is not enough for this ticket.');
    case 'TOKEN_EXPIRED':
    case 'INVALID_TOKEN':
      return new VendorApiError('GAME_SESSION_EXPIRED', 401, 'This game session has ended; open the game again.');
    case 'USER_BLOCKED':
      return new VendorApiError('ACCOUNT_DISABLED', 403, 'This account cannot play now.');
    case 'LIMIT_REACHED':
      return new VendorApiError('BET_LIMIT_REACHED', 409, 'A betting limit has been reached.');
    case 'INVALID_GAME':
      return new VendorApiError('GAME_MAINTENANCE', 503, 'The game is under maintenance.');
    default:
      return new VendorApiError('GAME_TEMPORARILY_UNAVAILABLE', 503, 'The ticket could not be bought now; try again.');
  }
}

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
  async function requireSession(token: string): Promise<LottoSessionRow> {
    const s = await store.session(db, hashToken(token));
    if (!s || s.expiresAt.getTime() < now().getTime())
      throw new VendorApiError('GAME_SESSION_EXPIRED', 401, 'This game session has ended; open the game again.');
    return s;
  }

  async function currentBalance(token: string): Promise<string> {
    try {
      const r = await seamless.balance(token);
      if (r.status === 'OK' && r.balance !== null) return r.balance;
      throw refusal(r);
    } catch (error) {
      if (error instanceof SeamlessUnavailable)
        throw new VendorApiError('GAME_TEMPORARILY_UNAVAILABLE', 503, 'The balance could not be read; try again.');
      throw error;
    }
  }

  async function rollBack(ticket: TicketRow, token: string): Promise<boolean> {
    try {
      const r = await seamless.rollback({
        token,
        transactionId: `${ticket.id}:rollback`,
        referenceTransactionId: ticket.id,
        roundId: ticket.id,
      });
      // TRANSACTION_NOT_FOUND: the bet never arrived, and the operator now refuses it if it does.
      return r.status === 'OK' || r.status === 'TRANSACTION_NOT_FOUND';
    } catch (error) {
      if (error instanceof SeamlessUnavailable) return false;
      throw error;
    }
  }

  /** Voids a ticket that was never charged and gives its possible payout back to the draw's limits. */
  async function voidTicket(ticket: TicketRow, at: Date): Promise<void> {
    const game = findLotteryGame(ticket.gameCode);
    await db.transaction().execute(async (trx) => {
      const voided = await store.updateTicket(trx, ticket.id, 'BETTING', { status: 'VOID', settledAt: at });
      if (voided) await store.releaseLiability(trx, ticket, ticketLiability(game, BigInt(ticket.stake), ticket.oddsBp));
    });
  }

  /** Charges a BETTING ticket. A refusal voids it; an unknown answer rolls it back. */
  async function placeBet(ticket: TicketRow, token: string): Promise<void> {
    let result: SeamlessResult;
    try {
      result = await seamless.bet({
        token,
        transactionId: ticket.id,
        roundId: ticket.id,
        gameCode: ticket.gameCode,
        amount: BigInt(ticket.stake),
        currency: ticket.currency,
      });
    } catch (error) {
      if (!(error instanceof SeamlessUnavailable)) throw error;
      result = { status: 'TEMPORARY_ERROR', balance: null, currency: null, request_id: null };
    }
    if (result.status === 'OK') {
      await store.updateTicket(db, ticket.id, 'BETTING', { status: 'PLACED' });
      return;
    }
    if (result.status === 'TEMPORARY_ERROR') {
      if (await rollBack(ticket, token)) await voidTicket(ticket, now());
      throw refusal(result);
    }
    await voidTicket(ticket, now());
    throw refusal(result);
  }

  /** Sends a SETTLING ticket's win (0 for a lost one) with the ticket's key: the operator applies it once. */
  async function payTicket(ticket: TicketRow, token: string): Promise<boolean> {
    try {
      const r = await seamless.win({
        token,
        transactionId: `${ticket.id}:win`,
        roundId: ticket.id,
        gameCode: ticket.gameCode,
        amount: BigInt(ticket.payout),
        currency: ticket.currency,
      });
      if (r.status !== 'OK') return false;
      await store.updateTicket(db, ticket.id, 'SETTLING', {
        status: BigInt(ticket.payout) > 0n ? 'WON' : 'LOST',
        settledAt: now(),
      });
      return true;
    } catch (error) {
      if (error instanceof SeamlessUnavailable) return false;
      throw error;
    }
  }

  /** Makes each game's current and next draw, committing each seed before the draw's betting opens. */
  async function schedule(at: Date): Promise<number> {
    let made = 0;
    for (const game of LOTTERY_GAMES) {
      for (const ahead of [0, 1]) {
        const t = drawTimes(game, at, ahead);
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

  /** Pays every ticket of one drawn draw; answers how many were settled now. */
  async function settleDraw(d: DrawRow, at: Date): Promise<number> {
    const game = findLotteryGame(d.gameCode);
    /** Settles one ticket; answers whether it moved on (paid, or voided). */
    const settleOne = async (t: TicketRow & { operatorToken: string }): Promise<'PAID' | 'MOVED' | null> => {
      if (t.status === 'BETTING') {
        // The bet's answer is still on its way (or was lost): wait for it, then take it back.
        if (at.getTime() - new Date(t.createdAt).getTime() < BET_RETRY_AFTER_MS) return null;
        if (!(await rollBack(t, t.operatorToken))) return null;
        await voidTicket(t, at);
        return 'MOVED';
      }
      let ticket: TicketRow | undefined = t;
      if (t.status === 'PLACED') {
        const payout = settleTicket(game, d.result, {
          betType: t.betType,
          selection: t.selection,
          stake: BigInt(t.stake),
          oddsBasisPoints: t.oddsBp,
        });
        // Of two settlers, one claims the ticket; the other finds it SETTLING next time (or settled).
        ticket = await store.updateTicket(db, t.id, 'PLACED', { status: 'SETTLING', payout });
        if (!ticket) return null;
      }
      return (await payTicket(ticket, t.operatorToken)) ? 'PAID' : null;
    };
    let settled = 0;
    for (;;) {
      const batch = await store.openTickets(db, d.id, SETTLE_BATCH);
      // Each ticket is its own wallet call: a batch is paid SETTLE_CONCURRENCY tickets at a time.
      const outcomes = await inParallel(batch, SETTLE_CONCURRENCY, settleOne);
      settled += outcomes.filter((o) => o === 'PAID').length;
      if (batch.length < SETTLE_BATCH || !outcomes.some((o) => o !== null)) break;
    }
    await store.finishDraw(db, d.id, 'DRAWN', at);
    return settled;
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
    const [current, last] = await Promise.all([
      store.currentDraw(db, game.code, at),
      store.recentDraws(db, game.code, 1),
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
      betTypes: game.family.betTypes.map((t) => ({
        code: t.code,
        selections: t.selections.map((selection) => ({ selection, oddsBasisPoints: t.oddsBasisPoints(selection) })),
      })),
      current: current ? drawView(current) : null,
      last: last[0] ? drawView(last[0]) : null,
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

    async openSession(launchToken: string) {
      let auth: SeamlessResult;
      try {
        auth = await seamless.authenticate(launchToken);
      } catch (error) {
        if (error instanceof SeamlessUnavailable)
          throw new VendorApiError('GAME_TEMPORARILY_UNAVAILABLE', 503, 'The game could not be opened; try again.');
        throw error;
      }
      if (auth.status !== 'OK' || !auth.player_id || !auth.game_code || !auth.currency) throw refusal(auth);
      const game = findGame(auth.game_code);
      const session = randomBytes(32).toString('base64url');
      await store.insertSession(db, {
        id: hashToken(session),
        playerId: auth.player_id,
        operatorToken: launchToken,
        gameCode: game.code,
        currency: auth.currency,
        demo: auth.currency === 'TRIAL',
        expiresAt: new Date(now().getTime() + SESSION_HOURS * 3_600_000),
      });
      return {
        session,
        playerId: auth.player_id,
        gameCode: game.code,
        currency: auth.currency,
        balance: auth.balance ?? '0',
      };
    },

    async endSessions(playerId: string): Promise<void> {
      await store.endSessions(db, playerId, now());
    },

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
              ticketLiability(game, stake, odds),
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
