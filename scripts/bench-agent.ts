/**
 * npm run bench:agent — the agent centre's report calls over real HTTP for the top agent of a team of
 * 100,000 members over six levels with 2,000,000 bets spread over 90 days (issue 15), beside the same
 * repository reads run directly on the same PostgreSQL, at the same concurrency, and pgbench's
 * standard runs there. The server runs in its own process; the load comes from this one.
 *
 *   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  admin URL; default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_SECONDS      seconds per side and call (default 10)
 *   BENCH_CONCURRENCY  calls in flight (default 16)
 *   BENCH_MEMBERS      team size below the top agent (default 100000)
 *   BENCH_BETS         bets (default 2000000); every third bet also pays a win
 *   BENCH_BASELINE     another checkout of the repository (see bench-harness.ts): its server runs on a
 *                      copy of the same data, migrated by its own code, in turns with this one's, and
 *                      each call prints as a ratio to it
 *
 * The data is written with set-based SQL into the tables as they stand before the downline closure and
 * the report aggregates (migration 0042), and the later migrations' own backfills build those, so the
 * bench fills them exactly as an upgrade would. Goal (issue 15): p99 under 100 ms for the team overview
 * and the team-management page at 16 in flight.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateTo, migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { reportsRepository } from '../apps/server/src/modules/agent/reports.repository.ts';
import { teamRepository } from '../apps/server/src/modules/agent/team.repository.ts';
import { sessionRepository } from '../apps/server/src/modules/auth/session.repository.ts';
import { sessionService } from '../apps/server/src/modules/auth/session.service.ts';
import { kstDay } from '../apps/server/src/modules/wallet/history.service.ts';
import {
  adminQuery,
  anchorsRow,
  baselineCheckout,
  baselineRow,
  benchAdminUrl,
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
} from './bench-harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
const bets = Number(process.env.BENCH_BETS ?? 2_000_000);
const DAYS = 90;
/** Agents per level below the top agent (levels 1–4); level 5 holds the players, the rest of the team. */
const AGENT_LEVELS = [10, 100, 1_000, 10_000].map((n) => Math.min(n, Math.floor(members / 10)));

const t0 = performance.now();
const log = (s: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${s}`);

/** The team, its money and its bets, written set-based into the schema of migration 0042. */
async function fill(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const q = (text: string, values: unknown[] = []) => c.query(text, values);
  try {
    await q(`INSERT INTO vendor (id, name, logo_url, mode, status, sort)
             VALUES ('BENCH', 'Bench Vendor', '/x.svg', 'SEAMLESS', 'LIVE', 99)`);
    // Registration times over the 100 days before now; players keep registering during the 90 days of bets.
    const member = (prefix: string, type: number, count: number, uplines: string) => `
      INSERT INTO member (account, type, password_hash, upline_id, register_method, created_at)
      SELECT '${prefix}' || g, ${type}, 'not-used', u.ids[1 + g % array_length(u.ids, 1)], 'BENCH',
             now() - make_interval(secs => (g * 7919 % 8640000))
        FROM generate_series(0, ${count - 1}) g, (${uplines}) u`;
    await q(`INSERT INTO member (account, type, password_hash, register_method, created_at)
             VALUES ('benchtop', 1, 'not-used', 'BENCH', now() - interval '200 days')`);
    let above = `SELECT array_agg(id) AS ids FROM member WHERE account = 'benchtop'`;
    let made = 0;
    for (const [level, count] of AGENT_LEVELS.entries()) {
      await q(member(`bl${level + 1}a`, 2, count, above));
      above = `SELECT array_agg(id ORDER BY id) AS ids FROM member WHERE account LIKE 'bl${level + 1}a%'`;
      made += count;
    }
    const players = members - made;
    await q(member('bl5p', 0, players, above));
    log(`${members} members below benchtop (${AGENT_LEVELS.join(' + ')} agents, ${players} players)`);

    await q(`INSERT INTO ledger_account (kind, member_id, currency)
             SELECT 'MEMBER_MAIN', id, 'KRW' FROM member WHERE register_method = 'BENCH'`);
    await q(`INSERT INTO ledger_account (kind, vendor_id, currency, allow_negative)
             VALUES ('VENDOR_CLEARING', 'BENCH', 'KRW', true)`);
    await q(`INSERT INTO ledger_account (kind, currency, allow_negative) VALUES ('PAYMENT_CLEARING', 'KRW', true)
             ON CONFLICT DO NOTHING`);
    await q(`CREATE TEMP TABLE bettor AS
             SELECT (row_number() OVER (ORDER BY a.id) - 1)::int AS n, a.id
               FROM ledger_account a JOIN member m ON m.id = a.member_id
              WHERE m.account LIKE 'bl5p%'`);
    await q(`CREATE UNIQUE INDEX ON bettor (n)`);
    // One deposit per member when it registers, then the bets in time order (ids follow time, as they
    // do when the bets really happen), every third one followed by a win a second later.
    await q(`INSERT INTO ledger_transfer (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount, currency, created_at)
             SELECT 'bench-deposit:' || a.id, 'bench', 'DEPOSIT',
                    (SELECT id FROM ledger_account WHERE kind = 'PAYMENT_CLEARING' AND currency = 'KRW'),
                    a.id, 100000000, 'KRW', m.created_at
               FROM ledger_account a JOIN member m ON m.id = a.member_id
              WHERE m.register_method = 'BENCH' ORDER BY m.created_at`);
    log('deposits written');
    const span = DAYS * 86_400;
    await q(
      `INSERT INTO ledger_transfer (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount, currency, reference, created_at)
       SELECT key, 'bench', kind, from_id, to_id, amount, 'KRW', reference, at
         FROM (
           SELECT 'bench-bet:' || g AS key, 'BET' AS kind, b.id AS from_id, v.id AS to_id, 1000 + (g % 50) * 100 AS amount,
                  jsonb_build_object('vendorId', 'BENCH', 'gameType', (ARRAY['RNG', 'LIVE', 'SPORTS'])[1 + g % 3],
                                     'gameCode', 'g' || (g % 200), 'roundId', 'r' || g) AS reference,
                  now() - make_interval(secs => $1::double precision * (1 - g::double precision / $2)) AS at
             FROM generate_series(1, $2::int) g
             JOIN bettor b ON b.n = (g::bigint * 48271) % $3
             CROSS JOIN (SELECT id FROM ledger_account WHERE kind = 'VENDOR_CLEARING' AND vendor_id = 'BENCH') v
           UNION ALL
           SELECT 'bench-win:' || g, 'WIN', v.id, b.id, 2 * (1000 + (g % 50) * 100),
                  jsonb_build_object('vendorId', 'BENCH', 'gameType', (ARRAY['RNG', 'LIVE', 'SPORTS'])[1 + g % 3],
                                     'gameCode', 'g' || (g % 200), 'roundId', 'r' || g),
                  now() - make_interval(secs => $1::double precision * (1 - g::double precision / $2)) + interval '1 second'
             FROM generate_series(3, $2::int, 3) g
             JOIN bettor b ON b.n = (g::bigint * 48271) % $3
             CROSS JOIN (SELECT id FROM ledger_account WHERE kind = 'VENDOR_CLEARING' AND vendor_id = 'BENCH') v
         ) x
        WHERE at < now()
        ORDER BY at`,
      [span, bets, players],
    );
    log(`${bets} bets and ${Math.floor(bets / 3)} wins written`);
    // Balances as the ledger says (what ledger_apply_transfer would have left).
    await q(`UPDATE ledger_account a SET balance = s.balance
               FROM (SELECT id, sum(amount) AS balance FROM (
                       SELECT to_account_id AS id, amount FROM ledger_transfer
                       UNION ALL SELECT from_account_id, -amount FROM ledger_transfer) x GROUP BY id) s
              WHERE s.id = a.id`);
    log('balances set');
    // On a schema that folds game money (decision 107) the bets are folded as live ones are; on an older one
    // the migrations that follow build the aggregates from the ledger.
    const folds = await c.query<{ f: string | null }>(`SELECT to_regproc('ledger_flows_fold')::text AS f`);
    if (folds.rows[0]?.f) {
      while (Number((await c.query<{ n: number }>('SELECT ledger_flows_fold() AS n')).rows[0]!.n) > 0);
      log('game flows folded');
    }
  } finally {
    await c.end();
  }
}

interface Call {
  label: string;
  path: string;
  /** The repository reads the route runs, called directly. */
  bare: () => Promise<unknown>;
  goal?: boolean;
}

async function main() {
  const admin = benchAdminUrl();
  const throwaway = await throwawayDatabase(admin);
  let baselineDb: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
  const checkout = baselineCheckout();
  try {
    {
      const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: '', poolSize: 2 });
      try {
        await migrateTo(database.db, '0042-content-console');
      } finally {
        await database.close();
      }
    }
    await fill(throwaway.url);
    if (checkout) {
      // The baseline's copy: taken before the later migrations, which the baseline's server applies
      // with its own code when it starts.
      const name = new URL(throwaway.url).pathname.slice(1);
      baselineDb = await throwawayDatabase(admin);
      const copy = new URL(baselineDb.url).pathname.slice(1);
      await adminQuery(admin, `DROP DATABASE "${copy}"`);
      await adminQuery(admin, `CREATE DATABASE "${copy}" TEMPLATE "${name}"`);
      log('baseline copy made');
    }
    const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: '', poolSize: concurrency + 4 });
    try {
      const { db } = database;
      await migrateToLatest(db);
      log('migrated to latest (closure and aggregates built by the migrations)');
      await sql`ANALYZE`.execute(db);
      const id = async (account: string) =>
        (await db.selectFrom('member').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
      const top = await id('benchtop');
      const l1 = await id('bl1a0');
      const l3 = await id('bl3a7');
      const today = kstDay(new Date());
      const monthAgo = kstDay(new Date(Date.now() - 29 * 86_400_000));
      const stats = await sql<{ tree: string; flows: string; transfers: string }>`
        SELECT (SELECT count(*) FROM member_tree WHERE ancestor_id = ${top} AND depth > 0)::text AS tree,
               (SELECT count(*) FROM member_day_flow)::text AS flows,
               (SELECT count(*) FROM ledger_transfer WHERE kind = 'BET')::text AS transfers`.execute(db);
      const s = stats.rows[0]!;
      log(`team ${s.tree} members · ${s.transfers} bets · ${s.flows} member-day rows`);

      const reports = reportsRepository(db);
      const team = teamRepository(db);
      const page = { limit: 20, offset: 0 };
      const start = new Date(Date.parse(`${today}T00:00:00+09:00`));
      const end = new Date(start.getTime() + 86_400_000);
      const calls: Call[] = [
        {
          label: 'team overview, today',
          path: `/api/agent/overview?period=today`,
          bare: async () => [await reports.figures(top, today, today), await reports.series(top, today, today)],
          goal: true,
        },
        {
          label: 'team overview, 30 days',
          path: `/api/agent/overview?period=range&from=${monthAgo}&to=${today}`,
          bare: async () => [await reports.figures(top, monthAgo, today), await reports.series(top, monthAgo, today)],
          goal: true,
        },
        {
          label: 'team management, page 1',
          path: `/api/agent/team?page=1&pageSize=20`,
          bare: async () => [await team.list(top, top, undefined, page), await team.breadcrumb(top, top)],
          goal: true,
        },
        {
          label: 'drill-down, level-3 agent',
          path: `/api/agent/team?parentId=${l3}&page=1&pageSize=20`,
          bare: async () => [await team.list(top, l3, undefined, page), await team.breadcrumb(top, l3)],
          goal: true,
        },
        {
          label: 'team search',
          path: `/api/agent/team?search=bl5p123&page=1&pageSize=20`,
          bare: async () => [await team.list(top, top, 'bl5p123', page), await team.breadcrumb(top, top)],
          goal: true,
        },
        {
          label: 'member summary, 30 days',
          path: `/api/agent/team/summary?period=range&from=${monthAgo}&to=${today}&memberId=${l1}`,
          bare: async () => [await team.one(top, l1), await reports.figures(l1, monthAgo, today)],
        },
        {
          label: 'team betting, today',
          path: `/api/agent/team-bets?period=today&page=1&pageSize=20`,
          bare: () => reports.teamBets(top, start, end, {}, page),
        },
      ];

      const token = await sessionService(sessionRepository(db)).create(top, { ip: '127.0.0.1', userAgent: 'bench' });
      let baselineToken: string | undefined;
      if (baselineDb) {
        const b = await openDatabase({ databaseUrl: baselineDb.url, dataDir: '', poolSize: 2 });
        try {
          baselineToken = await sessionService(sessionRepository(b.db)).create(top, {
            ip: '127.0.0.1',
            userAgent: 'bench',
          });
        } finally {
          await b.close();
        }
      }
      const loadBefore = loadRow();
      const server = await benchServer(throwaway.url, concurrency + 4);
      const baseline =
        checkout && baselineDb
          ? // It applies the later migrations to its copy first, with their backfills: minutes at this size.
            await benchServer(baselineDb.url, concurrency + 4, {}, checkout, 3_600_000)
          : undefined;
      if (baseline) await sql`ANALYZE`.execute(db); // (the candidate's statistics were taken already)
      const clientOf = (url: string, bearer: string) => {
        const client = httpClient(url, concurrency);
        return (path: string) => async () => {
          const res = await client('GET', path, { authorization: `Bearer ${bearer}` });
          if (res.status !== 200) throw new Error(`HTTP ${res.status} ${path}: ${res.body.slice(0, 300)}`);
        };
      };
      const candidate = clientOf(server.url, token);
      const base = baseline ? clientOf(baseline.url, baselineToken!) : undefined;
      const results: {
        call: Call;
        http: DriveResult;
        sql: DriveResult;
        versus?: Awaited<ReturnType<typeof sideBySide>>;
      }[] = [];
      for (const call of calls) {
        await candidate(call.path)();
        await call.bare();
        let versus: Awaited<ReturnType<typeof sideBySide>> | undefined;
        if (base && baseline) {
          await base(call.path)();
          versus = await sideBySide(
            (url) => (url === baseline.url ? base(call.path) : candidate(call.path)),
            { baseline: baseline.url, candidate: server.url },
            seconds,
            concurrency,
          );
        }
        const http = versus?.candidate ?? (await drive(candidate(call.path), seconds, concurrency));
        const bare = await drive(() => call.bare().then(() => undefined), seconds, concurrency);
        results.push({ call, http, sql: bare, ...(versus ? { versus } : {}) });
        log(`${call.label}: HTTP ${http.perSecond.toFixed(0)}/s p99 ${http.p99.toFixed(0)} ms`);
      }
      await baseline?.stop();
      await server.stop();
      const anchors = await pgbenchAnchors(admin, seconds, concurrency);

      console.log(
        `\nbench:agent — team of ${s.tree} below the top agent, ${s.transfers} bets over ${DAYS} days, ${concurrency} in flight, ${seconds} s per side`,
      );
      console.log(`${loadBefore} before the runs, ${loadRow()} after`);
      for (const r of results) {
        console.log(resultRow(`HTTP ${r.call.label}`, r.http));
        console.log(resultRow(`SQL  ${r.call.label}`, r.sql));
        if (r.versus) {
          console.log(resultRow(`HTTP ${r.call.label}, baseline`, r.versus.baseline));
          console.log(baselineRow(`HTTP ${r.call.label}`, r.versus));
        }
        console.log(`${''.padEnd(32)} HTTP at ${(r.http.perSecond / r.sql.perSecond).toFixed(2)}× the bare SQL's rate`);
      }
      console.log(anchorsRow(anchors));
      for (const r of results) console.log(ratioRow(`HTTP ${r.call.label}`, r.http.perSecond, anchors));
      const goals = results.filter((r) => r.call.goal);
      for (const r of goals)
        console.log(
          `goal p99 < 100 ms, ${r.call.label}: ${r.http.p99 < 100 ? 'met' : 'NOT met'} (${r.http.p99.toFixed(1)} ms)`,
        );
      if (results.some((r) => r.http.failures > 0)) process.exitCode = 1;
    } finally {
      await database.close();
    }
  } finally {
    await baselineDb?.drop();
    await throwaway.drop();
  }
}

await main();
