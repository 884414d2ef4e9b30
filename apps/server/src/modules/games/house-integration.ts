import { launchGame } from '@portal/contracts/games/games.contract.ts';
import type { HouseDb } from '@portal/house-vendor/service/house-store.ts';
import { houseRoutes } from '@portal/house-vendor/service/house-routes.ts';
import { houseService } from '@portal/house-vendor/service/house-service.ts';
import { seamlessClient, type SeamlessTransport } from '@portal/house-vendor/service/seamless-client.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ScheduledTask } from '../../jobs/job-queue.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import type { CatalogueRepository, VendorGame as CatalogueGame } from './catalogue.repository.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { gameSessionService } from './game-session.service.ts';
import { HOUSE_VENDOR_ID, houseAdapter, houseCatalogue } from './house-adapter.ts';
import { launchService } from './launch.service.ts';
import { memberPlayEnding, type MemberPlayEnding } from './member-play-ending.ts';
import { inProcessVendorAdapters } from './in-process-vendors.ts';
import type { VendorAdapter, VendorGame } from './vendor-adapter.ts';
import { vendorRegistry } from './vendor-registry.ts';
import { vendorTransferService } from './vendor-transfer.service.ts';

/** A vendor's game list as catalogue entries: its names (English where it gives no others), its card image. */
function catalogueGames(games: VendorGame[]): CatalogueGame[] {
  return games.map((g, sort) => ({
    gameCode: g.gameCode,
    gameType: g.gameType,
    names: g.names ?? { ko: g.name, en: g.name, zh: g.name },
    iconUrl: g.iconUrl ?? `/assets/games/${g.gameCode}.svg`,
    supportPlay: g.supportsDemo ? 0 : 1,
    sort,
  }));
}

/** How often rounds whose seamless answer was lost are settled again. */
const SETTLE_PENDING_EVERY_MS = 30_000;

/**
 * Mounts the built-in house vendor in this process and the operator's launch call. The vendor talks
 * to the operator only through signed seamless calls, sent through Fastify's inject here (no socket,
 * the same routes, headers and checks as an outside vendor's HTTP call).
 */
export async function houseIntegration(
  app: FastifyInstance,
  guards: RouteGuards,
  deps: {
    db: Db;
    ledger: LedgerService;
    catalogue: CatalogueService;
    catalogueRepo: CatalogueRepository;
    adapters?: VendorAdapter[];
  },
): Promise<{ settleTask: ScheduledTask; playEnding: MemberPlayEnding }> {
  const { db } = deps;
  const credentials = async () => {
    const vendor = await registry.get(HOUSE_VENDOR_ID);
    if (!vendor) throw new Error('the house vendor is not registered');
    return { operatorId: vendor.operatorId, secret: vendor.secret };
  };
  const inject: SeamlessTransport = async (path, rawBody, headers) => {
    const res = await app.inject({ method: 'POST', url: path, headers, payload: rawBody });
    return { statusCode: res.statusCode, body: res.body };
  };
  // The vendor's tables live beside the operator's in-process; it never touches the operator's.
  const house = houseService({ db: db as unknown as HouseDb, seamless: seamlessClient(credentials, inject) });
  await houseRoutes(app, house);

  const inProcess = [houseAdapter(house), ...inProcessVendorAdapters(db), ...(deps.adapters ?? [])];
  const registry = vendorRegistry(db, inProcess);
  const transfers = vendorTransferService(db, deps.ledger, registry);

  const launch = launchService({
    catalogue: deps.catalogueRepo,
    sessions: gameSessionService(db, registry),
    ledger: deps.ledger,
    adapter: (vendorId) => registry.adapter(vendorId),
    vendorPlayerId: (vendorId, memberId) => transfers.vendorPlayerId(vendorId, memberId),
  });
  serve(app, guards, launchGame, ({ query, request }) =>
    launch.launch(request.member!, {
      ...query,
      language: query.language ?? request.headers['accept-language']?.slice(0, 2).toLowerCase(),
    }),
  );

  app.addHook('onReady', async () => {
    // Each in-process vendor's game list fills the catalogue; a vendor listed as coming goes live with its games.
    for (const adapter of inProcess) {
      if (!(await registry.get(adapter.vendorId))) continue; // a site without this vendor
      const games = adapter.vendorId === HOUSE_VENDOR_ID ? houseCatalogue() : catalogueGames(await adapter.listGames());
      await deps.catalogueRepo.sync(adapter.vendorId, games);
      await db
        .updateTable('vendor')
        .set({ status: 'LIVE' })
        .where('id', '=', adapter.vendorId)
        .where('status', '=', 'COMING')
        .execute();
    }
    deps.catalogue.invalidate();
  });

  const settleTask: ScheduledTask = {
    name: 'house-vendor-settle-pending',
    everyMs: SETTLE_PENDING_EVERY_MS,
    run: async () => ({ settled: await house.settlePending() }),
  };
  return { settleTask, playEnding: memberPlayEnding(db, inProcess, app.log) };
}
