import { sql } from 'kysely';
import { type Db, type Executor, inTransaction } from '../../db/client.ts';

const like = (q: string) => `%${q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
const GAME = [
  'nodeId',
  'vendorId',
  'gameCode',
  'names',
  'gameType',
  'status',
  'enabled',
  'isHot',
  'hotSort',
  'sort',
] as const;

/** The back office's reads and writes of the catalogue's vendors and games (every write bumps the catalogue version by trigger). */
export function boGamesRepository(db: Db) {
  const vendors = (ex: Executor) =>
    ex
      .selectFrom('vendor as v')
      .select(['v.id', 'v.name', 'v.mode', 'v.status', 'v.enabled', 'v.sort', 'v.operatorId'])
      .select((eb) => [
        eb
          .selectFrom('game as g')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('g.vendorId', '=', 'v.id')
          .where('g.status', '<>', 'HIDDEN')
          .as('games'),
        sql<
          string[]
        >`coalesce((SELECT array_agg(c.category ORDER BY c.sort) FROM vendor_category c WHERE c.vendor_id = v.id), '{}')`.as(
          'categories',
        ),
      ]);
  return {
    transaction: inTransaction(db),
    vendors: () => vendors(db).orderBy('v.sort').orderBy('v.id').execute(),
    vendor: (ex: Executor, id: string) => vendors(ex).where('v.id', '=', id).executeTakeFirst(),
    lockVendor: (trx: Executor, id: string) =>
      trx
        .selectFrom('vendor')
        .select(['id', 'status', 'enabled', 'sort'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),
    updateVendor: (
      trx: Executor,
      id: string,
      set: { status?: 'LIVE' | 'MAINTENANCE'; enabled?: boolean; sort?: number },
    ) => trx.updateTable('vendor').set(set).where('id', '=', id).execute(),
    /** Replaces the lobby categories a vendor is listed in, in the order given. */
    async setCategories(trx: Executor, id: string, categories: readonly string[]) {
      await trx.deleteFrom('vendorCategory').where('vendorId', '=', id).execute();
      if (categories.length > 0)
        await trx
          .insertInto('vendorCategory')
          .values(categories.map((category, sort) => ({ vendorId: id, category, sort })))
          .execute();
    },
    setSecret: (trx: Executor, id: string, secret: string) =>
      trx.updateTable('vendor').set({ secret }).where('id', '=', id).returning(['id', 'operatorId']).executeTakeFirst(),

    async games(q: { vendorId?: string | undefined; q?: string | undefined; limit: number; offset: number }) {
      let query = db.selectFrom('game');
      if (q.vendorId) query = query.where('vendorId', '=', q.vendorId);
      if (q.q)
        query = query.where((eb) => eb.or([eb('searchName', 'like', like(q.q!)), eb('gameCode', 'ilike', like(q.q!))]));
      const [rows, count] = await Promise.all([
        query.select(GAME).orderBy('sort').orderBy('nodeId').limit(q.limit).offset(q.offset).execute(),
        query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    game: (ex: Executor, nodeId: string) =>
      ex.selectFrom('game').select(GAME).where('nodeId', '=', nodeId).executeTakeFirst(),
    lockGame: (trx: Executor, nodeId: string) =>
      trx.selectFrom('game').select(GAME).where('nodeId', '=', nodeId).forUpdate().executeTakeFirst(),
    updateGame: (
      trx: Executor,
      nodeId: string,
      set: { status?: 'LIVE' | 'MAINTENANCE'; enabled?: boolean; sort?: number; isHot?: boolean; hotSort?: number },
    ) => trx.updateTable('game').set(set).where('nodeId', '=', nodeId).execute(),
  };
}
export type BoGamesRepository = ReturnType<typeof boGamesRepository>;
