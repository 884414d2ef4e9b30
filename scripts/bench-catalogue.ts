/**
 * npm run bench:catalogue — getGameList over real HTTP on a catalogue of 10,000 games, against the
 * same two queries (page and count) run bare on the same PostgreSQL, at the same concurrency, and
 * against pgbench's standard runs there. The server runs in its own process; the load comes from this one.
 *
 *   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  admin URL; default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_SECONDS      seconds per side (default 10)
 *   BENCH_CONCURRENCY  requests in flight (default 16)
 *   BENCH_GAMES        catalogue size (default 10000)
 *   BENCH_BASELINE     another checkout of the repository (see bench-harness.ts): its server runs on the
 *                      same database in turns with this one's, and the HTTP side prints as a ratio to it
 *
 * Each call picks a mix a lobby really sends: a category page, a vendor tab, a deep page, a name
 * search. Goal (issue 13): p99 ≤ 20 ms and ≥ 1,000 requests/s at 16 in flight.
 */
import { sql } from 'kysely';
import { GAME_CATEGORIES } from '@portal/contracts/limits.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo-seed.ts';
import {
  catalogueRepository,
  type GameFilter,
  type VendorGame,
} from '../apps/server/src/modules/games/catalogue.repository.ts';
import {
  anchorsRow,
  baselineCheckout,
  baselineRow,
  benchAdminUrl,
  benchServer,
  drive,
  httpClient,
  loadRow,
  pgbenchAnchors,
  ratioRow,
  resultRow,
  sideBySide,
  throwawayDatabase,
} from './bench-harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const size = Number(process.env.BENCH_GAMES ?? 10_000);
const VENDORS = 20;
const WORDS = ['Gold', 'Dragon', 'Lucky', 'Star', 'Neon', 'Royal', 'Jade', 'Ocean', 'Fire', 'Moon'];

/** The i-th request of the mix, as query parameters and as the repository's filter. */
function request(i: number): { query: string; filter: GameFilter; pageNo: number } {
  const category = GAME_CATEGORIES[i % GAME_CATEGORIES.length]!;
  const vendor = `BV${String(i % VENDORS).padStart(2, '0')}`;
  switch (i % 4) {
    case 0:
      return { query: `gameType=${category}`, filter: { gameType: category }, pageNo: 1 };
    case 1:
      return {
        query: `gameType=RNG&vassalage=${vendor}`,
        filter: { gameType: 'RNG', vassalage: vendor },
        pageNo: 1,
      };
    case 2:
      return { query: `gameType=${category}&pageNo=15`, filter: { gameType: category }, pageNo: 15 };
    default: {
      const word = WORDS[i % WORDS.length]!;
      return { query: `gameName=${word}`, filter: { gameName: word }, pageNo: 1 };
    }
  }
}

async function main() {
  const throwaway = await throwawayDatabase(benchAdminUrl());
  const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: '', poolSize: concurrency + 4 });
  try {
    const { db } = database;
    await migrateToLatest(db);
    await seedDemo(db);
    await db
      .insertInto('vendor')
      .values(
        Array.from({ length: VENDORS }, (_, v) => ({
          id: `BV${String(v).padStart(2, '0')}`,
          name: `Bench Vendor ${v}`,
          logoUrl: '/assets/vendors/house.svg',
          mode: 'SEAMLESS' as const,
          status: 'LIVE' as const,
          sort: 100 + v,
        })),
      )
      .execute();
    const repo = catalogueRepository(db);
    const perVendor = Math.ceil(size / VENDORS);
    for (let v = 0; v < VENDORS; v++) {
      const games: VendorGame[] = Array.from({ length: perVendor }, (_, g) => {
        const n = v * perVendor + g;
        const name = `${WORDS[n % WORDS.length]} ${WORDS[(n * 7) % WORDS.length]} ${n}`;
        return {
          gameCode: `g${n}`,
          gameType: GAME_CATEGORIES[n % GAME_CATEGORIES.length]!,
          gameClassify: n % 3 === 0 ? 'VIDEO_SLOT' : null,
          names: { en: name, ko: `${name} 게임` },
          iconUrl: '/assets/games/fallback.svg',
          supportPlay: (n % 2) as 0 | 1,
          rtpBasisPoints: 9600,
          minBet: BigInt(100 * (1 + (n % 5))),
          lineNum: 20,
          isHot: n % 50 === 0,
        };
      });
      await repo.sync(`BV${String(v).padStart(2, '0')}`, games);
    }
    const { n } = await db
      .selectFrom('game')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await sql`ANALYZE game`.execute(db);

    const loadBefore = loadRow();
    const checkout = baselineCheckout();
    const baseline = checkout ? await benchServer(throwaway.url, concurrency + 4, {}, checkout) : undefined;
    const server = await benchServer(throwaway.url, concurrency + 4);
    const httpTo = (url: string) => {
      const client = httpClient(url, concurrency);
      return async (i: number) => {
        const res = await client('GET', `/api/games?${request(i).query}&language=en`);
        if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.body}`);
      };
    };
    const http = httpTo(server.url);
    const bare = async (i: number) => {
      const r = request(i);
      await repo.page(r.filter, r.pageNo, 30);
    };
    for (let i = 0; i < 40; i++) {
      await http(i);
      await bare(i);
    }
    let versus: Awaited<ReturnType<typeof sideBySide>> | undefined;
    if (baseline) {
      const warm = httpTo(baseline.url);
      for (let i = 0; i < 40; i++) await warm(i);
      versus = await sideBySide(httpTo, { baseline: baseline.url, candidate: server.url }, seconds, concurrency);
      await baseline.stop();
    }
    const httpResult = versus?.candidate ?? (await drive(http, seconds, concurrency));
    await server.stop();
    const sqlResult = await drive(bare, seconds, concurrency);
    const anchors = await pgbenchAnchors(benchAdminUrl(), seconds, concurrency);

    console.log(`\ngetGameList on ${n} games, ${concurrency} in flight, ${seconds} s per side`);
    console.log(`${loadBefore} before the runs, ${loadRow()} after`);
    if (versus) {
      console.log(resultRow('HTTP, baseline (BENCH_BASELINE)', versus.baseline));
      console.log(baselineRow('HTTP GET /api/games', versus));
    }
    console.log(resultRow('HTTP GET /api/games', httpResult));
    console.log(resultRow('SQL page + count', sqlResult));
    console.log(anchorsRow(anchors));
    console.log(ratioRow('HTTP GET /api/games', httpResult.perSecond, anchors));
    console.log(ratioRow('SQL page + count', sqlResult.perSecond, anchors));
    const fast = httpResult.p99 <= 20;
    const many = httpResult.perSecond >= 1000;
    console.log(
      `goal: p99 ≤ 20 ms ${fast ? 'met' : 'NOT met'} (${httpResult.p99.toFixed(1)} ms) · ≥ 1,000/s ${many ? 'met' : 'NOT met'} (${httpResult.perSecond.toFixed(0)}/s)`,
    );
    if (httpResult.failures > 0) process.exitCode = 1;
  } finally {
    await database.close();
    await throwaway.drop();
  }
}

await main();
