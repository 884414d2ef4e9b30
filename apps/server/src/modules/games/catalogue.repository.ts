import type { GameCategory } from '@portal/contracts/limits.ts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { GameTable } from '../../db/schema.ts';

export type GameRow = Selectable<GameTable> & { vendorName: string; vendorLogoUrl: string; vendorStatus: string };

export interface GameFilter {
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  isHot?: boolean | undefined;
  gameName?: string | undefined;
  minBet?: string | undefined;
  minLineNum?: number | undefined;
}

/** A game as a vendor lists it; the catalogue keeps its own node id and order. */
export interface VendorGame {
  gameCode: string;
  gameType: GameCategory;
  gameClassify?: string | null;
  names: Record<string, string>;
  iconUrl: string;
  roomId?: string | null;
  supportPlay: 0 | 1;
  rtpBasisPoints?: number | null;
  minBet?: bigint | null;
  lineNum?: number | null;
  isHot?: boolean;
  sort?: number;
}

/** Where a game stands in the list's order: the keyset of keyset paging. */
export interface GameKey {
  sort: number;
  nodeId: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function catalogueRepository(db: Db) {
  const base = () =>
    db
      .selectFrom('game')
      .innerJoin('vendor', 'vendor.id', 'game.vendorId')
      .selectAll('game')
      .select(['vendor.name as vendorName', 'vendor.logoUrl as vendorLogoUrl', 'vendor.status as vendorStatus'])
      .where('game.status', '<>', 'HIDDEN')
      // The operator's switches (the back office): a game or vendor turned off is not in the lobby.
      .where('game.enabled', '=', true)
      .where('vendor.enabled', '=', true);

  const filtered = (f: GameFilter) => {
    let q = base();
    if (f.gameType) q = q.where('game.gameType', '=', f.gameType);
    if (f.vassalage) q = q.where('game.vendorId', '=', f.vassalage);
    if (f.gameClassify) q = q.where('game.gameClassify', '=', f.gameClassify);
    if (f.isHot !== undefined) q = q.where('game.isHot', '=', f.isHot);
    if (f.gameName) q = q.where('game.searchName', 'like', `%${escapeLike(f.gameName.toLowerCase())}%`);
    // "minimum bet" and "minimum lines" filter for games a player can afford and wants: at least that many lines, a stake of at most that much.
    if (f.minBet !== undefined)
      q = q.where((eb) => eb.or([eb('game.minBet', 'is', null), eb('game.minBet', '<=', f.minBet!)]));
    if (f.minLineNum !== undefined) q = q.where('game.lineNum', '>=', f.minLineNum);
    return q;
  };

  /** Stored counts (migrations 0031, 0033) answer a filter of category and vendor alone; any other filter counts the rows. */
  const countOf = async (f: GameFilter): Promise<number> => {
    const { gameType, vassalage, ...rest } = f;
    if (Object.values(rest).every((v) => v === undefined)) {
      // A vendor switched off in the back office lists none of its games (its switch is not in the counts).
      let q = db
        .selectFrom('gameCount')
        .innerJoin('vendor', 'vendor.id', 'gameCount.vendorId')
        .where('vendor.enabled', '=', true)
        .select((eb) => eb.fn.sum<string | null>('gameCount.games').as('n'));
      if (gameType) q = q.where('gameCount.gameType', '=', gameType);
      if (vassalage) q = q.where('gameCount.vendorId', '=', vassalage);
      const { n } = await q.executeTakeFirstOrThrow();
      return Number(n ?? 0);
    }
    const { n } = await filtered(f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  };

  return {
    /** The games with this code that players can see (one per vendor using it), optionally of one vendor. */
    shownByCode: (gameCode: string, vendorId?: string) =>
      db
        .selectFrom('game')
        .select(['nodeId', 'vendorId', 'gameCode', 'status'])
        .where('gameCode', '=', gameCode)
        .where('status', '<>', 'HIDDEN')
        .$if(vendorId !== undefined, (q) => q.where('vendorId', '=', vendorId!))
        .execute(),
    setStatus: async (nodeId: string, status: 'LIVE' | 'MAINTENANCE') => {
      await db.updateTable('game').set({ status }).where('nodeId', '=', nodeId).execute();
    },

    /** The catalogue's version: it changes with every write to a game or a vendor (migration 0030). */
    async version(): Promise<string> {
      const row = await db.selectFrom('catalogueVersion').select('version').executeTakeFirstOrThrow();
      return row.version;
    },

    /**
     * One page of the list in (sort, node id) order, and how many games the filter finds. `after`
     * (the last game of the page before: keyset paging) starts the page there, reading only the
     * page's rows from the index; without it the page is found by its number (offset). A filter by
     * category and vendor alone is counted from `game_count` (migration 0031) instead of the rows.
     */
    async page(
      f: GameFilter,
      pageNo: number,
      pageSize: number,
      after?: GameKey,
    ): Promise<{ rows: GameRow[]; total: number }> {
      let q = filtered(f);
      q = after
        ? q.where((eb) => eb(eb.refTuple('game.sort', 'game.nodeId'), '>', eb.tuple(after.sort, after.nodeId)))
        : q.offset((pageNo - 1) * pageSize);
      const [rows, total] = await Promise.all([
        q.orderBy('game.sort').orderBy('game.nodeId').limit(pageSize).execute(),
        countOf(f),
      ]);
      return { rows, total };
    },

    hot(vassalage: string | undefined, limit: number): Promise<GameRow[]> {
      let q = base().where('game.isHot', '=', true);
      if (vassalage) q = q.where('game.vendorId', '=', vassalage);
      return q.orderBy('game.hotSort').orderBy('game.nodeId').limit(limit).execute();
    },

    byIds(nodeIds: readonly string[]): Promise<GameRow[]> {
      if (nodeIds.length === 0) return Promise.resolve([]);
      return base().where('game.nodeId', 'in', nodeIds).execute();
    },

    byNode(nodeId: string): Promise<GameRow | undefined> {
      return base().where('game.nodeId', '=', nodeId).executeTakeFirst();
    },

    byCode(vendorId: string, gameCode: string): Promise<GameRow | undefined> {
      return base().where('game.vendorId', '=', vendorId).where('game.gameCode', '=', gameCode).executeTakeFirst();
    },

    /** Games by the number of real-money bets placed on them since `since`. */
    async mostPlayed(since: Date, limit: number): Promise<string[]> {
      const rows = await sql<{ nodeId: string }>`
        SELECT g.node_id AS "nodeId"
          FROM ledger_transfer t
          JOIN game g ON g.vendor_id = t.reference->>'vendorId' AND g.game_code = t.reference->>'gameCode'
         WHERE t.kind = 'BET' AND t.created_at >= ${since} AND t.currency <> 'TRIAL' AND g.status <> 'HIDDEN'
           AND g.enabled
         GROUP BY g.node_id
         ORDER BY count(*) DESC, g.node_id
         LIMIT ${limit}`.execute(db);
      return rows.rows.map((r) => r.nodeId);
    },

    /** The latest real-money net wins (more than the round's stakes) with the winner's account and the game. */
    async latestWins(category: GameCategory | null, limit: number) {
      const rows = await sql<{
        memberId: string;
        account: string;
        amount: string;
        currency: string;
        createdAt: Date;
        nodeId: string;
      }>`
        SELECT a.member_id AS "memberId", m.account, t.amount, t.currency, t.created_at AS "createdAt",
               g.node_id AS "nodeId"
          FROM ledger_transfer t
          JOIN ledger_account a ON a.id = t.to_account_id AND a.kind = 'MEMBER_MAIN'
          JOIN member m ON m.id = a.member_id
          JOIN game g ON g.vendor_id = t.reference->>'vendorId' AND g.game_code = t.reference->>'gameCode'
         WHERE t.kind = 'WIN' AND t.currency <> 'TRIAL'
           AND (${category}::text IS NULL OR g.game_type = ${category})
           -- A win is a net win only: a return at or below the round's stakes (₩5 back on ₩10) is not listed.
           AND t.amount > coalesce((
                 SELECT sum(b.amount) FROM ledger_transfer b
                  WHERE b.kind = 'BET' AND b.from_account_id = t.to_account_id
                    AND b.reference->>'vendorId' = t.reference->>'vendorId'
                    AND b.reference->>'roundId' = t.reference->>'roundId'), 0)
         ORDER BY t.created_at DESC, t.id DESC
         LIMIT ${limit}`.execute(db);
      return rows.rows;
    },

    async menu() {
      return db
        .selectFrom('game')
        .innerJoin('vendor', 'vendor.id', 'game.vendorId')
        .select([
          'game.gameType',
          'game.gameClassify',
          'vendor.id as vendorId',
          'vendor.name',
          'vendor.logoUrl',
          'vendor.sort as vendorSort',
        ])
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('game.status', '<>', 'HIDDEN')
        .where('game.enabled', '=', true)
        .where('vendor.enabled', '=', true)
        .groupBy(['game.gameType', 'game.gameClassify', 'vendor.id', 'vendor.name', 'vendor.logoUrl', 'vendor.sort'])
        .orderBy('vendor.sort')
        .execute();
    },

    favouriteIds(memberId: string): Promise<{ nodeId: string }[]> {
      return db
        .selectFrom('favouriteGame')
        .select('nodeId')
        .where('memberId', '=', memberId)
        .orderBy('createdAt', 'desc')
        .orderBy('nodeId', 'desc')
        .execute();
    },

    async addFavourite(memberId: string, nodeId: string): Promise<void> {
      await db
        .insertInto('favouriteGame')
        .values({ memberId, nodeId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async removeFavourite(memberId: string, nodeId: string): Promise<void> {
      await db.deleteFrom('favouriteGame').where('memberId', '=', memberId).where('nodeId', '=', nodeId).execute();
    },

    async recordLaunch(memberId: string, nodeId: string): Promise<void> {
      await db
        .insertInto('recentGame')
        .values({ memberId, nodeId })
        .onConflict((oc) => oc.columns(['memberId', 'nodeId']).doUpdateSet({ playedAt: sql`now()` }))
        .execute();
    },

    recentIds(memberId: string, limit: number): Promise<{ nodeId: string }[]> {
      return db
        .selectFrom('recentGame')
        .select('nodeId')
        .where('memberId', '=', memberId)
        .orderBy('playedAt', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Brings a vendor's games into the catalogue: new games are added, known ones updated (the
     * operator's hot flag and order stay), games the vendor no longer lists are hidden, never deleted.
     */
    async sync(vendorId: string, games: readonly VendorGame[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [i, g] of games.entries()) {
          const values = {
            gameType: g.gameType,
            gameClassify: g.gameClassify ?? null,
            names: JSON.stringify(g.names) as unknown as Record<string, string>,
            iconUrl: g.iconUrl,
            roomId: g.roomId ?? null,
            supportPlay: g.supportPlay,
            rtpBasisPoints: g.rtpBasisPoints ?? null,
            minBet: g.minBet === undefined || g.minBet === null ? null : g.minBet.toString(),
            lineNum: g.lineNum ?? null,
            searchName: Object.values(g.names).join(' ').toLowerCase(),
          };
          await trx
            .insertInto('game')
            .values({
              vendorId,
              gameCode: g.gameCode,
              ...values,
              isHot: g.isHot ?? false,
              hotSort: g.sort ?? i,
              sort: g.sort ?? i,
            })
            .onConflict((oc) =>
              oc.columns(['vendorId', 'gameCode']).doUpdateSet({
                ...values,
                status: sql`CASE WHEN game.status = 'HIDDEN' THEN 'LIVE' ELSE game.status END`,
              }),
            )
            .execute();
        }
        const codes = games.map((g) => g.gameCode);
        let hide = trx.updateTable('game').set({ status: 'HIDDEN' }).where('vendorId', '=', vendorId);
        if (codes.length > 0) hide = hide.where('gameCode', 'not in', codes);
        await hide.execute();
      });
    },
  };
}
export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
