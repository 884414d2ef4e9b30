/**
 * npm run bench:lottery — one draw with BENCH_TICKETS open tickets (default 100,000) settled by the
 * server's own draw job, beside the same ledger statements run directly (issue 19, decision 091).
 *
 *   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  admin URL; default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_TICKETS      tickets on the draw (default 100000)
 *   BENCH_PLAYERS      players holding them (default 100)
 *
 * The server runs in its own process on a throwaway database, with its job ticker on (every 10 s), as
 * in production. The bench makes the tickets the way a sold ticket stands: each ticket's bet is taken
 * from the player's wallet by the operator's one-statement seamless bet (seamless_money_call), and
 * the ticket is stored PLACED on a draw committed a little ahead; half the tickets bet ODD and half
 * EVEN on the five digits' sum, so half win. Then it waits: the draw job reveals the draw, and
 * settlement sends each ticket's win through the signed seamless protocol (loopback), 1.96 × the
 * stake to a winner and 0 to a loser. Printed: tickets settled per second (from the reveal to the last
 * ticket settled), the draw-to-last-payout time (from the draw's time, the job's tick included), and
 * the same ledger statements run directly on the same database, as many in flight as the job's
 * settler keeps (16): a winner's seamless_money_call WIN, a loser's claim of its zero win. The
 * ledger is verified.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { generateServerSeed } from '../packages/house-vendor/src/fairness/server-seed.ts';
import { findLotteryGame, drawId } from '../packages/house-vendor/src/lottery/lottery-games.ts';
import { commitDrawSeed } from '../packages/house-vendor/src/lottery/lottery-result.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger-verify.repository.ts';
import { benchAdminUrl, benchServer, loadRow, throwawayDatabase } from './bench-harness.ts';
import {
  type BenchPlayer,
  CONCURRENCY,
  directSettlement,
  fundedPlayers,
  placeBets as takeBets,
  sha,
} from './bench-seamless.ts';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100);
const VENDOR = 'LOTTO';
const GAME = findLotteryGame('lotto-5d-1m');
const STAKE = 1_000n;
const ODDS = 19_600;
interface Player extends BenchPlayer {
  sessionId: string;
}

/** Players with funded wallets, a game session at the lottery vendor and a vendor session each. */
async function fillPlayers(c: pg.Client): Promise<Player[]> {
  const players = await fundedPlayers(c, {
    vendor: VENDOR,
    prefix: 'lottobench',
    n: PLAYERS,
    gameCode: GAME.code,
    gameType: 'ELOTT',
  });
  return Promise.all(
    players.map(async (p) => {
      const sessionId = sha(randomBytes(32).toString('hex'));
      await c.query(
        `INSERT INTO lotto_session (id, player_id, operator_token, game_code, currency, demo, expires_at)
         VALUES ($1, $2, $3, $4, 'KRW', false, now() + interval '4 hours')`,
        [sessionId, p.member, p.token, GAME.code],
      );
      return { ...p, sessionId };
    }),
  );
}

const placeBets = (pool: pg.Pool, players: Player[], prefix: string, n: number) =>
  takeBets(pool, VENDOR, players, prefix, n, STAKE);

async function main() {
  const loadBefore = loadRow();
  const database = await throwawayDatabase(benchAdminUrl());
  const server = await benchServer(database.url, 24, { SEED_DEMO: 'false' });
  const pool = new pg.Pool({ connectionString: database.url, max: CONCURRENCY + 2 });
  pool.on('error', () => undefined);
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  try {
    const players = await fillPlayers(c);
    const fillStart = Date.now();
    await placeBets(pool, players, 'lt_bench_', TICKETS);
    await placeBets(pool, players, 'direct_', TICKETS);
    const fillSeconds = (Date.now() - fillStart) / 1000;

    // A draw of the 1-minute game at least 15 s ahead, committed now (the server's clock commits the
    // same id later, if at all, with ON CONFLICT DO NOTHING: this one stands).
    const drawsAt = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
    const id = drawId(GAME, drawsAt);
    const seed = generateServerSeed();
    await c.query(
      `INSERT INTO lotto_draw (id, game_code, opens_at, closes_at, draws_at, seed, seed_hash, committed_at)
       VALUES ($1, $2, now(), $3, $4, $5, $6, now()) ON CONFLICT (id) DO NOTHING`,
      [id, GAME.code, new Date(drawsAt.getTime() - GAME.cutoffMs), drawsAt, seed, commitDrawSeed(seed)],
    );
    const stored = await c.query<{ status: string }>(`SELECT status FROM lotto_draw WHERE id = $1`, [id]);
    if (stored.rows[0]?.status !== 'OPEN') throw new Error(`draw ${id} is not open`);
    await c.query(
      `INSERT INTO lotto_ticket (id, draw_id, player_id, session_id, request_id, game_code, bet_type, selection,
         stake, odds_bp, currency, status, created_at)
       SELECT 'lt_bench_' || i, $1, (p.a)[i % $5 + 1], (p.s)[i % $5 + 1], 'bench_' || i, $2, 'SUM_ODD_EVEN',
              CASE WHEN i % 2 = 0 THEN 'ODD' ELSE 'EVEN' END, $3, $4, 'KRW', 'PLACED', now()
       FROM generate_series(0, $6 - 1) AS i, (SELECT $7::text[] AS a, $8::text[] AS s) AS p`,
      [
        id,
        GAME.code,
        STAKE.toString(),
        ODDS,
        players.length,
        TICKETS,
        players.map((p) => p.member),
        players.map((p) => p.sessionId),
      ],
    );
    console.log(
      `bench:lottery  ${TICKETS} tickets of ${players.length} players on ${id} (bets taken in ${fillSeconds.toFixed(0)} s); waiting for the draw job`,
    );

    let status = 'OPEN';
    while (status !== 'SETTLED') {
      await new Promise((r) => setTimeout(r, 1000));
      status = (await c.query<{ status: string }>(`SELECT status FROM lotto_draw WHERE id = $1`, [id])).rows[0]!.status;
    }
    const times = await c.query<{ drawn: Date; first: Date; last: Date; won: number; lost: number }>(
      `SELECT d.drawn_at AS drawn, min(t.settled_at) AS first, max(t.settled_at) AS last,
              count(*) FILTER (WHERE t.status = 'WON')::int AS won, count(*) FILTER (WHERE t.status = 'LOST')::int AS lost
       FROM lotto_draw d JOIN lotto_ticket t ON t.draw_id = d.id WHERE d.id = $1 GROUP BY d.drawn_at`,
      [id],
    );
    const t = times.rows[0]!;
    if (t.won + t.lost !== TICKETS) throw new Error(`settled ${t.won + t.lost} of ${TICKETS}`);
    const settleSeconds = (t.last.getTime() - t.drawn.getTime()) / 1000;
    const jobPerSecond = TICKETS / settleSeconds;
    const drawToLast = (t.last.getTime() - drawsAt.getTime()) / 1000;

    // The same ledger statements, run directly one after another on the same database.
    const result = await c.query<{ result: number[] }>(`SELECT result FROM lotto_draw WHERE id = $1`, [id]);
    const oddWins = result.rows[0]!.result.reduce((a, b) => a + b, 0) % 2 === 1;
    const directPerSecond = await directSettlement(pool, VENDOR, players, 'direct_', TICKETS, (i) =>
      (i % 2 === 0) === oddWins ? (STAKE * BigInt(ODDS)) / 10_000n : 0n,
    );

    const db = await openDatabase({ databaseUrl: database.url, dataDir: '', poolSize: 2 });
    const violations = await verifyLedger(db.db);
    await db.close();

    console.log(`  ${loadBefore}`);
    console.log(
      `  draw job      ${jobPerSecond.toFixed(0)} tickets settled/s (${t.won} won, ${t.lost} lost; ${settleSeconds.toFixed(1)} s from the reveal to the last ticket)`,
    );
    console.log(
      `  direct SQL    ${directPerSecond.toFixed(0)} tickets/s (the same ledger statements, ${CONCURRENCY} in flight as the job's)`,
    );
    console.log(
      `  ratio         ${(jobPerSecond / directPerSecond).toFixed(2)} × direct (goal ≥ 0.5)   draw to last payout ${drawToLast.toFixed(1)} s`,
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
