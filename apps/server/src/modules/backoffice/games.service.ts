import { randomBytes } from 'node:crypto';
import type { BoGame, BoVendor } from '@portal/contracts/backoffice/games.contract.ts';
import { GAME_CATEGORIES } from '@portal/contracts/limits.ts';
import { AppError } from '../../plugins/app-error.ts';
import { writeAudit, type Actor } from './audit.ts';
import type { BoGamesRepository } from './games.repository.ts';

type VendorRow = NonNullable<Awaited<ReturnType<BoGamesRepository['vendor']>>>;
type GameRow = NonNullable<Awaited<ReturnType<BoGamesRepository['game']>>>;

const vendorOut = (v: VendorRow): BoVendor => ({
  id: v.id,
  name: v.name,
  mode: v.mode,
  status: v.status,
  enabled: v.enabled,
  sort: v.sort,
  categories: v.categories ?? [],
  operatorId: v.operatorId,
  games: Number(v.games ?? 0),
});
const gameOut = (g: GameRow): BoGame => ({
  nodeId: String(g.nodeId),
  vendorId: g.vendorId,
  gameCode: g.gameCode,
  name: g.names.en ?? Object.values(g.names)[0] ?? g.gameCode,
  gameType: g.gameType,
  status: g.status,
  enabled: g.enabled,
  isHot: g.isHot,
  hotSort: g.hotSort,
  sort: g.sort,
});

/**
 * The operator's catalogue screens: vendors and games switched on or off, maintenance, order, hot
 * flag, lobby categories, secret rotation. Each change is one transaction with its audit row; the
 * catalogue version moves by trigger in it (decision 036), so every instance's lobby cache follows
 * on its next request, and `onChange` drops this instance's other cached lists at once.
 */
export function boGamesService(repo: BoGamesRepository, onChange: () => void) {
  const noVendor = () => new AppError('NOT_FOUND', 404, 'No such vendor.', 'body.vendorId');
  return {
    async vendors() {
      return { vendors: (await repo.vendors()).map(vendorOut), categories: [...GAME_CATEGORIES] };
    },

    async games(q: { vendorId?: string | undefined; q?: string | undefined; page: number; pageSize: number }) {
      const { rows, total } = await repo.games({ ...q, limit: q.pageSize, offset: q.page * q.pageSize });
      return { games: rows.map(gameOut), total };
    },

    async setVendor(
      actor: Actor,
      c: {
        vendorId: string;
        enabled?: boolean | undefined;
        maintenance?: boolean | undefined;
        sort?: number | undefined;
        categories?: string[] | undefined;
      },
    ) {
      const out = await repo.transaction(async (trx) => {
        const locked = await repo.lockVendor(trx, c.vendorId);
        if (!locked) throw noVendor();
        const before = vendorOut((await repo.vendor(trx, c.vendorId))!);
        // A vendor still coming has no games to pause (the same rule as the operator command).
        if (c.maintenance !== undefined && locked.status === 'COMING')
          throw new AppError('VALIDATION_FAILED', 400, 'This vendor is not live yet.', 'body.maintenance');
        const set = {
          ...(c.enabled !== undefined ? { enabled: c.enabled } : {}),
          ...(c.sort !== undefined ? { sort: c.sort } : {}),
          ...(c.maintenance !== undefined
            ? { status: c.maintenance ? ('MAINTENANCE' as const) : ('LIVE' as const) }
            : {}),
        };
        if (Object.keys(set).length > 0) await repo.updateVendor(trx, c.vendorId, set);
        if (c.categories) await repo.setCategories(trx, c.vendorId, [...new Set(c.categories)]);
        const after = vendorOut((await repo.vendor(trx, c.vendorId))!);
        await writeAudit(trx, actor, { action: 'vendor.set', target: `vendor:${c.vendorId}`, before, after });
        return after;
      });
      onChange();
      return out;
    },

    async setGame(
      actor: Actor,
      c: {
        nodeId: string;
        enabled?: boolean | undefined;
        maintenance?: boolean | undefined;
        sort?: number | undefined;
        isHot?: boolean | undefined;
        hotSort?: number | undefined;
      },
    ) {
      const out = await repo.transaction(async (trx) => {
        const row = await repo.lockGame(trx, c.nodeId);
        if (!row) throw new AppError('NOT_FOUND', 404, 'No such game.', 'body.nodeId');
        // A game its vendor no longer lists stays hidden; its maintenance switch means nothing.
        if (c.maintenance !== undefined && row.status === 'HIDDEN')
          throw new AppError('VALIDATION_FAILED', 400, 'The vendor no longer lists this game.', 'body.maintenance');
        const before = gameOut(row);
        await repo.updateGame(trx, c.nodeId, {
          ...(c.enabled !== undefined ? { enabled: c.enabled } : {}),
          ...(c.sort !== undefined ? { sort: c.sort } : {}),
          ...(c.isHot !== undefined ? { isHot: c.isHot } : {}),
          ...(c.hotSort !== undefined ? { hotSort: c.hotSort } : {}),
          ...(c.maintenance !== undefined
            ? { status: c.maintenance ? ('MAINTENANCE' as const) : ('LIVE' as const) }
            : {}),
        });
        const after = gameOut((await repo.game(trx, c.nodeId))!);
        await writeAudit(trx, actor, { action: 'game.set', target: `game:${c.nodeId}`, before, after });
        return after;
      });
      onChange();
      return out;
    },

    /** A new random secret, answered once; the audit row names the rotation, never the secret. */
    rotateSecret(actor: Actor, vendorId: string) {
      return repo.transaction(async (trx) => {
        const secret = randomBytes(32).toString('hex');
        const row = await repo.setSecret(trx, vendorId, secret);
        if (!row) throw noVendor();
        await writeAudit(trx, actor, {
          action: 'vendor.rotateSecret',
          target: `vendor:${vendorId}`,
          after: { operatorId: row.operatorId },
        });
        return { vendorId: row.id, operatorId: row.operatorId, secret };
      });
    },
  };
}
export type BoGamesService = ReturnType<typeof boGamesService>;
