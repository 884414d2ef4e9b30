import { vaultPlay, vaultTable } from '@portal/contracts/games/vault-vendor.contract.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { serve, type RouteGuards } from '../../../plugins/route-registry.ts';
import { vaultVendor } from './vault-vendor.ts';

/** Rounds per player session per minute: far above a person clicking, low enough to stop a loop. */
const PLAYS_PER_MINUTE = 240;

/**
 * Vault Gaming's own API for its game page, on its own prefix: the vendor session from the launch is
 * the only key, like an outside vendor's; the operator's member session plays no part.
 */
export function vaultRoutes(app: FastifyInstance, guards: RouteGuards, db: Db): void {
  const vendor = vaultVendor(db);
  serve(app, guards, vaultTable, ({ body }) => vendor.table(body.session));
  serve(
    app,
    guards,
    vaultPlay,
    ({ body }) => vendor.playRound(body.session, { requestId: body.requestId, bet: BigInt(body.bet), pick: body.pick }),
    { rateLimit: { max: PLAYS_PER_MINUTE, timeWindow: '1 minute' } },
  );
}
