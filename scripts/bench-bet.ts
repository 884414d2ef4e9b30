/**
 * npm run bench:bet — signed seamless-wallet `bet` calls over real HTTP against the same SQL in a tight
 * loop, on one throwaway PostgreSQL database, at the same concurrency, one after the other, and
 * pgbench's standard runs on the same PostgreSQL as anchors. The server runs in its own process; the
 * load comes from this one.
 *
 *   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  admin URL; default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_SECONDS      seconds per side (default 10)
 *   BENCH_CONCURRENCY  calls / transactions in flight (default 16)
 *
 * Every call is a new transaction id, first all on one player's wallet (a busy table of one player),
 * then spread over 16 players' wallets (16 players at once). Goal (issue 13): one wallet ≥ 0.5×
 * tpcb-like at scale 1, 16 wallets ≥ 0.5× tpcb-like at scale 10, p99 ≤ 100 ms.
 * The SQL side runs exactly the statements a bet call runs: the vendor by its operator id, the game
 * session by its token hash, then one transaction that claims (vendor, transaction_id) and, in one
 * statement, applies the ledger transfer (ledger_apply_transfer: both accounts locked, key and debit
 * checked, transfer inserted, balances moved) and stores the answer. The difference
 * between the two is what HTTP, signature checking, validation and the service cost.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo-seed.ts';
import { gameSessionService } from '../apps/server/src/modules/games/game-session.service.ts';
import { signedSeamlessHeaders } from '../apps/server/src/modules/games/seamless-signature.ts';
import { vendorRegistry } from '../apps/server/src/modules/games/vendor-registry.ts';
import { seamlessRepository } from '../apps/server/src/modules/games/seamless.repository.ts';
import { vendorRepository } from '../apps/server/src/modules/games/vendor.repository.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger-verify.repository.ts';
import { ledgerService } from '../apps/server/src/modules/wallet/ledger.service.ts';
import { ledgerRepository } from '../apps/server/src/modules/wallet/ledger.repository.ts';
import {
  anchorsRow,
  benchAdminUrl,
  benchServer,
  drive,
  type DriveResult,
  httpClient,
  pgbenchAnchors,
  ratioRow,
  resultRow,
  throwawayDatabase,
} from './bench-harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const VENDOR_ID = 'BENCH';
const GAME = 'bench-slot';
const AMOUNT = '1';
const WALLETS = [1, 16];

async function main() {
  const throwaway = await throwawayDatabase(benchAdminUrl());
  const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: '', poolSize: concurrency + 4 });
  const sqlPool = new pg.Pool({ connectionString: throwaway.url, max: concurrency });
  // Dropping the database at the end closes whatever is still connected; that is expected.
  sqlPool.on('error', () => undefined);
  try {
    const { db } = database;
    await migrateToLatest(db);
    await seedDemo(db);
    const vendor = await db
      .insertInto('vendor')
      .values({ id: VENDOR_ID, name: 'Bench Vendor', logoUrl: '/x.svg', mode: 'SEAMLESS', status: 'LIVE', sort: 99 })
      .returning(['operatorId', 'secret'])
      .executeTakeFirstOrThrow();
    const newPlayer = async (n: number) => {
      const member = (
        await db
          .insertInto('member')
          .values({
            account: `benchplayer${n}`,
            type: 0,
            nickname: null,
            passwordHash: 'not-used',
            uplineId: null,
            email: null,
            mobileDialingCode: null,
            mobileNum: null,
            paymentPasswordHash: null,
            affiliateCode: null,
            referralCode: null,
            registerUrl: null,
            registerMethod: 'BENCH',
            domain: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await ledgerService(ledgerRepository(db)).transfer({
        idempotencyKey: `bench-fund:${member}`,
        kind: 'DEPOSIT',
        from: { kind: 'PAYMENT_CLEARING', currency: 'KRW' },
        to: { kind: 'MEMBER_MAIN', memberId: member, currency: 'KRW' },
        amount: 10n ** 15n,
      });
      const session = await gameSessionService(seamlessRepository(db), vendorRegistry(vendorRepository(db), [])).issue({
        memberId: member,
        memberType: 0,
        vendorId: VENDOR_ID,
        gameCode: GAME,
        gameType: 'RNG',
        mode: 'real',
      });
      return { member, token: session.token, tokenHash: createHash('sha256').update(session.token).digest('hex') };
    };
    const players: Awaited<ReturnType<typeof newPlayer>>[] = [];
    for (let n = 0; n < Math.max(...WALLETS); n++) players.push(await newPlayer(n));

    const server = await benchServer(throwaway.url, concurrency + 4);
    const run = randomBytes(3).toString('hex');

    const client = httpClient(server.url, concurrency);
    const http = (wallets: number) => async (i: number) => {
      const raw = JSON.stringify({
        request_id: `r-${run}-${i}`,
        token: players[i % wallets]!.token,
        transaction_id: `bench-${run}-h${i}`,
        round_id: `round-${run}-h${i}`,
        game_code: GAME,
        amount: AMOUNT,
        currency: 'KRW',
      });
      const res = await client(
        'POST',
        '/api/vendor/seamless/bet',
        signedSeamlessHeaders(vendor.operatorId, vendor.secret, raw),
        raw,
      );
      const body = JSON.parse(res.body) as { status: string };
      if (res.status !== 200 || body.status !== 'OK') throw new Error(`HTTP ${res.status}: ${res.body}`);
    };
    // Warm up connections and code paths, then measure.
    for (let i = 0; i < 50; i++) await http(1)(1_000_000_000 + i);
    const httpResults = new Map<number, DriveResult>();
    let offset = 0;
    for (const wallets of WALLETS) {
      offset += 10_000_000;
      const once = http(wallets);
      httpResults.set(wallets, await drive((i) => once(offset + i), seconds, concurrency));
    }
    await server.stop();

    const sqlOnce = (wallets: number) => async (i: number) => {
      const { member, tokenHash } = players[i % wallets]!;
      const c = await sqlPool.connect();
      const txId = `bench-${run}-s${i}`;
      try {
        await c.query(
          'SELECT id, name, mode, status, operator_id, secret, currencies, base_url FROM vendor WHERE operator_id = $1',
          [vendor.operatorId],
        );
        await c.query(
          `SELECT s.id, s.member_id, s.vendor_id, s.game_code, s.game_type, s.currency, s.trial, s.expires_at, m.status
           FROM game_session s JOIN member m ON m.id = s.member_id WHERE s.token_hash = $1 AND s.vendor_id = $2`,
          [tokenHash, VENDOR_ID],
        );
        await c.query('BEGIN');
        const claim = await c.query(
          `INSERT INTO seamless_transaction (vendor_id, transaction_id, action, request_hash, member_id, round_id, amount, currency)
           VALUES ($1, $2, 'BET', $3, $4, $5, $6, 'KRW') ON CONFLICT DO NOTHING RETURNING transaction_id`,
          [VENDOR_ID, txId, txId, member, `round-${txId}`, AMOUNT],
        );
        if (claim.rowCount !== 1) throw new Error('duplicate transaction');
        // The transfer and the stored answer in one statement, as the ledger's `alongside` write does it.
        const t = await c.query<{ o_status: string }>(
          `WITH applied AS MATERIALIZED (
             SELECT * FROM ledger_apply_transfer($1, $2, 'BET', 'KRW', $3::bigint, $4::jsonb,
               'MEMBER_MAIN', $5::bigint, NULL, 'VENDOR_CLEARING', NULL, $6::text)),
           done AS (SELECT * FROM applied WHERE o_status IN ('OK', 'REPLAY')),
           alongside AS (
             UPDATE seamless_transaction
                SET response = $7::jsonb || jsonb_build_object('balance', done.o_from_balance::text,
                                                               'operator_transaction_id', done.o_transfer_id::text)
               FROM done WHERE vendor_id = $6 AND transaction_id = $8)
           SELECT * FROM applied`,
          [
            `vendor:${VENDOR_ID}:${txId}`,
            txId,
            AMOUNT,
            JSON.stringify({ vendorId: VENDOR_ID, transactionId: txId }),
            member,
            VENDOR_ID,
            JSON.stringify({ status: 'OK', currency: 'KRW', request_id: txId }),
            txId,
          ],
        );
        if (t.rows[0]?.o_status !== 'OK') throw new Error(`transfer refused: ${t.rows[0]?.o_status}`);
        await c.query('COMMIT');
      } catch (err) {
        await c.query('ROLLBACK');
        throw err;
      } finally {
        c.release();
      }
    };
    for (let i = 0; i < 50; i++) await sqlOnce(1)(1_000_000_000 + i);
    const sqlResults = new Map<number, DriveResult>();
    for (const wallets of WALLETS) {
      offset += 10_000_000;
      const once = sqlOnce(wallets);
      sqlResults.set(wallets, await drive((i) => once(offset + i), seconds, concurrency));
    }
    const anchors = await pgbenchAnchors(benchAdminUrl(), seconds, concurrency);

    const violations = await verifyLedger(db);
    console.log(`bench:bet — ${seconds} s each, concurrency ${concurrency}, PostgreSQL ${throwaway.host}`);
    for (const wallets of WALLETS) {
      const h = httpResults.get(wallets)!;
      const q = sqlResults.get(wallets)!;
      const label = wallets === 1 ? 'one wallet' : `${wallets} wallets`;
      console.log(resultRow(`HTTP seamless bet, ${label}`, h));
      console.log(resultRow(`SQL bet statements, ${label}`, q));
    }
    console.log(anchorsRow(anchors));
    for (const wallets of WALLETS) {
      const label = wallets === 1 ? 'one wallet' : `${wallets} wallets`;
      console.log(ratioRow(`HTTP seamless bet, ${label}`, httpResults.get(wallets)!.perSecond, anchors));
      console.log(ratioRow(`SQL bet statements, ${label}`, sqlResults.get(wallets)!.perSecond, anchors));
    }
    const one = httpResults.get(1)!;
    const many = httpResults.get(16)!;
    const goal = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `goal: one wallet ≥ 0.5× tpcb-like s1 ${goal(one.perSecond >= 0.5 * anchors.tpcb1)} · 16 wallets ≥ 0.5× tpcb-like s10 ${goal(many.perSecond >= 0.5 * anchors.tpcb10)} · p99 ≤ 100 ms ${goal(Math.max(one.p99, many.p99) <= 100)}`,
    );
    console.log(`ledger:verify after the run: ${violations.length === 0 ? 'ok' : JSON.stringify(violations)}`);
    if (violations.length > 0 || one.failures + many.failures > 0) process.exitCode = 1;
  } finally {
    await sqlPool.end();
    await database.close();
    await throwaway.drop();
  }
}

await main();
