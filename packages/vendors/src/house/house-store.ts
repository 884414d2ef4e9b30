import {
  type ColumnType,
  type Generated,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  sql,
} from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;

export type HouseRoundStatus = 'BETTING' | 'OPEN' | 'SETTLING' | 'SETTLED' | 'VOID';

/** The vendor's own tables (migration 0013-house-vendor); the operator's are out of its reach. */
export interface HouseDatabase {
  houseSession: {
    id: string;
    playerId: string;
    operatorToken: string;
    gameCode: string;
    currency: string;
    demo: boolean;
    createdAt: Created;
    expiresAt: Date;
  };
  houseSeed: {
    id: Generated<string>;
    playerId: string;
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    nextNonce: Generated<number>;
    active: Generated<boolean>;
    createdAt: Created;
    revealedAt: Date | null;
  };
  houseRound: {
    id: string;
    playerId: string;
    sessionId: string;
    requestId: string;
    gameCode: string;
    seedId: string;
    nonce: number;
    currency: string;
    bet: ColumnType<string, string, never>;
    payout: ColumnType<string, string | undefined, string>;
    params: ColumnType<unknown, string, string>;
    outcome: ColumnType<unknown, string | null, string>;
    status: HouseRoundStatus;
    createdAt: Created;
    settledAt: Date | null;
  };
}
export type HouseDb = Kysely<HouseDatabase>;
export type HouseRoundRow = Selectable<HouseDatabase['houseRound']>;
type Exec = HouseDb | Transaction<HouseDatabase>;

export const houseStore = {
  session: (db: Exec, id: string) => db.selectFrom('houseSession').selectAll().where('id', '=', id).executeTakeFirst(),

  insertSession: (db: Exec, row: HouseDatabase['houseSession'] extends infer T ? Omit<T, 'createdAt'> : never) =>
    db.insertInto('houseSession').values(row).execute(),

  endSessions: (db: Exec, playerId: string, now: Date) =>
    db
      .updateTable('houseSession')
      .set({ expiresAt: now })
      .where('playerId', '=', playerId)
      .where('expiresAt', '>', now)
      .execute(),

  activeSeed: (db: Exec, playerId: string, lock = false) => {
    const q = db.selectFrom('houseSeed').selectAll().where('playerId', '=', playerId).where('active', '=', true);
    return (lock ? q.forUpdate() : q).executeTakeFirst();
  },

  async insertSeed(
    db: Exec,
    row: { playerId: string; serverSeed: string; serverSeedHash: string; clientSeed: string },
  ) {
    return db
      .insertInto('houseSeed')
      .values(row)
      .onConflict((oc) => oc.column('playerId').where('active', '=', true).doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  takeNonce: (db: Exec, seedId: string) =>
    db
      .updateTable('houseSeed')
      .set((eb) => ({ nextNonce: eb('nextNonce', '+', 1) }))
      .where('id', '=', seedId)
      .returning('nextNonce')
      .executeTakeFirstOrThrow(),

  retireSeed: (db: Exec, seedId: string) =>
    db.updateTable('houseSeed').set({ active: false, revealedAt: new Date() }).where('id', '=', seedId).execute(),

  round: (db: Exec, id: string) => db.selectFrom('houseRound').selectAll().where('id', '=', id).executeTakeFirst(),

  roundByRequest: (db: Exec, playerId: string, requestId: string) =>
    db
      .selectFrom('houseRound')
      .selectAll()
      .where('playerId', '=', playerId)
      .where('requestId', '=', requestId)
      .executeTakeFirst(),

  insertRound: (db: Exec, row: Insertable<HouseDatabase['houseRound']>) =>
    db.insertInto('houseRound').values(row).execute(),

  updateRound: (
    db: Exec,
    id: string,
    patch: { status?: HouseRoundStatus; payout?: bigint; outcome?: string; params?: string; settledAt?: Date },
    onlyIf?: HouseRoundStatus,
  ) => {
    let q = db
      .updateTable('houseRound')
      .set({
        ...(patch.status ? { status: patch.status } : {}),
        ...(patch.payout !== undefined ? { payout: patch.payout.toString() } : {}),
        ...(patch.outcome !== undefined ? { outcome: patch.outcome } : {}),
        ...(patch.params !== undefined ? { params: patch.params } : {}),
        ...(patch.settledAt ? { settledAt: patch.settledAt } : {}),
      })
      .where('id', '=', id);
    if (onlyIf) q = q.where('status', '=', onlyIf);
    return q.returningAll().executeTakeFirst();
  },

  /** The player's rounds of one game, newest first, with the seed (revealed only once retired). */
  recentRounds: (db: Exec, playerId: string, gameCode: string, limit: number) =>
    db
      .selectFrom('houseRound')
      .innerJoin('houseSeed', 'houseSeed.id', 'houseRound.seedId')
      .selectAll('houseRound')
      .select([
        'houseSeed.serverSeedHash',
        'houseSeed.clientSeed',
        sql<string | null>`CASE WHEN house_seed.active THEN NULL ELSE house_seed.server_seed END`.as('serverSeed'),
      ])
      .where('houseRound.playerId', '=', playerId)
      .where('houseRound.gameCode', '=', gameCode)
      .orderBy('houseRound.createdAt', 'desc')
      .orderBy('houseRound.nonce', 'desc')
      .limit(limit)
      .execute(),

  roundWithSeed: (db: Exec, id: string) =>
    db
      .selectFrom('houseRound')
      .innerJoin('houseSeed', 'houseSeed.id', 'houseRound.seedId')
      .selectAll('houseRound')
      .select([
        'houseSeed.serverSeedHash',
        'houseSeed.clientSeed',
        sql<string | null>`CASE WHEN house_seed.active THEN NULL ELSE house_seed.server_seed END`.as('serverSeed'),
      ])
      .where('houseRound.id', '=', id)
      .executeTakeFirst(),

  /** Rounds whose bet or win answer was lost, oldest first: settled again by `settlePending`. */
  unsettled: (db: Exec, olderThan: Date, limit: number) =>
    db
      .selectFrom('houseRound')
      .selectAll()
      .where('status', 'in', ['BETTING', 'SETTLING'])
      .where('createdAt', '<', olderThan)
      .orderBy('createdAt')
      .limit(limit)
      .execute(),
};
