import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';

const notFound = (what: string, field: string) => new AppError('NOT_FOUND', 404, `No such ${what}.`, field);

/**
 * The operator's switches on vendors and games. Statuses are read by every launch straight from the
 * catalogue, so they hold at once; `onChange` lets the lobby's cached lists follow.
 */
export function vendorOpsService(db: Db, onChange: () => void) {
  return {
    async setVendorMaintenance(vendorId: string, maintenance: boolean) {
      const vendor = await db.selectFrom('vendor').select('status').where('id', '=', vendorId).executeTakeFirst();
      if (!vendor) throw notFound('vendor', 'vendorId');
      // A vendor still coming has no games to pause; it goes live when its games arrive.
      if (vendor.status === 'COMING')
        throw new AppError('VALIDATION_FAILED', 400, 'This vendor is not live yet.', 'vendorId');
      const status = maintenance ? ('MAINTENANCE' as const) : ('LIVE' as const);
      const changed = vendor.status !== status;
      if (changed) {
        await db.updateTable('vendor').set({ status }).where('id', '=', vendorId).execute();
        onChange();
      }
      return { vendorId, status, changed };
    },

    async setGameMaintenance(gameCode: string, vendorId: string | undefined, maintenance: boolean) {
      let q = db
        .selectFrom('game')
        .select(['nodeId', 'vendorId', 'gameCode', 'status'])
        .where('gameCode', '=', gameCode)
        .where('status', '<>', 'HIDDEN');
      if (vendorId) q = q.where('vendorId', '=', vendorId);
      const games = await q.execute();
      if (games.length === 0) throw notFound('game', 'gameCode');
      if (games.length > 1)
        throw new AppError('VALIDATION_FAILED', 400, 'Two vendors use this game code: name the vendor.', 'vendorId');
      const game = games[0]!;
      const status = maintenance ? ('MAINTENANCE' as const) : ('LIVE' as const);
      const changed = game.status !== status;
      if (changed) {
        await db.updateTable('game').set({ status }).where('nodeId', '=', game.nodeId).execute();
        onChange();
      }
      return { vendorId: game.vendorId, gameCode: game.gameCode, nodeId: Number(game.nodeId), status, changed };
    },

    /** A new random secret; the registry reads the vendor row on every signed call, so the old one stops now. */
    async rotateSecret(vendorId: string) {
      const secret = randomBytes(32).toString('hex');
      const row = await db
        .updateTable('vendor')
        .set({ secret })
        .where('id', '=', vendorId)
        .returning(['id', 'operatorId'])
        .executeTakeFirst();
      if (!row) throw notFound('vendor', 'vendorId');
      return { vendorId: row.id, operatorId: row.operatorId, secret };
    },
  };
}
export type VendorOpsService = ReturnType<typeof vendorOpsService>;
