/**
 * npm run bench:wallet — the wallet's debit path over real HTTP against the same SQL transaction in a
 * tight loop, on one throwaway PostgreSQL database, at the same concurrency, one after the other, and
 * pgbench's standard runs on the same PostgreSQL as anchors. The server runs in its own process; the
 * load comes from this one.
 *
 *   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  admin URL; default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_SECONDS      seconds per side (default 10)
 *   BENCH_CONCURRENCY  requests / transactions in flight (default 16)
 *
 * The debit call is transferUpline (member main wallet → upline agent's main wallet): a pure debit, one
 * ledger transfer per call, no other rows. The bench member's payment password is hashed with the
 * cheapest argon2id parameters so that the measured path is the API and the ledger, not the deliberate
 * 70–100 ms of CPU a production hash costs per call (that is a fixed cost by design, not overhead).
 */
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seedDemoAccounts } from '../apps/server/src/db/seed/demo-accounts.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo-seed.ts';
import { sessionRepository } from '../apps/server/src/modules/auth/session.repository.ts';
import { sessionService } from '../apps/server/src/modules/auth/session.service.ts';
import { ledgerService } from '../apps/server/src/modules/wallet/ledger.service.ts';
import { ledgerRepository } from '../apps/server/src/modules/wallet/ledger.repository.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger-verify.repository.ts';
import {
  adminQuery as adminQueryOn,
  anchorsRow,
  benchServer,
  drive as driveFor,
  httpClient,
  pgbenchAnchors,
  ratioRow,
  resultRow,
} from './bench-harness.ts';

const admin =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PIN = 'bench-pin-1';
const AMOUNT = 1n;

const adminQuery = (text: string) => adminQueryOn(admin, text);
const drive = (once: (i: number) => Promise<void>) => driveFor(once, seconds, concurrency);

async function main() {
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: concurrency + 4 });
  const sqlPool = new pg.Pool({ connectionString: url.toString(), max: concurrency });
  // Dropping the database at the end closes whatever is still connected; that is expected.
  sqlPool.on('error', () => undefined);
  try {
    const { db } = database;
    await migrateToLatest(db);
    await seedDemo(db);
    await seedDemoAccounts(db);
    const cheapHash = await hash(PIN, { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 });
    const newMember = async (account: string, type: number, uplineId: string | null) =>
      (
        await db
          .insertInto('member')
          .values({
            account,
            type,
            nickname: null,
            passwordHash: 'not-used',
            uplineId,
            email: null,
            mobileDialingCode: null,
            mobileNum: null,
            paymentPasswordHash: cheapHash,
            affiliateCode: null,
            referralCode: null,
            registerUrl: null,
            registerMethod: 'BENCH',
            domain: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const agent = await newMember('benchagent', 1, null);
    const member = await newMember('benchplayer', 0, agent);
    const ledger = ledgerService(ledgerRepository(db));
    await ledger.transfer({
      idempotencyKey: `bench-fund:${member}`,
      kind: 'DEPOSIT',
      from: { kind: 'PAYMENT_CLEARING', currency: 'KRW' },
      to: { kind: 'MEMBER_MAIN', memberId: member, currency: 'KRW' },
      amount: 10n ** 15n,
    });
    const token = await sessionService(sessionRepository(db)).create(member, { ip: '127.0.0.1', userAgent: 'bench' });

    // Spread over addresses below (one trusted proxy hop) so the route's per-address limit does not cap the bench.
    const server = await benchServer(url.toString(), concurrency + 4, { TRUST_PROXY: '1' });
    const run = randomBytes(3).toString('hex');

    // Warm up connections and code paths, then measure.
    const client = httpClient(server.url, concurrency);
    const http = async (i: number) => {
      const res = await client(
        'POST',
        '/api/wallet/transfer-upline',
        {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          // Spread over addresses so the per-address limit of the route does not cap the bench.
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        JSON.stringify({ amount: AMOUNT.toString(), paymentPassword: PIN, requestId: `bench-${run}-h${i}` }),
      );
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.body}`);
    };
    for (let i = 0; i < 50; i++) await http(1_000_000_000 + i);
    const httpResult = await drive(http);
    await server.stop();

    // The same transaction as the ledger's transfer, bare: the one statement the ledger sends
    // (ledger_apply_transfer locks both accounts in id order, checks the key and the debit, inserts the
    // transfer and moves both balances), in autocommit, from a plain pg pool.
    const sqlOnce = async (i: number) => {
      const key = `bench-${run}-s${i}`;
      const res = await sqlPool.query<{ o_status: string }>(
        `SELECT * FROM ledger_apply_transfer($1, $2, 'UPLINE_TRANSFER', 'KRW', $3::bigint, $4::jsonb,
           'MEMBER_MAIN', $5::bigint, NULL, 'MEMBER_MAIN', $6::bigint, NULL)`,
        [key, key, AMOUNT.toString(), JSON.stringify({ requestId: key }), member, agent],
      );
      if (res.rows[0]?.o_status !== 'OK') throw new Error(`transfer refused: ${res.rows[0]?.o_status}`);
    };
    for (let i = 0; i < 50; i++) await sqlOnce(1_000_000_000 + i);
    const sqlResult = await drive(sqlOnce);

    const violations = await verifyLedger(db);
    const anchors = await pgbenchAnchors(admin, seconds, concurrency);
    console.log(`bench:wallet — ${seconds} s each, concurrency ${concurrency}, one wallet, PostgreSQL ${url.host}`);
    console.log(resultRow('HTTP POST transferUpline', httpResult));
    console.log(resultRow('SQL transfer transaction', sqlResult));
    console.log(anchorsRow(anchors));
    console.log(ratioRow('HTTP POST transferUpline', httpResult.perSecond, anchors));
    console.log(ratioRow('SQL transfer transaction', sqlResult.perSecond, anchors));
    const ratio = httpResult.perSecond / sqlResult.perSecond;
    console.log(`ratio HTTP / SQL: ${ratio.toFixed(2)} (goal ≥ 0.50) ${ratio >= 0.5 ? 'met' : 'NOT met'}`);
    console.log(`ledger:verify after the run: ${violations.length === 0 ? 'ok' : JSON.stringify(violations)}`);
    if (violations.length > 0 || httpResult.failures > 0) process.exitCode = 1;
  } finally {
    await sqlPool.end();
    await database.close();
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

await main();
