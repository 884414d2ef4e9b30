/**
 * npm run bench:sports — one football match with BENCH_TICKETS open tickets of BENCH_PLAYERS players,
 * settled by the server's own book clock from the final whistle, beside the same ledger statements run
 * directly; and the book's live socket fanning the match's price updates out to BENCH_SOCKETS sockets
 * (issue 20, decision 101).
 *
 *   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  admin URL; default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_TICKETS      tickets on the match (default 10000; the full run: BENCH_TICKETS=200000)
 *   BENCH_PLAYERS      players holding them (default 1000)
 *   BENCH_SOCKETS      sockets watching the match while it is played (default 1000)
 *   BENCH_FANOUT_S     how long the fan-out is measured (default 15)
 *
 * The server runs in its own process on a throwaway database, with its job ticker on, as in
 * production. The bench makes the tickets the way a placed ticket stands: each ticket's stake is taken
 * from the player's wallet by the operator's one-statement seamless bet (seamless_money_call) keyed by
 * the ticket id (the database calls it a few hundred at a time, so the bets take minutes, not an hour), and the ticket and its leg (match result: home, draw, away in turn) are stored PLACED
 * on a match it stores with its own secret seed. The match is put in play to end shortly. While it is
 * played, BENCH_SOCKETS sockets watch it on /vendor/sports/ws (its whole page: every market); printed:
 * the updates delivered per second and how long one update takes to reach every socket. Then the book
 * clock (every 10 s) writes the result at the whistle and pays each ticket through the signed seamless
 * protocol (loopback). Printed: tickets settled per second (from the result written to the last ticket
 * paid), the whistle-to-last-payout time (the clock's tick included), and the same ledger statements
 * run directly, as many in flight as the settler keeps (16). The ledger is verified.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { generateServerSeed } from '../packages/house-vendor/src/fairness/server-seed.ts';
import { playMatch, SUSPEND_AFTER_MS } from '../packages/house-vendor/src/sports/match-engine.ts';
import { fixtureParams, fixturesBetween } from '../packages/house-vendor/src/sports/schedule.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger-verify.repository.ts';
import { benchAdminUrl, benchServer, loadRow, p50, p99, throwawayDatabase } from './bench-harness.ts';
import { CONCURRENCY, directSettlement, fundedPlayers, placeBetsInBulk, sha } from './bench-seamless.ts';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1_000);
const FANOUT_MS = Number(process.env.BENCH_FANOUT_S ?? 15) * 1000;
const VENDOR = 'STRIKER';
const GAME = 'striker-sports';
const STAKE = 1_000n;
/** Home, draw, away: the tickets' selections in turn, at these odds. */
const PICKS = [
  { selection: 'H', oddsBp: 21_000 },
  { selection: 'D', oddsBp: 34_000 },
  { selection: 'A', oddsBp: 36_000 },
] as const;
const FIXTURE = 'fb-bench-1';
/** How a page frame starts (sports-live.ts), up to its server time. */
const PAGE_PREFIX = '{"type":"page","page":{"serverTime":"';

const until = async (check: () => Promise<boolean>, everyMs = 1000) => {
  while (!(await check())) await new Promise((r) => setTimeout(r, everyMs));
};

/** Sockets watching one fixture's page; each update's arrival times, by the update's server time. */
async function fanOut(base: string, fixture: string, ms: number) {
  const arrivals = new Map<string, number[]>();
  let frames = 0;
  const url = base.replace('http', 'ws') + '/vendor/sports/ws';
  const sockets = await Promise.all(
    Array.from(
      { length: SOCKETS },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url);
          ws.on('open', () => {
            ws.send(JSON.stringify({ type: 'watch', fixtures: [fixture], detail: fixture }));
            resolve(ws);
          });
          ws.on('error', reject);
          ws.on('message', (data) => {
            const text = String(data);
            if (!text.startsWith(PAGE_PREFIX)) return;
            frames++;
            const at = text.slice(PAGE_PREFIX.length, PAGE_PREFIX.length + 24);
            let list = arrivals.get(at);
            if (!list) arrivals.set(at, (list = []));
            list.push(performance.now());
          });
        }),
    ),
  );
  // The snapshots each socket got on watching are not counted: only the tick's updates.
  arrivals.clear();
  frames = 0;
  const start = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const seconds = (performance.now() - start) / 1000;
  const delivered = frames;
  for (const ws of sockets) ws.close();
  const complete = [...arrivals.values()].filter((l) => l.length === SOCKETS);
  const spreads = complete.map((l) => Math.max(...l) - Math.min(...l));
  if (spreads.length === 0) throw new Error('no update reached every socket');
  return { updates: complete.length, perSecond: delivered / seconds, spreads };
}

async function main() {
  const loadBefore = loadRow();
  const database = await throwawayDatabase(benchAdminUrl());
  const server = await benchServer(database.url, 24, { SEED_DEMO: 'false' });
  const pool = new pg.Pool({ connectionString: database.url, max: CONCURRENCY + 2 });
  pool.on('error', () => undefined);
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  try {
    const players = await fundedPlayers(c, {
      vendor: VENDOR,
      prefix: 'sportsbench',
      n: PLAYERS,
      gameCode: GAME,
      gameType: 'SPORTS',
    });
    const sessions: string[] = [];
    for (const p of players) {
      const id = sha(randomBytes(32).toString('hex'));
      await c.query(
        `INSERT INTO sb_session (id, player_id, operator_token, game_code, currency, expires_at)
         VALUES ($1, $2, $3, $4, 'KRW', now() + interval '4 hours')`,
        [id, p.member, p.token, GAME],
      );
      sessions.push(id);
    }
    const fillStart = Date.now();
    for (const prefix of ['sb_bench_', 'direct_'])
      await placeBetsInBulk(pool, { vendor: VENDOR, players, prefix, n: TICKETS, stake: STAKE });
    const fillSeconds = (Date.now() - fillStart) / 1000;

    // One Premier League pairing of the schedule, as our own fixture with its own seed, its tickets
    // and legs; then put in play so that its whistle comes after the fan-out.
    const pairing = fixturesBetween(Date.now(), Date.now() + 3 * 3_600_000).find(
      (f) => f.competition === 'fb-premier',
    )!;
    const seed = generateServerSeed();
    const script = playMatch('football', fixtureParams(pairing), FIXTURE, seed);
    const whistleAfterMs = script.events.find((e) => e.type === 'FULL_TIME')!.atMs;
    await c.query(
      `INSERT INTO sb_fixture (id, competition, sport, home, away, starts_at, seed)
       VALUES ($1, $2, 'football', $3, $4, now() + interval '1 day', $5)`,
      [FIXTURE, pairing.competition, pairing.home, pairing.away, seed],
    );
    await c.query(
      `INSERT INTO sb_ticket (id, player_id, session_id, request_id, game_code, kind, stake, odds_bp, potential,
         currency, status, created_at)
       SELECT 'sb_bench_' || i, (p.a)[i % $1 + 1], (p.s)[i % $1 + 1], 'bench_' || i, $2, 'SINGLE', $3,
              (p.o)[i % 3 + 1], $3 * (p.o)[i % 3 + 1] / 10000, 'KRW', 'PLACED', now()
       FROM generate_series(0, $4 - 1) AS i, (SELECT $5::text[] AS a, $6::text[] AS s, $7::bigint[] AS o) AS p`,
      [
        players.length,
        GAME,
        STAKE.toString(),
        TICKETS,
        players.map((p) => p.member),
        sessions,
        PICKS.map((x) => x.oddsBp),
      ],
    );
    await c.query(
      `INSERT INTO sb_leg (ticket_id, idx, fixture_id, market_id, selection, odds_bp)
       SELECT 'sb_bench_' || i, 0, $1, 'FT:RESULT', (p.s)[i % 3 + 1], (p.o)[i % 3 + 1]
       FROM generate_series(0, $2 - 1) AS i, (SELECT $3::text[] AS s, $4::int[] AS o) AS p`,
      [FIXTURE, TICKETS, PICKS.map((x) => x.selection), PICKS.map((x) => x.oddsBp)],
    );
    // In play now, the whistle after the fan-out (and a suspension's length) has been measured.
    const whistle = new Date(Date.now() + FANOUT_MS + SOCKETS * 5 + SUSPEND_AFTER_MS + 10_000);
    await c.query(`UPDATE sb_fixture SET starts_at = $2 WHERE id = $1`, [
      FIXTURE,
      new Date(whistle.getTime() - whistleAfterMs),
    ]);
    console.log(
      `bench:sports  ${TICKETS} tickets of ${players.length} players on ${FIXTURE} (bets taken in ${fillSeconds.toFixed(0)} s; ` +
        `${TICKETS === 200_000 ? "the issue's full run" : 'BENCH_TICKETS=200000 for the issue’s full run'})`,
    );

    const fan = await fanOut(server.url, FIXTURE, FANOUT_MS);

    // The whistle; then the book clock writes the result and pays every ticket. The wait counts the
    // tickets still open through the settler's own index (not a scan of every ticket each time), and
    // the times printed come from the database, not from this wait.
    let left = TICKETS;
    await until(async () => {
      const r = await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sb_ticket WHERE status IN ('BETTING', 'PLACED', 'SETTLING', 'ADJUSTING', 'CASHING_OUT')`,
      );
      left = r.rows[0]!.n;
      return left === 0;
    }, 3000);
    // When the result was written (the book clock's run) and when the operator took the last payout.
    const times = await c.query<{ result: Date; last: Date; won: number; lost: number; final: string }>(
      `SELECT f.settled_at AS result, f.result->>'final' AS final,
              (SELECT max(created_at) FROM seamless_transaction
                WHERE vendor_id = $2 AND action = 'WIN' AND round_id LIKE 'sb\\_bench\\_%') AS last,
              count(*) FILTER (WHERE t.status = 'WON')::int AS won, count(*) FILTER (WHERE t.status = 'LOST')::int AS lost
       FROM sb_fixture f JOIN sb_leg l ON l.fixture_id = f.id JOIN sb_ticket t ON t.id = l.ticket_id
       WHERE f.id = $1 GROUP BY f.settled_at, f.result`,
      [FIXTURE, VENDOR],
    );
    const t = times.rows[0]!;
    if (t.won + t.lost !== TICKETS) throw new Error(`settled ${t.won + t.lost} of ${TICKETS}`);
    const settleSeconds = (t.last.getTime() - t.result.getTime()) / 1000;
    const bookPerSecond = TICKETS / settleSeconds;
    const whistleToLast = (t.last.getTime() - whistle.getTime()) / 1000;

    // The same ledger statements, run directly on the same database.
    const final = script.final;
    const winner = final.home > final.away ? 0 : final.home === final.away ? 1 : 2;
    const directPerSecond = await directSettlement(pool, VENDOR, players, 'direct_', TICKETS, (i) =>
      i % 3 === winner ? (STAKE * BigInt(PICKS[winner]!.oddsBp)) / 10_000n : 0n,
    );

    const db = await openDatabase({ databaseUrl: database.url, dataDir: '', poolSize: 2 });
    const violations = await verifyLedger(db.db);
    await db.close();

    const ms = (x: number) => `${x.toFixed(0)} ms`;
    console.log(`  ${loadBefore}`);
    console.log(
      `  book clock    ${bookPerSecond.toFixed(0)} tickets settled/s (${t.won} won, ${t.lost} lost, final ${t.final}; ` +
        `${settleSeconds.toFixed(1)} s from the result to the last payout)`,
    );
    console.log(
      `  direct SQL    ${directPerSecond.toFixed(0)} tickets/s (the same ledger statements, ${CONCURRENCY} in flight as the settler's)`,
    );
    console.log(
      `  ratio         ${(bookPerSecond / directPerSecond).toFixed(2)} × direct (goal ≥ 0.5)   whistle to last payout ${whistleToLast.toFixed(1)} s`,
    );
    console.log(
      `  fan-out       ${fan.perSecond.toFixed(0)} odds updates/s delivered to ${SOCKETS} sockets (${fan.updates} updates of the match page in ` +
        `${(FANOUT_MS / 1000).toFixed(0)} s); one update reaches every socket in ${ms(p50(fan.spreads))} (p99 ${ms(p99(fan.spreads))}), ` +
        `${(SOCKETS / (Math.max(p50(fan.spreads), 1) / 1000)).toFixed(0)} socket updates/s while fanning out`,
    );
    console.log(
      `  ledger:verify ${violations.length === 0 ? 'no violations' : JSON.stringify(violations).slice(0, 300)}`,
    );
    console.log(`  ${loadRow()}`);
  } finally {
    await c.end();
    await pool.end();
    await server.stop();
    await database.drop();
  }
}

await main();
