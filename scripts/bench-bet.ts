/**
 * npm run bench:bet — signed seamless-wallet `bet` calls over real HTTP, the same SQL in a tight loop,
 * and pgbench's standard runs on the same PostgreSQL as anchors, all in one run. The server runs in
 * its own process; the load comes from this one.
 *
 *   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  admin URL; default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_SECONDS      seconds per side (default 10)
 *   BENCH_CONCURRENCY  calls / transactions in flight (default 16)
 *   BENCH_BASELINE     another checkout of the repository (see bench-harness.ts): its server runs on a
 *                      throwaway database of its own, filled the same way, and takes turns with this
 *                      one's (baseline, candidate, candidate, baseline) so both see the same machine
 *
 * Every call is a new transaction id, first all on one player's wallet (a busy table of one player),
 * then spread over 16 players' wallets (16 players at once); then the calls of the 16-wallet run are
 * sent again (replays, answered from the stored answer). Goals (issue 13): one wallet ≥ 0.5×
 * tpcb-like at scale 1, 16 wallets ≥ 0.5× tpcb-like at scale 10, p99 ≤ 100 ms, a replay ≥ 1.5× as
 * fast as a new bet. The SQL side runs exactly the statements a bet call runs: the vendor by its
 * operator id, the game session by its token hash, and the one statement (seamless_money_call,
 * decision 043) that claims the id, applies the ledger transfer and stores the answer, in
 * autocommit. The difference between the two is what HTTP, signature checking, validation and the
 * service cost. Each side's database is filled with plain SQL that every version of the schema
 * accepts, so a baseline checkout runs on its own migrations.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { signedSeamlessHeaders } from '../apps/server/src/modules/games/seamless-signature.ts';
import { CLEARING_SHARDS } from '../apps/server/src/modules/games/seamless-wallet.service.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger-verify.repository.ts';
import {
  anchorsRow,
  benchAdminUrl,
  baselineCheckout,
  baselineRow,
  benchServer,
  drive,
  type DriveResult,
  httpClient,
  loadRow,
  pgbenchAnchors,
  ratioRow,
  resultRow,
  sideBySide,
  throwawayDatabase,
  verifyIn,
} from './bench-harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const VENDOR_ID = 'BENCH';
const GAME = 'bench-slot';
const AMOUNT = '1';
const WALLETS = [1, 16];

interface Player {
  member: string;
  token: string;
  tokenHash: string;
}

/** The bench's vendor and players, written with plain SQL on a migrated database (any version). */
async function fill(url: string): Promise<{ operatorId: string; secret: string; players: Player[] }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const vendor = await c.query<{ operator_id: string; secret: string }>(
      `INSERT INTO vendor (id, name, logo_url, mode, status, sort) VALUES ($1, 'Bench Vendor', '/x.svg', 'SEAMLESS', 'LIVE', 99)
       RETURNING operator_id, secret`,
      [VENDOR_ID],
    );
    await c.query(
      `INSERT INTO ledger_account (kind, currency, allow_negative) VALUES ('PAYMENT_CLEARING', 'KRW', true) ON CONFLICT DO NOTHING`,
    );
    const players: Player[] = [];
    for (let n = 0; n < Math.max(...WALLETS); n++) {
      const { rows } = await c.query<{ id: string }>(
        `INSERT INTO member (account, type, password_hash, register_method) VALUES ($1, 0, 'not-used', 'BENCH') RETURNING id`,
        [`benchplayer${n}`],
      );
      const member = rows[0]!.id;
      await c.query(`INSERT INTO ledger_account (kind, member_id, currency) VALUES ('MEMBER_MAIN', $1, 'KRW')`, [
        member,
      ]);
      const funded = await c.query<{ o_status: string }>(
        `SELECT o_status FROM ledger_apply_transfer($1, $1, 'DEPOSIT', 'KRW', $2::bigint, '{}'::jsonb,
           'PAYMENT_CLEARING', NULL, NULL, 'MEMBER_MAIN', $3::bigint, NULL)`,
        [`bench-fund:${member}`, (10n ** 15n).toString(), member],
      );
      if (funded.rows[0]?.o_status !== 'OK') throw new Error(`funding refused: ${funded.rows[0]?.o_status}`);
      const token = randomBytes(24).toString('base64url');
      const tokenHash = createHash('sha256').update(token).digest('hex');
      await c.query(
        `INSERT INTO game_session (token_hash, member_id, vendor_id, game_code, game_type, currency, trial, expires_at)
         VALUES ($1, $2, $3, $4, 'RNG', 'KRW', false, now() + interval '4 hours')`,
        [tokenHash, member, VENDOR_ID, GAME],
      );
      players.push({ member, token, tokenHash });
    }
    return { operatorId: vendor.rows[0]!.operator_id, secret: vendor.rows[0]!.secret, players };
  } finally {
    await c.end();
  }
}

/** A database of its own, migrated by the server of `checkout` as it starts, then filled. */
async function side(checkout?: string) {
  const database = await throwawayDatabase(benchAdminUrl());
  try {
    const server = await benchServer(database.url, concurrency + 4, { SEED_DEMO: 'false' }, checkout);
    const filled = await fill(database.url);
    return { database, server, ...filled };
  } catch (err) {
    await database.drop();
    throw err;
  }
}
type Side = Awaited<ReturnType<typeof side>>;

async function main() {
  const run = randomBytes(3).toString('hex');
  const checkout = baselineCheckout();
  const loadBefore = loadRow();
  const candidate = await side();
  const baseline = checkout ? await side(checkout) : undefined;
  const byUrl = new Map<string, Side>([[candidate.server.url, candidate]]);
  if (baseline) byUrl.set(baseline.server.url, baseline);
  const sqlPool = new pg.Pool({ connectionString: candidate.database.url, max: concurrency });
  // Dropping the database at the end closes whatever is still connected; that is expected.
  sqlPool.on('error', () => undefined);
  try {
    /** Bodies of calls answered OK, per server: the replays send them again. */
    const sent = new Map<string, string[]>();
    const betsTo =
      (wallets: number, replay = false) =>
      (url: string) => {
        const s = byUrl.get(url)!;
        const client = httpClient(url, concurrency);
        const done = sent.get(url) ?? [];
        sent.set(url, done);
        return async (i: number) => {
          const raw = replay
            ? done[i % done.length]!
            : JSON.stringify({
                request_id: `r-${run}-${i}`,
                token: s.players[i % wallets]!.token,
                transaction_id: `bench-${run}-w${wallets}-h${i}`,
                round_id: `round-${run}-w${wallets}-h${i}`,
                game_code: GAME,
                amount: AMOUNT,
                currency: 'KRW',
              });
          const res = await client(
            'POST',
            '/api/vendor/seamless/bet',
            signedSeamlessHeaders(s.operatorId, s.secret, raw),
            raw,
          );
          const body = JSON.parse(res.body) as { status: string };
          if (res.status !== 200 || body.status !== 'OK') throw new Error(`HTTP ${res.status}: ${res.body}`);
          if (!replay && wallets > 1) done.push(raw);
        };
      };
    // Warm up connections and code paths, then measure.
    for (const s of byUrl.values()) {
      const warm = betsTo(1)(s.server.url);
      for (let i = 0; i < 50; i++) await warm(1_000_000_000 + i);
    }
    const urls = { baseline: baseline?.server.url ?? '', candidate: candidate.server.url };
    const measure = async (make: (url: string) => (i: number) => Promise<void>) => {
      if (baseline) return sideBySide(make, urls, seconds, concurrency);
      let offset = 0;
      const once = make(candidate.server.url);
      const start = (offset += 20_000_000);
      return { baseline: undefined, candidate: await drive((i) => once(start + i), seconds, concurrency) };
    };
    const httpResults = new Map<number, { baseline?: DriveResult | undefined; candidate: DriveResult }>();
    for (const wallets of WALLETS) httpResults.set(wallets, await measure(betsTo(wallets)));
    const replays = await measure(betsTo(16, true));
    await candidate.server.stop();
    await baseline?.server.stop();

    const sqlOnce = (wallets: number) => async (i: number) => {
      const { member, tokenHash } = candidate.players[i % wallets]!;
      const c = await sqlPool.connect();
      const txId = `bench-${run}-s${i}`;
      try {
        await c.query({
          name: 'vendor',
          text: 'SELECT id, name, mode, status, operator_id, secret, currencies, base_url FROM vendor WHERE operator_id = $1',
          values: [candidate.operatorId],
        });
        await c.query({
          name: 'session',
          text: `SELECT s.id, s.member_id, s.vendor_id, s.game_code, s.game_type, s.currency, s.trial, s.expires_at, m.status
           FROM game_session s JOIN member m ON m.id = s.member_id WHERE s.token_hash = $1 AND s.vendor_id = $2`,
          values: [tokenHash, VENDOR_ID],
        });
        const t = await c.query<{ o_status: string }>({
          name: 'bet',
          text: `SELECT * FROM seamless_money_call($1, $2, 'BET', $3, $4::bigint, $5, $6::bigint, 'KRW', false, true,
             'MEMBER_MAIN', $7::smallint, $8, $9, $10::jsonb, $11::jsonb, NULL)`,
          values: [
            VENDOR_ID,
            txId,
            txId,
            member,
            `round-${txId}`,
            AMOUNT,
            Number(BigInt(member) % BigInt(CLEARING_SHARDS)),
            `vendor:${VENDOR_ID}:${txId}`,
            txId,
            JSON.stringify({ vendorId: VENDOR_ID, transactionId: txId }),
            JSON.stringify({ status: 'OK', currency: 'KRW', request_id: txId }),
          ],
        });
        if (t.rows[0]?.o_status !== 'OK') throw new Error(`bet refused: ${t.rows[0]?.o_status}`);
      } finally {
        c.release();
      }
    };
    for (let i = 0; i < 50; i++) await sqlOnce(1)(1_000_000_000 + i);
    const sqlResults = new Map<number, DriveResult>();
    let offset = 0;
    for (const wallets of WALLETS) {
      offset += 10_000_000;
      const once = sqlOnce(wallets);
      sqlResults.set(wallets, await drive((i) => once(offset + i), seconds, concurrency));
    }
    const anchors = await pgbenchAnchors(benchAdminUrl(), seconds, concurrency);

    const verify = async (url: string) => {
      const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 1 });
      try {
        return await verifyLedger(database.db);
      } finally {
        await database.close();
      }
    };
    const violations = await verify(candidate.database.url);
    // The baseline's database is checked by the baseline's own ledger:verify (its schema may differ).
    const baselineViolations = baseline && checkout ? await verifyIn(checkout, baseline.database.url) : [];
    console.log(`\nbench:bet — ${seconds} s each, concurrency ${concurrency}, PostgreSQL ${candidate.database.host}`);
    console.log(`${loadBefore} before the runs, ${loadRow()} after`);
    const label = (wallets: number) => (wallets === 1 ? 'one wallet' : `${wallets} wallets`);
    for (const wallets of WALLETS) {
      const h = httpResults.get(wallets)!;
      if (h.baseline) {
        console.log(resultRow(`HTTP bet, ${label(wallets)}, baseline`, h.baseline));
        console.log(baselineRow(`HTTP bet, ${label(wallets)}`, { baseline: h.baseline, candidate: h.candidate }));
      }
      console.log(resultRow(`HTTP seamless bet, ${label(wallets)}`, h.candidate));
      console.log(resultRow(`SQL bet statements, ${label(wallets)}`, sqlResults.get(wallets)!));
    }
    if (replays.baseline) console.log(resultRow('HTTP replayed bet, baseline', replays.baseline));
    console.log(resultRow('HTTP replayed bet, 16 wallets', replays.candidate));
    console.log(anchorsRow(anchors));
    for (const wallets of WALLETS) {
      console.log(
        ratioRow(`HTTP seamless bet, ${label(wallets)}`, httpResults.get(wallets)!.candidate.perSecond, anchors),
      );
      console.log(ratioRow(`SQL bet statements, ${label(wallets)}`, sqlResults.get(wallets)!.perSecond, anchors));
      const b = httpResults.get(wallets)!.baseline;
      if (b) console.log(ratioRow(`HTTP bet, ${label(wallets)}, baseline`, b.perSecond, anchors));
    }
    const one = httpResults.get(1)!.candidate;
    const many = httpResults.get(16)!.candidate;
    const replayRatio = replays.candidate.perSecond / many.perSecond;
    const goal = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `goal: one wallet ≥ 0.5× tpcb-like s1 ${goal(one.perSecond >= 0.5 * anchors.tpcb1)} (${(one.perSecond / anchors.tpcb1).toFixed(2)}×)` +
        ` · 16 wallets ≥ 0.5× tpcb-like s10 ${goal(many.perSecond >= 0.5 * anchors.tpcb10)} (${(many.perSecond / anchors.tpcb10).toFixed(2)}×)` +
        ` · p99 ≤ 100 ms ${goal(Math.max(one.p99, many.p99) <= 100)} (${Math.max(one.p99, many.p99).toFixed(1)} ms)` +
        ` · replay ≥ 1.5× a new bet ${goal(replayRatio >= 1.5)} (${replayRatio.toFixed(2)}×)`,
    );
    const shown = (v: unknown[]) => (v.length === 0 ? 'ok' : JSON.stringify(v));
    console.log(
      `ledger:verify after the run: ${shown(violations)}${baseline ? ` (baseline's database: ${shown(baselineViolations)})` : ''}`,
    );
    const failures = [...httpResults.values()].reduce(
      (n, r) => n + r.candidate.failures + (r.baseline?.failures ?? 0),
      0,
    );
    if (violations.length + baselineViolations.length > 0 || failures + replays.candidate.failures > 0)
      process.exitCode = 1;
  } finally {
    await sqlPool.end();
    await candidate.server.stop().catch(() => undefined);
    await baseline?.server.stop().catch(() => undefined);
    await candidate.database.drop();
    await baseline?.database.drop();
  }
}

await main();
