import { houseRoutes } from '@portal/vendors/house/house-routes.ts';
import { houseService, type HouseService } from '@portal/vendors/house/house-service.ts';
import type { HouseDb } from '@portal/vendors/house/house-store.ts';
import { seamlessClient, type SeamlessTransport } from '@portal/vendors/house/seamless-client.ts';
import { lotteryRoutes } from '@portal/vendors/lottery/lottery-routes.ts';
import { lotteryService, type LotteryService } from '@portal/vendors/lottery/lottery-service.ts';
import type { LottoDb } from '@portal/vendors/lottery/lottery-store.ts';
import { sportsRoutes } from '@portal/vendors/sports/sports-routes.ts';
import { sportsService, type SportsService } from '@portal/vendors/sports/sports-service.ts';
import type { SportsDb } from '@portal/vendors/sports/sports-store.ts';
import { vaultRoutes } from '@portal/vendors/vault/vault-routes.ts';
import type { VaultDb } from '@portal/vendors/vault/vault-store.ts';
import { vaultVendor, type VaultVendor } from '@portal/vendors/vault/vault-vendor.ts';
import { VendorApiError } from '@portal/vendors/vendor-api.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { ScheduledTask } from '../../jobs/job-queue.ts';
import type { CatalogueRepository, VendorGame as CatalogueGame } from './catalogue.repository.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { HOUSE_VENDOR_ID, houseCatalogue } from './house-adapter.ts';
import { LOTTERY_VENDOR_ID, type LotteryOperatorApi } from './lottery-adapter.ts';
import { SPORTS_VENDOR_ID, type SportsOperatorApi } from './sports-adapter.ts';
import type { VendorAdapter, VendorGame } from './vendor-adapter.ts';
import type { VendorRegistry } from './vendor-registry.ts';

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
 * Calls into this server's own routes, for vendors that run in-process: Fastify's inject, so the call
 * takes the same routes, headers and checks as an outside vendor's HTTP call (no socket). The app
 * binds itself once it exists.
 */
export function loopbackTransport() {
  let app: FastifyInstance | undefined;
  const send: SeamlessTransport = async (path, rawBody, headers) => {
    if (!app) throw new Error('the loopback transport is used before the app is bound');
    const res = await app.inject({ method: 'POST', url: path, headers, payload: rawBody });
    return { statusCode: res.statusCode, body: res.body };
  };
  return {
    send,
    bind(to: FastifyInstance) {
      app = to;
    },
  };
}
export type LoopbackTransport = ReturnType<typeof loopbackTransport>;

/**
 * Vault Gaming, the demo transfer-mode vendor, in this process on its own tables (packages/vendors);
 * the operator reaches it only through `vaultAdapter`.
 */
export const inProcessVault = (db: Db): VaultVendor => vaultVendor(db as unknown as VaultDb);

/**
 * The built-in house vendor, in this process. It talks to the operator only through signed seamless
 * calls (decision 013), with the credentials of its vendor row; its tables live beside the operator's
 * and it never touches the operator's.
 */
export function inProcessHouse(db: Db, registry: VendorRegistry, transport: SeamlessTransport): HouseService {
  const credentials = async () => {
    const vendor = await registry.get(HOUSE_VENDOR_ID);
    if (!vendor) throw new Error('the house vendor is not registered');
    return { operatorId: vendor.operatorId, secret: vendor.secret };
  };
  return houseService({ db: db as unknown as HouseDb, seamless: seamlessClient(credentials, transport) });
}

/**
 * The built-in lottery vendor, in this process (decision 090): like the house vendor it reaches money
 * only through signed seamless calls with its own vendor row's credentials, on its own tables. Its
 * clock is the app's, so the movable test clock (decision 032) moves its draws too.
 */
export function inProcessLottery(
  db: Db,
  registry: VendorRegistry,
  transport: SeamlessTransport,
  now: () => Date,
): LotteryService {
  const credentials = async () => {
    const vendor = await registry.get(LOTTERY_VENDOR_ID);
    if (!vendor) throw new Error('the lottery vendor is not registered');
    return { operatorId: vendor.operatorId, secret: vendor.secret };
  };
  return lotteryService({ db: db as unknown as LottoDb, seamless: seamlessClient(credentials, transport), now });
}

/** The vendor's refusals answered as the operator's own errors (same code, status and field). */
async function asOperatorError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof VendorApiError) throw new AppError(error.code, error.statusCode, error.message, error.field);
    throw error;
  }
}

/** The lottery vendor's operator calls (decision 091), answered in this process. */
export const inProcessLotteryOperator = (lottery: LotteryService): LotteryOperatorApi => ({
  draws: (q) => asOperatorError(() => lottery.operatorDraws(q)),
  cancelDraw: (drawId, reason, by) => asOperatorError(() => lottery.cancelDraw(drawId, reason, by)),
  games: () => lottery.games(),
  recentDraws: (gameCode, limit) => asOperatorError(() => lottery.draws(gameCode, limit)),
});

/**
 * The built-in sportsbook, in this process (decision 100): like the lottery it reaches money only
 * through signed seamless calls with its own vendor row's credentials, on its own tables, on the
 * app's clock.
 */
export function inProcessSports(
  db: Db,
  registry: VendorRegistry,
  transport: SeamlessTransport,
  now: () => Date,
): SportsService {
  const credentials = async () => {
    const vendor = await registry.get(SPORTS_VENDOR_ID);
    if (!vendor) throw new Error('the sportsbook vendor is not registered');
    return { operatorId: vendor.operatorId, secret: vendor.secret };
  };
  return sportsService({ db: db as unknown as SportsDb, seamless: seamlessClient(credentials, transport), now });
}

/** The sportsbook's operator calls (decision 102), answered in this process. */
export const inProcessSportsOperator = (sports: SportsService): SportsOperatorApi => ({
  fixtures: (q) => asOperatorError(() => sports.operatorFixtures(q)),
  fixture: (id) => asOperatorError(() => sports.operatorFixture(id)),
  suspend: (fixtureId, marketId, suspended) =>
    asOperatorError(() => sports.operatorSuspend(fixtureId, marketId, suspended)),
  settle: (fixtureId, revision, result, by, reason) =>
    asOperatorError(() => sports.operatorSettle(fixtureId, revision, result, by, reason)),
  voidMatch: (fixtureId, revision, by, reason) =>
    asOperatorError(() => sports.operatorVoid(fixtureId, revision, by, reason)),
  settings: () => asOperatorError(() => sports.operatorSettings()),
  saveSettings: (s) => asOperatorError(() => sports.operatorSaveSettings(s)),
});

/** How often the book's clock runs: fills the schedule, settles ended matches, pays tickets. */
const SPORTS_BOOK_EVERY_MS = 10_000;

export const sportsBookTask = (sports: SportsService): ScheduledTask => ({
  name: 'sports-book',
  everyMs: SPORTS_BOOK_EVERY_MS,
  run: async ({ now }) => sports.runBook(now),
});

/** How often the draw clock runs: every job-queue tick commits, draws and pays what is due. */
const LOTTERY_DRAWS_EVERY_MS = 10_000;

export const lotteryDrawTask = (lottery: LotteryService): ScheduledTask => ({
  name: 'lottery-draws',
  everyMs: LOTTERY_DRAWS_EVERY_MS,
  run: async ({ now }) => lottery.runDraws(now),
});

export const houseSettleTask = (house: HouseService): ScheduledTask => ({
  name: 'house-vendor-settle-pending',
  everyMs: SETTLE_PENDING_EVERY_MS,
  run: async () => ({ settled: await house.settlePending() }),
});

/**
 * Each in-process vendor's game list fills the catalogue at start-up; a vendor listed as coming goes
 * live with its games. A site without one of these vendors skips it.
 */
export function inProcessCatalogueSync(deps: {
  registry: VendorRegistry;
  adapters: VendorAdapter[];
  catalogueRepo: CatalogueRepository;
  catalogue: CatalogueService;
}) {
  return async (): Promise<void> => {
    for (const adapter of deps.adapters) {
      if (!(await deps.registry.get(adapter.vendorId))) continue;
      const games = adapter.vendorId === HOUSE_VENDOR_ID ? houseCatalogue() : catalogueGames(await adapter.listGames());
      await deps.catalogueRepo.sync(adapter.vendorId, games);
      await deps.registry.goLive(adapter.vendorId);
    }
    deps.catalogue.invalidate();
  };
}

/**
 * The in-process vendors' own APIs (for their game pages), each in its own scope on its prefix
 * (packages/vendors); the operator's routes are registered apart from them.
 */
export async function inProcessVendorRoutes(
  app: FastifyInstance,
  {
    house,
    vault,
    lottery,
    sports,
  }: { house: HouseService; vault: VaultVendor; lottery: LotteryService; sports: SportsService },
): Promise<void> {
  await houseRoutes(app, house);
  await lotteryRoutes(app, lottery);
  await sportsRoutes(app, sports);
  await vaultRoutes(app, vault);
}
