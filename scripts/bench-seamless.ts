/**
 * What the settlement benchmarks of the built-in vendors share (bench-lottery.ts, bench-sports.ts):
 * funded players with a game session at the vendor, bets taken by the operator's one-statement
 * seamless bet, and the same ledger statements a settlement sends, run directly.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { CLEARING_SHARDS } from '../apps/server/src/modules/games/seamless-wallet.service.ts';
import { inParallel } from '../packages/contracts/src/in-parallel.ts';

/** Calls in flight: the bench's bets, and the direct side, as many as one settler's. */
export const CONCURRENCY = 16;
export const indices = (n: number) => Array.from({ length: n }, (_, i) => i);
export const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export interface BenchPlayer {
  member: string;
  shard: number;
  /** The operator's game-session token the vendor holds for the player. */
  token: string;
}

/** The operator's one-statement seamless bet or win, as the seamless wallet runs it (decision 043). */
export function moneyCall(
  c: pg.PoolClient | pg.Client,
  vendor: string,
  p: BenchPlayer,
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
      vendor,
      transactionId,
      action,
      sha(`${action}:${transactionId}`),
      p.member,
      roundId,
      amount.toString(),
      action === 'WIN',
      action === 'BET',
      p.shard,
      `vendor:${vendor}:${transactionId}`,
      sha(`ledger:${transactionId}`),
      JSON.stringify({ vendorId: vendor, transactionId, roundId }),
      JSON.stringify({ status: 'OK', currency: 'KRW', request_id: transactionId }),
    ],
  });
}

/** `n` players (accounts `{prefix}{i}`) with funded wallets and a game session at `vendor` each. */
export async function fundedPlayers(
  c: pg.Client,
  {
    vendor,
    prefix,
    n,
    gameCode,
    gameType,
  }: { vendor: string; prefix: string; n: number; gameCode: string; gameType: string },
): Promise<BenchPlayer[]> {
  await c.query(
    `INSERT INTO ledger_account (kind, currency, allow_negative) VALUES ('PAYMENT_CLEARING', 'KRW', true) ON CONFLICT DO NOTHING`,
  );
  for (let shard = 0; shard < CLEARING_SHARDS; shard++)
    await c.query(
      `INSERT INTO ledger_account (kind, vendor_id, currency, allow_negative, shard) VALUES ('VENDOR_CLEARING', $1, 'KRW', true, $2)
       ON CONFLICT DO NOTHING`,
      [vendor, shard],
    );
  const players: BenchPlayer[] = [];
  for (let i = 0; i < n; i++) {
    const { rows } = await c.query<{ id: string }>(
      `INSERT INTO member (account, type, password_hash, register_method) VALUES ($1, 0, 'not-used', 'BENCH') RETURNING id`,
      [`${prefix}${i}`],
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
       VALUES ($1, $2, $3, $4, $5, 'KRW', false, now() + interval '4 hours')`,
      [sha(token), member, vendor, gameCode, gameType],
    );
    players.push({ member, shard: Number(BigInt(member) % BigInt(CLEARING_SHARDS)), token });
  }
  return players;
}

/** Takes `n` bets of `stake` (ids `{prefix}{i}`, round id the same), spread over the players. */
export async function placeBets(
  pool: pg.Pool,
  vendor: string,
  players: BenchPlayer[],
  prefix: string,
  n: number,
  stake: bigint,
) {
  await inParallel(indices(n), CONCURRENCY, async (i) => {
    const c = await pool.connect();
    try {
      const id = `${prefix}${i}`;
      const r = await moneyCall(c, vendor, players[i % players.length]!, 'BET', id, id, stake);
      if (r.rows[0]?.o_status !== 'OK') throw new Error(`bet ${id} refused: ${r.rows[0]?.o_status}`);
    } finally {
      c.release();
    }
  });
}

/**
 * The same bets as `placeBets` (the same seamless_money_call, ids, hashes and keys), called by the
 * database itself a few hundred at a time: a bench of 200,000 tickets takes its bets in minutes
 * instead of an hour of round trips. Four statements run at once, each on the players of its own
 * clearing shards, so no two lock the same rows.
 */
export async function placeBetsInBulk(
  pool: pg.Pool,
  {
    vendor,
    players,
    prefix,
    n,
    stake,
  }: { vendor: string; players: BenchPlayer[]; prefix: string; n: number; stake: bigint },
) {
  const BULK = 1_000;
  const STREAMS = 4;
  const chunks = Array.from({ length: Math.ceil(n / BULK) }, (_, k) => k * BULK).flatMap((from) =>
    indices(STREAMS).map((stream) => ({ from, stream })),
  );
  await inParallel(chunks, STREAMS, async ({ from, stream }) => {
    const { rows } = await pool.query<{ ok: number; refused: string | null }>(
      `SELECT count(*) FILTER (WHERE (r).o_status = 'OK')::int AS ok,
              min((r).o_status) FILTER (WHERE (r).o_status <> 'OK') AS refused
       FROM (
         SELECT seamless_money_call($1, x.id, 'BET', encode(sha256(convert_to('BET:' || x.id, 'UTF8')), 'hex'),
                  (p.m)[x.i % $4 + 1], x.id, $5::bigint, 'KRW', false, true, 'MEMBER_MAIN', (p.sh)[x.i % $4 + 1]::smallint,
                  'vendor:' || $1 || ':' || x.id, encode(sha256(convert_to('ledger:' || x.id, 'UTF8')), 'hex'),
                  jsonb_build_object('vendorId', $1::text, 'transactionId', x.id, 'roundId', x.id),
                  jsonb_build_object('status', 'OK', 'currency', 'KRW', 'request_id', x.id), NULL) AS r
         FROM (SELECT i, $2 || i AS id FROM generate_series($3::int, $6::int) AS i) AS x,
              (SELECT $7::bigint[] AS m, $8::int[] AS sh) AS p
         WHERE (p.sh)[x.i % $4 + 1] % $9 = $10
       ) AS calls`,
      [
        vendor,
        prefix,
        from,
        players.length,
        stake.toString(),
        Math.min(from + BULK, n) - 1,
        players.map((p) => p.member),
        players.map((p) => p.shard),
        STREAMS,
        stream,
      ],
    );
    if (rows[0]!.refused) throw new Error(`bets from ${prefix}${from} refused: ${rows[0]!.refused}`);
  });
}

/**
 * The ledger statements of a settlement, run directly on rounds `{prefix}{i}`: a winner's
 * seamless_money_call WIN of `win(i)`, a loser's record of its zero win (0n), `CONCURRENCY` in flight.
 * Answers the rounds settled per second.
 */
export async function directSettlement(
  pool: pg.Pool,
  vendor: string,
  players: BenchPlayer[],
  prefix: string,
  n: number,
  win: (i: number) => bigint,
): Promise<number> {
  const start = Date.now();
  await inParallel(indices(n), CONCURRENCY, async (i) => {
    const p = players[i % players.length]!;
    const round = `${prefix}${i}`;
    const amount = win(i);
    const pc = await pool.connect();
    try {
      if (amount > 0n) {
        const r = await moneyCall(pc, vendor, p, 'WIN', `${round}:win`, round, amount);
        if (r.rows[0]?.o_status !== 'OK') throw new Error(`win ${round} refused: ${r.rows[0]?.o_status}`);
      } else {
        await pc.query({
          name: 'zero-win',
          text: `INSERT INTO seamless_transaction (vendor_id, transaction_id, action, request_hash, member_id, round_id,
                   amount, currency, response)
                 VALUES ($1, $2, 'WIN', $3, $4, $5, 0, 'KRW', $6::jsonb)`,
          values: [
            vendor,
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
  return n / ((Date.now() - start) / 1000);
}
