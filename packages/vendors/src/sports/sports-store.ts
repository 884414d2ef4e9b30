import { type ColumnType, type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;
type Big = ColumnType<string, string | bigint, string | bigint>;

export type FixtureStatus = 'OPEN' | 'SETTLED' | 'VOID';
export type TicketStatus =
  'BETTING' | 'PLACED' | 'SETTLING' | 'WON' | 'LOST' | 'REFUNDED' | 'ADJUSTING' | 'VOID' | 'CASHING_OUT' | 'CASHED_OUT';

/** The sportsbook vendor's own tables (migration 0100-sportsbook-vendor); the operator's are out of its reach. */
export interface SportsDatabase {
  sbSession: {
    id: string;
    playerId: string;
    operatorToken: string;
    gameCode: string;
    currency: string;
    createdAt: Created;
    expiresAt: Date;
  };
  sbSetting: {
    id: number;
    margin: ColumnType<string, string, string>;
    minStake: Big;
    maxStake: Big;
    maxPayout: Big;
    maxMatchPayout: Big;
    inplayDelayMs: number;
    /** A margin per sport over the book's (migration 0103). */
    sportMargins: ColumnType<Record<string, number>, string | undefined, string>;
  };
  sbFixture: {
    id: string;
    competition: string;
    sport: string;
    home: string;
    away: string;
    startsAt: Date;
    seed: string;
    status: ColumnType<FixtureStatus, FixtureStatus | undefined, FixtureStatus>;
    result: ColumnType<unknown, string | null | undefined, string | null>;
    revision: ColumnType<number, number | undefined, number>;
    suspended: ColumnType<boolean, boolean | undefined, boolean>;
    suspendedMarkets: ColumnType<string[], string[] | undefined, string[]>;
    margin: ColumnType<string | null, string | null | undefined, string | null>;
    /** No longer kept (decision 101): a match's liability is summed from its open tickets, `openLiability`. */
    liability: ColumnType<string, string | undefined, string>;
    settledAt: Date | null;
    /** Who set the result by hand (settled, voided or corrected) and why (migration 0103). */
    resultBy: ColumnType<string | null, string | null | undefined, string | null>;
    resultReason: ColumnType<string | null, string | null | undefined, string | null>;
  };
  sbTicket: {
    id: string;
    playerId: string;
    sessionId: string;
    requestId: string;
    gameCode: string;
    kind: 'SINGLE' | 'PARLAY';
    stake: Big;
    oddsBp: Big;
    potential: Big;
    currency: string;
    status: TicketStatus;
    payout: ColumnType<string, string | undefined, string>;
    paid: ColumnType<string, string | undefined, string>;
    stale: ColumnType<boolean, boolean | undefined, boolean>;
    adjustments: ColumnType<number, number | undefined, number>;
    createdAt: Date;
    settledAt: Date | null;
  };
  sbLeg: {
    ticketId: string;
    idx: number;
    fixtureId: string;
    marketId: string;
    selection: string;
    oddsBp: number;
    outcome: string | null;
  };
}
export type SportsDb = Kysely<SportsDatabase>;
export type FixtureRow = Selectable<SportsDatabase['sbFixture']>;
export type TicketRow = Selectable<SportsDatabase['sbTicket']>;
export type LegRow = Selectable<SportsDatabase['sbLeg']>;
export type SettingRow = Selectable<SportsDatabase['sbSetting']>;
export type SportsSessionRow = Selectable<SportsDatabase['sbSession']>;
type Exec = SportsDb | Transaction<SportsDatabase>;

/** Tickets whose potential return a match still owes: the ones counted in its liability. */
export const OPEN_TICKETS = ['BETTING', 'PLACED', 'SETTLING'] as const satisfies readonly TicketStatus[];

export const sportsStore = {
  session: (db: Exec, id: string) => db.selectFrom('sbSession').selectAll().where('id', '=', id).executeTakeFirst(),

  insertSession: (db: Exec, row: Insertable<SportsDatabase['sbSession']>) =>
    db.insertInto('sbSession').values(row).execute(),

  endSessions: (db: Exec, playerId: string, now: Date) =>
    db
      .updateTable('sbSession')
      .set({ expiresAt: now })
      .where('playerId', '=', playerId)
      .where('expiresAt', '>', now)
      .execute(),

  /** The player's sessions still open, newest first (a downward correction charges through one). */
  liveSessions: (db: Exec, playerId: string, now: Date) =>
    db
      .selectFrom('sbSession')
      .selectAll()
      .where('playerId', '=', playerId)
      .where('expiresAt', '>', now)
      .orderBy('createdAt', 'desc')
      .limit(3)
      .execute(),

  settings: (db: Exec) => db.selectFrom('sbSetting').selectAll().where('id', '=', 1).executeTakeFirstOrThrow(),

  updateSettings: (db: Exec, patch: Partial<Omit<Insertable<SportsDatabase['sbSetting']>, 'id'>>) =>
    db.updateTable('sbSetting').set(patch).where('id', '=', 1).returningAll().executeTakeFirstOrThrow(),

  /** Fixtures are made once per id: a second instance's insert of the same fixture does nothing. */
  insertFixtures: (db: Exec, rows: Insertable<SportsDatabase['sbFixture']>[]) =>
    rows.length === 0
      ? Promise.resolve()
      : db
          .insertInto('sbFixture')
          .values(rows)
          .onConflict((oc) => oc.column('id').doNothing())
          .execute(),

  fixture: (db: Exec, id: string) => db.selectFrom('sbFixture').selectAll().where('id', '=', id).executeTakeFirst(),

  fixtures: (db: Exec, ids: readonly string[]) =>
    ids.length === 0 ? Promise.resolve([]) : db.selectFrom('sbFixture').selectAll().where('id', 'in', ids).execute(),

  /** Locks the fixtures of a slip in id order, so two bets on one match count its liability in turn. */
  lockFixtures: (db: Exec, ids: readonly string[]) =>
    db.selectFrom('sbFixture').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute(),

  /**
   * Per match, what its open tickets (being placed, placed, or claimed and not yet paid) could still
   * return together: a ticket leaves it in the statement that pays, voids or cashes it out, and a parlay
   * as soon as one of its legs is lost (a correction that wins the leg again brings it back).
   */
  async openLiability(db: Exec, fixtureIds: readonly string[]): Promise<Map<string, bigint>> {
    if (fixtureIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('sbLeg as l')
      .innerJoin('sbTicket as t', 't.id', 'l.ticketId')
      .select(['l.fixtureId', sql<string>`sum(t.potential)::text`.as('liability')])
      .where('l.fixtureId', 'in', [...fixtureIds])
      .where('t.status', 'in', OPEN_TICKETS)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sbLeg as lost')
              .select('lost.idx')
              .whereRef('lost.ticketId', '=', 't.id')
              .where('lost.outcome', '=', 'LOSE'),
          ),
        ),
      )
      .groupBy('l.fixtureId')
      .execute();
    return new Map(fixtureIds.map((id) => [id, BigInt(rows.find((r) => r.fixtureId === id)?.liability ?? '0')]));
  },

  window: (db: Exec, from: Date, to: Date) =>
    db
      .selectFrom('sbFixture')
      .selectAll()
      .where('startsAt', '>=', from)
      .where('startsAt', '<', to)
      .orderBy('startsAt')
      .orderBy('id')
      .execute(),

  /** Open fixtures that started before `before` (over by now if they started long enough ago). */
  startedOpen: (db: Exec, before: Date, limit: number) =>
    db
      .selectFrom('sbFixture')
      .selectAll()
      .where('status', '=', 'OPEN')
      .where('startsAt', '<', before)
      .orderBy('startsAt')
      .limit(limit)
      .execute(),

  /** Writes a fixture's result once: of two settlers, one writes it. */
  settleFixture: (db: Exec, id: string, result: string, at: Date) =>
    db
      .updateTable('sbFixture')
      .set({ status: 'SETTLED', result, settledAt: at })
      .where('id', '=', id)
      .where('status', '=', 'OPEN')
      .returningAll()
      .executeTakeFirst(),

  /**
   * An operator's correction or cancellation: a new result (null for a void match) and revision. With
   * `expected`, only from the revision and status the staff member saw: of two at once, one applies.
   */
  reviseFixture: (
    db: Exec,
    id: string,
    status: FixtureStatus,
    result: string | null,
    at: Date,
    expected?: { revision: number; status: FixtureStatus; by: string; reason: string },
  ) => {
    let q = db
      .updateTable('sbFixture')
      .set({
        status,
        result,
        revision: sql<number>`revision + 1`,
        settledAt: at,
        ...(expected ? { resultBy: expected.by, resultReason: expected.reason } : {}),
      })
      .where('id', '=', id);
    if (expected) q = q.where('revision', '=', expected.revision).where('status', '=', expected.status);
    return q.returningAll().executeTakeFirst();
  },

  setFixtureSwitches: (
    db: Exec,
    id: string,
    patch: { suspended?: boolean; suspendedMarkets?: string[]; margin?: string | null },
  ) => db.updateTable('sbFixture').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),

  /** The distinct selections bet on a fixture, to settle each once. */
  fixtureSelections: (db: Exec, fixtureId: string) =>
    db.selectFrom('sbLeg').select(['marketId', 'selection']).distinct().where('fixtureId', '=', fixtureId).execute(),

  setOutcome: (db: Exec, fixtureId: string, marketId: string, selection: string, outcome: string) =>
    db
      .updateTable('sbLeg')
      .set({ outcome })
      .where('fixtureId', '=', fixtureId)
      .where('marketId', '=', marketId)
      .where('selection', '=', selection)
      .execute(),

  /** After a correction: every settled ticket with a leg on the fixture is paid again by difference. */
  markStale: (db: Exec, fixtureId: string) =>
    db
      .updateTable('sbTicket')
      .set({ stale: true })
      .where('status', 'in', ['PLACED', 'WON', 'LOST', 'REFUNDED', 'SETTLING', 'ADJUSTING'])
      .where('id', 'in', db.selectFrom('sbLeg').select('ticketId').where('fixtureId', '=', fixtureId))
      .execute(),

  ticket: (db: Exec, id: string) => db.selectFrom('sbTicket').selectAll().where('id', '=', id).executeTakeFirst(),

  /** A ticket locked for a cash-out: a settler's claim of the same ticket waits for it. */
  lockTicket: (db: Exec, id: string) =>
    db.selectFrom('sbTicket').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

  ticketByRequest: (db: Exec, playerId: string, requestId: string) =>
    db
      .selectFrom('sbTicket')
      .selectAll()
      .where('playerId', '=', playerId)
      .where('requestId', '=', requestId)
      .executeTakeFirst(),

  insertTicket: async (
    db: Exec,
    row: Insertable<SportsDatabase['sbTicket']>,
    legs: Insertable<SportsDatabase['sbLeg']>[],
  ) => {
    await db.insertInto('sbTicket').values(row).execute();
    await db.insertInto('sbLeg').values(legs).execute();
  },

  legs: (db: Exec, ticketIds: readonly string[]) =>
    ticketIds.length === 0
      ? Promise.resolve([] as LegRow[])
      : db
          .selectFrom('sbLeg')
          .selectAll()
          .where('ticketId', 'in', ticketIds)
          .orderBy('ticketId')
          .orderBy('idx')
          .execute(),

  /** Moves a ticket on only from the state the caller saw: of two racing settlers, one moves it. */
  updateTicket: (
    db: Exec,
    id: string,
    from: TicketStatus | TicketStatus[],
    patch: Partial<{
      status: TicketStatus;
      payout: bigint;
      paid: bigint;
      stale: boolean;
      adjustments: number;
      settledAt: Date;
    }>,
    onlyStale = false,
  ) => {
    let q = db
      .updateTable('sbTicket')
      .set({
        ...(patch.status ? { status: patch.status } : {}),
        ...(patch.payout !== undefined ? { payout: patch.payout.toString() } : {}),
        ...(patch.paid !== undefined ? { paid: patch.paid.toString() } : {}),
        ...(patch.stale !== undefined ? { stale: patch.stale } : {}),
        ...(patch.adjustments !== undefined ? { adjustments: patch.adjustments } : {}),
        ...(patch.settledAt ? { settledAt: patch.settledAt } : {}),
      })
      .where('id', '=', id)
      .where('status', 'in', Array.isArray(from) ? from : [from]);
    if (onlyStale) q = q.where('stale', '=', true);
    return q.returningAll().executeTakeFirst();
  },

  /**
   * Tickets the settler has work on, in id order after `after` (a run reads each once, a batch after
   * the last): placed ones whose every leg has an outcome, ones being paid, cashed out or adjusted,
   * stale settled ones, and bets whose answer may be lost; with the token of their session.
   */
  workTickets: (db: Exec, limit: number, after = '') =>
    db
      .selectFrom('sbTicket')
      .innerJoin('sbSession', 'sbSession.id', 'sbTicket.sessionId')
      .selectAll('sbTicket')
      .select('sbSession.operatorToken')
      .where('sbTicket.id', '>', after)
      .where((eb) =>
        eb.or([
          eb('sbTicket.status', 'in', ['BETTING', 'SETTLING', 'ADJUSTING', 'CASHING_OUT']),
          eb.and([eb('sbTicket.stale', '=', true), eb('sbTicket.status', 'in', ['WON', 'LOST', 'REFUNDED'])]),
          eb.and([
            eb('sbTicket.status', '=', 'PLACED'),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('sbLeg')
                  .select('sbLeg.idx')
                  .whereRef('sbLeg.ticketId', '=', 'sbTicket.id')
                  .where('sbLeg.outcome', 'is', null),
              ),
            ),
          ]),
        ]),
      )
      .orderBy('sbTicket.id')
      .limit(limit)
      .execute(),

  /**
   * Claims placed tickets for payment, each with its payout, in one statement: PLACED → SETTLING only.
   * Rows are locked in id order and a row another transaction holds (a cash-out, a correction, another
   * settler's claim) is skipped, so two settlers never wait on each other; answers the ids claimed.
   */
  async claimTickets(db: Exec, claims: readonly { id: string; payout: bigint }[]): Promise<Set<string>> {
    if (claims.length === 0) return new Set();
    const { rows } = await sql<{ id: string }>`
      WITH c AS (SELECT * FROM unnest(${claims.map((c) => c.id)}::text[], ${claims.map((c) => c.payout.toString())}::bigint[])
                   AS c (id, payout)),
           l AS (SELECT t.id FROM sb_ticket t WHERE t.id IN (SELECT id FROM c) AND t.status = 'PLACED'
                  ORDER BY t.id FOR UPDATE SKIP LOCKED)
      UPDATE sb_ticket t SET status = 'SETTLING', payout = c.payout
        FROM l JOIN c ON c.id = l.id
       WHERE t.id = l.id AND t.status = 'PLACED'
      RETURNING t.id`.execute(db);
    return new Set(rows.map((r) => r.id));
  },

  /**
   * Finishes paid SETTLING tickets in one statement, each with its final status and the amount paid;
   * locked in id order, a row another transaction holds is skipped (it stays SETTLING: its win is sent
   * again under the same key, which the operator answers from the first, and it is finished then).
   * Answers the ids finished.
   */
  async finishTickets(
    db: Exec,
    paid: readonly { id: string; status: TicketStatus; paid: bigint }[],
    at: Date,
  ): Promise<Set<string>> {
    if (paid.length === 0) return new Set();
    const { rows } = await sql<{ id: string }>`
      WITH f AS (SELECT * FROM unnest(${paid.map((p) => p.id)}::text[], ${paid.map((p) => p.status)}::text[],
                                      ${paid.map((p) => p.paid.toString())}::bigint[]) AS f (id, status, paid)),
           l AS (SELECT t.id FROM sb_ticket t WHERE t.id IN (SELECT id FROM f) AND t.status = 'SETTLING'
                  ORDER BY t.id FOR UPDATE SKIP LOCKED)
      UPDATE sb_ticket t SET status = f.status, paid = f.paid, settled_at = ${at}
        FROM l JOIN f ON f.id = l.id
       WHERE t.id = l.id AND t.status = 'SETTLING'
      RETURNING t.id`.execute(db);
    return new Set(rows.map((r) => r.id));
  },

  playerTickets: (db: Exec, playerId: string, open: boolean, limit: number) =>
    db
      .selectFrom('sbTicket')
      .selectAll()
      .where('playerId', '=', playerId)
      .where(
        'status',
        'in',
        open ? ['PLACED', 'SETTLING'] : ['WON', 'LOST', 'REFUNDED', 'ADJUSTING', 'CASHING_OUT', 'CASHED_OUT'],
      )
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),

  /**
   * Per player, a mark of the state of their tickets (how many, how many in each status, the latest
   * placing and settling): it changes whenever a ticket is placed, settled, cashed out or adjusted.
   */
  async ticketMarks(db: Exec, playerIds: readonly string[]): Promise<Map<string, string>> {
    if (playerIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('sbTicket')
      .select((eb) => [
        'playerId',
        sql<string>`string_agg(DISTINCT status, ',' ORDER BY status)`.as('statuses'),
        eb.fn.countAll<string>().as('n'),
        sql<string>`count(*) FILTER (WHERE status IN ('BETTING', 'PLACED', 'SETTLING', 'CASHING_OUT', 'ADJUSTING'))`.as(
          'open',
        ),
        sql<string>`coalesce(max(created_at)::text, '')`.as('placed'),
        sql<string>`coalesce(max(settled_at)::text, '')`.as('settled'),
        sql<string>`coalesce(sum(paid), 0)::text`.as('paid'),
      ])
      .where('playerId', 'in', [...playerIds])
      .groupBy('playerId')
      .execute();
    return new Map(rows.map((r) => [r.playerId, `${r.n}|${r.open}|${r.statuses}|${r.placed}|${r.settled}|${r.paid}`]));
  },
};
