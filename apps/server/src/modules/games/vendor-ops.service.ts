import { randomBytes } from 'node:crypto';
import type { CatalogueRepository } from './catalogue.repository.ts';
import type { VendorRepository } from './vendor.repository.ts';
import { AppError } from '../../plugins/app-error.ts';

const notFound = (what: string, field: string) => new AppError('NOT_FOUND', 404, `No such ${what}.`, field);

/**
 * The operator's switches on vendors and games. Statuses are read by every launch straight from the
 * catalogue, so they hold at once; `onChange` lets the lobby's cached lists follow.
 */
export function vendorOpsService(vendors: VendorRepository, games: CatalogueRepository, onChange: () => void) {
  return {
    async setVendorMaintenance(vendorId: string, maintenance: boolean) {
      const current = await vendors.status(vendorId);
      if (!current) throw notFound('vendor', 'vendorId');
      // A vendor still coming has no games to pause; it goes live when its games arrive.
      if (current === 'COMING')
        throw new AppError('VALIDATION_FAILED', 400, 'This vendor is not live yet.', 'vendorId');
      const status = maintenance ? ('MAINTENANCE' as const) : ('LIVE' as const);
      const changed = current !== status;
      if (changed) {
        await vendors.setStatus(vendorId, status);
        onChange();
      }
      return { vendorId, status, changed };
    },

    async setGameMaintenance(gameCode: string, vendorId: string | undefined, maintenance: boolean) {
      const found = await games.shownByCode(gameCode, vendorId);
      if (found.length === 0) throw notFound('game', 'gameCode');
      if (found.length > 1)
        throw new AppError('VALIDATION_FAILED', 400, 'Two vendors use this game code: name the vendor.', 'vendorId');
      const game = found[0]!;
      const status = maintenance ? ('MAINTENANCE' as const) : ('LIVE' as const);
      const changed = game.status !== status;
      if (changed) {
        await games.setStatus(game.nodeId, status);
        onChange();
      }
      return { vendorId: game.vendorId, gameCode: game.gameCode, nodeId: Number(game.nodeId), status, changed };
    },

    /** A new random secret; the registry reads the vendor row on every signed call, so the old one stops now. */
    async rotateSecret(vendorId: string) {
      const secret = randomBytes(32).toString('hex');
      const row = await vendors.setSecret(vendorId, secret);
      if (!row) throw notFound('vendor', 'vendorId');
      return { vendorId: row.id, operatorId: row.operatorId, secret };
    },
  };
}
export type VendorOpsService = ReturnType<typeof vendorOpsService>;
