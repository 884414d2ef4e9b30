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
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { generateServerSeed } from '../packages/house-vendor/src/fairness/server-seed.ts';
import { findLotteryGame, drawId } from '../packages/house-vendor/src/lottery/lottery-games.ts';
import { commitDrawSeed } from '../packages/house-vendor/src/lottery/lottery-result.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { CLEARING_SHARDS } from '../apps/server/src/modules/games/seamless-wallet.service.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger-verify.repository.ts';
import { inParallel } from '../packages/vendors/src/lottery/lottery-service.ts';
import { benchAdminUrl, benchServer, loadRow, throwawayDatabase } from './bench-harness.ts';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100);
const VENDOR = 'LOTTO';
const GAME = findLotteryGame('lotto-5d-1m');
const STAKE = 1_000n;
const ODDS = 19_600;
/** Calls in flight: the bench's bets, and the direct side, as many as one settler's (SETTLE_CONCURRENCY). */
const CONCURRENCY = 16;
const indices = (n: number) => Array.from({ length: n }, (_, i) => i);

interface Player {
  member: string;
  shard: number;
  sessionId: string;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** The operator's one-statement seamless bet or win, as the seamless wallet runs it (decision 043). */
function moneyCall(
  c: pg.PoolClient | pg.Client,
  p: Player,
  action: 'BET' | 'WIN',
  transactionId: string,
  roundId: string,
  amount: bigint,
) {
  return c.query<{ o_status: string }>({
    name: `money-${action}`,
    text: `SELECT o_status FROM seamless_money_call($1, $2, $3, $4, $5::bigint, $6, $7::bigint, 'KRW', $8, $9,
             'MEMBER_MAIN', $10::smallint, $11, $12, $13::jsonb, $14::jsonb, NULL)`,
    values: [
      VENDOR,
      transactionId,
      action,
      sha(`${action}:${transactionId}`),
      p.member,
      roundId,
      amount.toString(),
      action === 'WIN',
      action === 'BET',
      p.shard,
      `vendor:${VENDOR}:${transactionId}`,
      sha(`ledger:${transactionId}`),
      JSON.stringify({ vendorId: VENDOR, transactionId, roundId }),
      JSON.stringify({ status: 'OK', currency: 'KRW', request_id: transactionId }),
    ],
  });
}

/** Players with funded wallets, a game session at the lottery vendor and a vendor session each. */
async function fillPlayers(c: pg.Client): Promise<Player[]> {
  await c.query(
    `INSERT INTO ledger_account (kind, currency, allow_negative) VALUES ('PAYMENT_CLEARING', 'KRW', true) ON CONFLICT DO NOTHING`,
  );
  for (let shard = 0; shard < CLEARING_SHARDS; shard++)
    await c.query(
      `INSERT INTO ledger_account (kind, vendor_id, currency, allow_negative, shard) VALUES ('VENDOR_CLEARING', $1, 'KRW', true, $2)
       ON CONFLICT DO NOTHING`,
      [VENDOR, shard],
    );
  const players: Player[] = [];
  for (let n = 0; n < PLAYERS; n++) {
    const { rows } = await c.query<{ id: string }>(
      `INSERT INTO member (account, type, password_hash, register_method) VALUES ($1, 0, 'not-used', 'BENCH') RETURNING id`,
      [`lottobench${n}`],
    );
    const member = rows[0]!.id;
    await c.query(`INSERT INTO ledger_account (kind, member_id, currency) VALUES ('MEMBER_MAIN', $1, 'KRW')`, [member]);
    const funded = await c.query<{ o_status: string }>(
      `SELECT o_status FROM ledger_apply_transfer($1, $1, 'DEPOSIT', 'KRW', $2::bigint, '{}'::jsonb,
         'PAYMENT_CLEARING', NULL, NULL, 'MEMBER_MAIN', $3::bigint, NULL)`,
      [`bench-fund:${member}`, (10n ** 15n).toString(), member],
    );
    if (funded.rows[0]?.o_status !== 'OK') throw new Error(`funding refused: ${funded.rows[0]?.o_status}`);
    const token = randomBytes(24).toString('base64url');
    await c.query(
      `INSERT INTO game_session (token_hash, member_id, vendor_id, game_code, game_type, currency, trial, expires_at)
       VALUES ($1, $2, $3, $4, 'ELOTT', 'KRW', false, now() + interval '4 hours')`,
      [sha(token), member, VENDOR, GAME.code],
    );
    const sessionId = sha(randomBytes(32).toString('hex'));
    await c.query(
      `INSERT INTO lotto_session (id, player_id, operator_token, game_code, currency, demo, expires_at)
       VALUES ($1, $2, $3, $4, 'KRW', false, now() + interval '4 hours')`,
      [sessionId, member, token, GAME.code],
    );
    players.push({ member, shard: Number(BigInt(member) % BigInt(CLEARING_SHARDS)), sessionId });
  }
  return players;
}

/** Takes `n` bets (ids `{prefix}{i}`, round id the same), spread over the players. */
async function placeBets(pool: pg.Pool, players: Player[], prefix: string, n: number) {
  await inParallel(indices(n), CONCURRENCY, async (i) => {
    const c = await pool.connect();
    try {
      const id = `${prefix}${i}`;
      const r = await moneyCall(c, players[i % players.length]!, 'BET', id, id, STAKE);
      if (r.rows[0]?.o_status !== 'OK') throw new Error(`bet ${id} refused: ${r.rows[0]?.o_status}`);
    } finally {
      c.release();
    }
  });
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
    const directStart = Date.now();
    await inParallel(indices(TICKETS), CONCURRENCY, async (i) => {
      const p = players[i % players.length]!;
      const round = `direct_${i}`;
      const won = (i % 2 === 0) === oddWins;
      const pc = await pool.connect();
      try {
        if (won) {
          const r = await moneyCall(pc, p, 'WIN', `${round}:win`, round, (STAKE * BigInt(ODDS)) / 10_000n);
          if (r.rows[0]?.o_status !== 'OK') throw new Error(`win ${round} refused: ${r.rows[0]?.o_status}`);
        } else {
          await pc.query({
            name: 'zero-win',
            text: `INSERT INTO seamless_transaction (vendor_id, transaction_id, action, request_hash, member_id, round_id,
                     amount, currency, response)
                   VALUES ($1, $2, 'WIN', $3, $4, $5, 0, 'KRW', $6::jsonb)`,
            values: [
              VENDOR,
              `${round}:win`,
              sha(round),
              p.member,
              round,
              JSON.stringify({ status: 'OK', currency: 'KRW', request_id: round }),
            ],
          });
        }
      } finally {
        pc.release();
      }
    });
    const directPerSecond = TICKETS / ((Date.now() - directStart) / 1000);

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
