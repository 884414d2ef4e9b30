import { type ColumnType, type Insertable, type Kysely, type Selectable, type Transaction, sql } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;

export type DrawStatus = 'OPEN' | 'DRAWN' | 'SETTLED' | 'CANCELLED';
export type TicketStatus = 'BETTING' | 'PLACED' | 'SETTLING' | 'WON' | 'LOST' | 'VOID' | 'REFUNDED';

/** The lottery vendor's own tables (migration 0090-lottery-vendor); the operator's are out of its reach. */
export interface LottoDatabase {
  lottoSession: {
    id: string;
    playerId: string;
    operatorToken: string;
    gameCode: string;
    currency: string;
    demo: boolean;
    createdAt: Created;
    expiresAt: Date;
  };
  lottoDraw: {
    id: string;
    gameCode: string;
    opensAt: Date;
    closesAt: Date;
    drawsAt: Date;
    seed: string;
    seedHash: string;
    status: ColumnType<DrawStatus, DrawStatus | undefined, DrawStatus>;
    result: ColumnType<unknown, string | null | undefined, string>;
    committedAt: Date;
    drawnAt: Date | null;
    settledAt: Date | null;
    liability: ColumnType<string, never, string>;
    cancelReason: string | null;
    cancelledBy: string | null;
  };
  lottoLiability: {
    drawId: string;
    betType: string;
    selection: string;
    payout: string;
  };
  lottoTicket: {
    id: string;
    drawId: string;
    playerId: string;
    sessionId: string;
    requestId: string;
    gameCode: string;
    betType: string;
    selection: string;
    stake: ColumnType<string, string, never>;
    oddsBp: number;
    currency: string;
    status: TicketStatus;
    payout: ColumnType<string, string | undefined, string>;
    createdAt: Date;
    settledAt: Date | null;
  };
}
export type LottoDb = Kysely<LottoDatabase>;
export type DrawRow = Selectable<LottoDatabase['lottoDraw']>;
export type TicketRow = Selectable<LottoDatabase['lottoTicket']>;
export type LottoSessionRow = Selectable<LottoDatabase['lottoSession']>;
type Exec = LottoDb | Transaction<LottoDatabase>;

const OPEN_TICKET: TicketStatus[] = ['BETTING', 'PLACED', 'SETTLING'];

export const lottoStore = {
  session: (db: Exec, id: string) => db.selectFrom('lottoSession').selectAll().where('id', '=', id).executeTakeFirst(),

  insertSession: (db: Exec, row: Insertable<LottoDatabase['lottoSession']>) =>
    db.insertInto('lottoSession').values(row).execute(),

  endSessions: (db: Exec, playerId: string, now: Date) =>
    db
      .updateTable('lottoSession')
      .set({ expiresAt: now })
      .where('playerId', '=', playerId)
      .where('expiresAt', '>', now)
      .execute(),

  /** A draw is made once per id: a second instance's insert of the same draw does nothing. */
  insertDraw: (db: Exec, row: Insertable<LottoDatabase['lottoDraw']>) =>
    db
      .insertInto('lottoDraw')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute(),

  draw: (db: Exec, id: string) => db.selectFrom('lottoDraw').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Locks the draw for a ticket: tickets of one draw are stored one at a time, and never after its reveal. */
  drawForTicket: (db: Exec, id: string) =>
    db.selectFrom('lottoDraw').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

  /**
   * Adds a ticket's possible payout to its selection's and its draw's liability, each only while it
   * stays within its cap (decision 091); answers which cap refused it, if one did.
   */
  async addLiability(
    db: Exec,
    key: { drawId: string; betType: string; selection: string },
    payout: bigint,
    caps: { selection: bigint; draw: bigint },
  ): Promise<'SELECTION' | 'DRAW' | null> {
    const amount = payout.toString();
    const onSelection = await db
      .insertInto('lottoLiability')
      .values({ ...key, payout: amount })
      .onConflict((oc) =>
        oc
          .columns(['drawId', 'betType', 'selection'])
          .doUpdateSet({ payout: sql<string>`lotto_liability.payout + excluded.payout` })
          .where(sql<boolean>`lotto_liability.payout + excluded.payout <= ${caps.selection.toString()}`),
      )
      .returning('payout')
      .executeTakeFirst();
    if (!onSelection || BigInt(onSelection.payout) > caps.selection) return 'SELECTION';
    const onDraw = await db
      .updateTable('lottoDraw')
      .set({ liability: sql<string>`liability + ${amount}` })
      .where('id', '=', key.drawId)
      .where(sql<boolean>`liability + ${amount} <= ${caps.draw.toString()}`)
      .returning('id')
      .executeTakeFirst();
    return onDraw ? null : 'DRAW';
  },

  /** Gives back a ticket's possible payout when it is voided (never charged). */
  releaseLiability: (db: Exec, key: { drawId: string; betType: string; selection: string }, payout: bigint) =>
    Promise.all([
      db
        .updateTable('lottoLiability')
        .set({ payout: sql<string>`payout - ${payout.toString()}` })
        .where('drawId', '=', key.drawId)
        .where('betType', '=', key.betType)
        .where('selection', '=', key.selection)
        .execute(),
      db
        .updateTable('lottoDraw')
        .set({ liability: sql<string>`liability - ${payout.toString()}` })
        .where('id', '=', key.drawId)
        .execute(),
    ]),

  /** Cancels a draw before its result: one conditional update, racing the reveal's. */
  cancel: (db: Exec, id: string, reason: string, by: string, now: Date) =>
    db
      .updateTable('lottoDraw')
      .set({ status: 'CANCELLED', cancelReason: reason, cancelledBy: by, drawnAt: now })
      .where('id', '=', id)
      .where('status', '=', 'OPEN')
      .returningAll()
      .executeTakeFirst(),

  /** The game's draw taking bets at `now`, else the next one. */
  currentDraw: (db: Exec, gameCode: string, now: Date) =>
    db
      .selectFrom('lottoDraw')
      .selectAll()
      .where('gameCode', '=', gameCode)
      .where('status', '=', 'OPEN')
      .where('drawsAt', '>', now)
      .orderBy('drawsAt')
      .limit(1)
      .executeTakeFirst(),

  /** Every committed draw of a game not yet drawn, soonest first (a day's provinces draw at one time). */
  openDraws: (db: Exec, gameCode: string, now: Date) =>
    db
      .selectFrom('lottoDraw')
      .selectAll()
      .where('gameCode', '=', gameCode)
      .where('status', '=', 'OPEN')
      .where('drawsAt', '>', now)
      .orderBy('drawsAt')
      .orderBy('id')
      .limit(20)
      .execute(),

  /** Drawn draws of one game, newest first. */
  recentDraws: (db: Exec, gameCode: string, limit: number) =>
    db
      .selectFrom('lottoDraw')
      .selectAll()
      .where('gameCode', '=', gameCode)
      .where('status', 'in', ['DRAWN', 'SETTLED', 'CANCELLED'])
      .orderBy('drawsAt', 'desc')
      .limit(limit)
      .execute(),

  dueDraws: (db: Exec, now: Date, limit: number) =>
    db
      .selectFrom('lottoDraw')
      .select(['id', 'gameCode', 'seed'])
      .where('status', '=', 'OPEN')
      .where('drawsAt', '<=', now)
      .orderBy('drawsAt')
      .limit(limit)
      .execute(),

  /** Reveals a draw: the result is written once, by whichever instance gets here first. */
  reveal: (db: Exec, id: string, result: string, now: Date) =>
    db
      .updateTable('lottoDraw')
      .set({ status: 'DRAWN', result, drawnAt: now })
      .where('id', '=', id)
      .where('status', '=', 'OPEN')
      .returning('id')
      .executeTakeFirst(),

  /** Draws with tickets still to pay (DRAWN) or to refund (CANCELLED, not yet done). */
  drawsToFinish: (db: Exec, status: 'DRAWN' | 'CANCELLED', limit: number) =>
    db
      .selectFrom('lottoDraw')
      .selectAll()
      .where('status', '=', status)
      .where('settledAt', 'is', null)
      .orderBy('drawsAt')
      .limit(limit)
      .execute(),

  /**
   * A drawn draw whose every ticket is settled is done (SETTLED); a cancelled one whose every ticket
   * is refunded keeps its status and gets its `settled_at`.
   */
  finishDraw: (db: Exec, id: string, from: 'DRAWN' | 'CANCELLED', now: Date) =>
    db
      .updateTable('lottoDraw')
      .set({ status: from === 'DRAWN' ? 'SETTLED' : 'CANCELLED', settledAt: now })
      .where('id', '=', id)
      .where('status', '=', from)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('lottoTicket')
              .select('lottoTicket.id')
              .where('lottoTicket.drawId', '=', id)
              .where('lottoTicket.status', 'in', OPEN_TICKET),
          ),
        ),
      )
      .returning('id')
      .executeTakeFirst(),

  /** Draws for the operator's screen, newest first, with their tickets counted and staked. */
  drawsWithTickets: (
    db: Exec,
    q: { drawId?: string; gameCode?: string | undefined; status?: DrawStatus | undefined; limit: number },
  ) => {
    let query = db
      .selectFrom('lottoDraw')
      .selectAll('lottoDraw')
      .select((eb) => [
        eb
          .selectFrom('lottoTicket')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('lottoTicket.drawId', '=', 'lottoDraw.id')
          .where('lottoTicket.status', '!=', 'VOID')
          .as('tickets'),
        eb
          .selectFrom('lottoTicket')
          .select(sql<string>`coalesce(sum(stake), 0)::text`.as('s'))
          .whereRef('lottoTicket.drawId', '=', 'lottoDraw.id')
          .where('lottoTicket.status', '!=', 'VOID')
          .as('stakes'),
      ]);
    if (q.drawId) query = query.where('lottoDraw.id', '=', q.drawId);
    if (q.gameCode) query = query.where('lottoDraw.gameCode', '=', q.gameCode);
    if (q.status) query = query.where('lottoDraw.status', '=', q.status);
    return query.orderBy('lottoDraw.drawsAt', 'desc').orderBy('lottoDraw.id').limit(q.limit).execute();
  },

  ticket: (db: Exec, id: string) => db.selectFrom('lottoTicket').selectAll().where('id', '=', id).executeTakeFirst(),

  ticketByRequest: (db: Exec, playerId: string, requestId: string) =>
    db
      .selectFrom('lottoTicket')
      .selectAll()
      .where('playerId', '=', playerId)
      .where('requestId', '=', requestId)
      .executeTakeFirst(),

  insertTicket: (db: Exec, row: Insertable<LottoDatabase['lottoTicket']>) =>
    db.insertInto('lottoTicket').values(row).execute(),

  /** Moves a ticket on only from the state the caller saw: of two racing settlers, one moves it. */
  updateTicket: (
    db: Exec,
    id: string,
    from: TicketStatus,
    patch: { status: TicketStatus; payout?: bigint; settledAt?: Date },
  ) =>
    db
      .updateTable('lottoTicket')
      .set({
        status: patch.status,
        ...(patch.payout !== undefined ? { payout: patch.payout.toString() } : {}),
        ...(patch.settledAt ? { settledAt: patch.settledAt } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst(),

  /**
   * A draw's tickets still to settle, a batch at a time in id order after `after` (migration 0106
   * indexes them so), with the session that bought each.
   */
  openTickets: (db: Exec, drawId: string, limit: number, after = '') =>
    db
      .selectFrom('lottoTicket')
      .innerJoin('lottoSession', 'lottoSession.id', 'lottoTicket.sessionId')
      .selectAll('lottoTicket')
      .select('lottoSession.operatorToken')
      .where('lottoTicket.drawId', '=', drawId)
      .where('lottoTicket.status', 'in', OPEN_TICKET)
      .where('lottoTicket.id', '>', after)
      .orderBy('lottoTicket.id')
      .limit(limit)
      .execute(),

  /**
   * Finishes paid tickets in one statement (PLACED, or SETTLING as an earlier version left them):
   * WON with a payout, LOST without, with the payout the operator was sent. A row another settler
   * holds is skipped (that settler finishes it). Answers the ids finished.
   */
  async finishTickets(db: Exec, paid: readonly { id: string; payout: bigint }[], at: Date): Promise<Set<string>> {
    if (paid.length === 0) return new Set();
    const { rows } = await sql<{ id: string }>`
      WITH p AS (SELECT * FROM unnest(${paid.map((p) => p.id)}::text[], ${paid.map((p) => p.payout.toString())}::bigint[])
                   AS p (id, payout)),
           l AS (SELECT t.id FROM lotto_ticket t WHERE t.id IN (SELECT id FROM p) AND t.status IN ('PLACED', 'SETTLING')
                  ORDER BY t.id FOR UPDATE SKIP LOCKED)
      UPDATE lotto_ticket t SET status = CASE WHEN p.payout > 0 THEN 'WON' ELSE 'LOST' END, payout = p.payout,
                                settled_at = ${at}
        FROM l JOIN p ON p.id = l.id
       WHERE t.id = l.id AND t.status IN ('PLACED', 'SETTLING')
      RETURNING t.id`.execute(db);
    return new Set(rows.map((r) => r.id));
  },

  /** A game's last drawn draws (result known), newest first: the trend charts' data. */
  drawnResults: (db: Exec, gameCode: string, limit: number) =>
    db
      .selectFrom('lottoDraw')
      .select(['id', 'drawsAt', 'result'])
      .where('gameCode', '=', gameCode)
      .where('status', 'in', ['DRAWN', 'SETTLED'])
      .orderBy('drawsAt', 'desc')
      .limit(limit)
      .execute(),

  /**
   * One page of a player's tickets of every game, newest first, bought in [start, end); `statuses`
   * narrows them (the caller leaves out tickets never charged). Answers the page and the rows over every page.
   */
  async ticketHistory(
    db: Exec,
    q: {
      playerId: string;
      statuses: TicketStatus[];
      gameCode?: string | undefined;
      start: Date;
      end: Date;
      offset: number;
      limit: number;
    },
  ) {
    let where = db
      .selectFrom('lottoTicket')
      .where('playerId', '=', q.playerId)
      .where('status', 'in', q.statuses)
      .where('createdAt', '>=', q.start)
      .where('createdAt', '<', q.end);
    if (q.gameCode) where = where.where('gameCode', '=', q.gameCode);
    const [rows, count] = await Promise.all([
      where.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
      where.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: count.n };
  },

  playerTickets: (db: Exec, playerId: string, gameCode: string, limit: number) =>
    db
      .selectFrom('lottoTicket')
      .selectAll()
      .where('playerId', '=', playerId)
      .where('gameCode', '=', gameCode)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
};
