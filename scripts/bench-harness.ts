/**
 * Shared by the `npm run bench:*` scripts: a throwaway PostgreSQL database, the portal server in a
 * process of its own (the load never runs in the server's process, so it takes none of the server's
 * CPU for itself and hides nothing), a driver that keeps N calls in flight for a fixed time, pgbench's
 * standard runs on the same PostgreSQL as anchors, and one line of output per side. Each bench
 * compares an HTTP call with the bare SQL it runs and with pgbench, in the same run (DESIGN.md §5).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from './server-process.ts';

export const benchAdminUrl = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function adminQuery(admin: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** A fresh database named `portal_bench_…`; `drop` removes it with whatever is still connected. */
export async function throwawayDatabase(admin: string): Promise<{ url: string; host: string; drop(): Promise<void> }> {
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  // BENCH_KEEP=1 keeps the database at the end of a finished run, for EXPLAIN and a closer look.
  const drop = async () => {
    if (process.env.BENCH_KEEP && !stopping) return console.error(`kept ${url.toString()}`);
    await adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  let stopping = false;
  // A bench stopped by hand (Ctrl-C, kill) leaves no database behind, nor its queries running on.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      stopping = true;
      console.error(`\n${signal}: dropping ${name}`);
      drop().then(
        () => process.exit(130),
        () => process.exit(130),
      );
    });
  return { url: url.toString(), host: url.host, drop };
}

export function p99(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? 0;
}

export interface DriveResult {
  perSecond: number;
  p50: number;
  p99: number;
  ok: number;
  failures: number;
  /** Every successful call's latency in ms, in completion order. */
  latencies: number[];
}

export function p50(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? 0;
}

/** Runs `once` from `concurrency` loops until `seconds` have passed; ops/s and p99 latency in ms. */
export async function drive(
  once: (i: number) => Promise<void>,
  seconds: number,
  concurrency: number,
): Promise<DriveResult> {
  const latencies: number[] = [];
  let n = 0;
  let failures = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await once(n++);
          latencies.push(performance.now() - t0);
        } catch (err) {
          if (failures++ === 0) console.error('first failure:', err);
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return {
    perSecond: latencies.length / elapsed,
    p50: p50(latencies),
    p99: p99(latencies),
    ok: latencies.length,
    failures,
    latencies,
  };
}

/** Several runs of one side taken as one: calls per second over their whole time, percentiles over every call. */
export function combined(runs: DriveResult[]): DriveResult {
  const latencies = runs.flatMap((r) => r.latencies);
  const seconds = runs.reduce((s, r) => s + r.ok / Math.max(r.perSecond, 1e-9), 0);
  return {
    perSecond: latencies.length / Math.max(seconds, 1e-9),
    p50: p50(latencies),
    p99: p99(latencies),
    ok: latencies.length,
    failures: runs.reduce((s, r) => s + r.failures, 0),
    latencies,
  };
}

/**
 * The same load against a baseline server and the candidate, in turns (baseline, candidate, candidate,
 * baseline, …), so both see the same machine: on a shared machine the load of others moves absolute
 * numbers several-fold within minutes, their ratio far less. `rounds` pairs of `seconds` each.
 */
export async function sideBySide(
  make: (url: string) => (i: number) => Promise<void>,
  urls: { baseline: string; candidate: string },
  seconds: number,
  concurrency: number,
  rounds = 2,
): Promise<{ baseline: DriveResult; candidate: DriveResult }> {
  const base: DriveResult[] = [];
  const cand: DriveResult[] = [];
  let offset = 0;
  const one = async (url: string, into: DriveResult[]) => {
    const once = make(url);
    const start = (offset += 10_000_000);
    into.push(await drive((i) => once(start + i), seconds, concurrency));
  };
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      await one(urls.baseline, base);
      await one(urls.candidate, cand);
    } else {
      await one(urls.candidate, cand);
      await one(urls.baseline, base);
    }
  }
  return { baseline: combined(base), candidate: combined(cand) };
}

/** The candidate against the baseline: throughput ratio (higher is better) and both p50/p99. */
export const baselineRow = (label: string, r: { baseline: DriveResult; candidate: DriveResult }) =>
  `${label.padEnd(32)} ${(r.candidate.perSecond / r.baseline.perSecond).toFixed(2)}× the baseline's throughput` +
  `   p50 ${r.baseline.p50.toFixed(1)} → ${r.candidate.p50.toFixed(1)} ms   p99 ${r.baseline.p99.toFixed(1)} → ${r.candidate.p99.toFixed(1)} ms`;

/** The machine's load average, printed beside every number (other work on a shared machine moves them). */
export const loadRow = () => {
  const [a, b, c] = loadavg();
  return `load average ${a!.toFixed(2)} ${b!.toFixed(2)} ${c!.toFixed(2)} on ${cpus().length} cores`;
};

/**
 * Where the baseline comes from: BENCH_BASELINE, another checkout of the repository (for example
 * `git worktree add --detach ../base main && (cd ../base && npm ci)`), whose server runs beside this
 * one's on the same database. Unset: no baseline side.
 */
export const baselineCheckout = () => process.env.BENCH_BASELINE || undefined;

export const resultRow = (label: string, r: DriveResult) =>
  `${label.padEnd(32)} ${r.perSecond.toFixed(0).padStart(8)} /s   p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   (${r.ok} ok, ${r.failures} failed)`;

/**
 * A lean keep-alive HTTP client for the load side of a bench. fetch() costs several times the CPU of
 * node:http per call (web streams, header guards), and on a two-core machine the load generator's
 * CPU is taken from the server it measures; a real load generator (wrk, autocannon) is leaner still.
 */
export function httpClient(base: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(base);
  return (method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

/**
 * The portal as `npm run serve` runs it, in its own process, on the bench's database (migrated and
 * filled by the bench). NODE_ENV=test only because production refuses the lifted rate limits a load
 * test needs; nothing on the measured paths differs.
 */
export async function benchServer(
  databaseUrl: string,
  poolSize: number,
  extra: Record<string, string> = {},
  checkout?: string,
  /** How long start-up may take: a server that migrates a bench's big database needs minutes. */
  startTimeoutMs = 180_000,
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  let server: ServerProcess;
  try {
    server = await startServerProcess(
      {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: String(poolSize),
        DATA_DIR: dataDir,
        OPERATOR_KEY: randomBytes(24).toString('hex'),
        RATE_LIMIT_MAX: '1000000000',
        RATE_LIMIT_SCALE: '1000',
        WEB_DIST: '/nonexistent',
        PAYMENT_GATEWAY_SIMULATOR: 'false',
        // BENCH_NODE_ARGS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile.
        ...(process.env.BENCH_NODE_ARGS ? { BENCH_NODE_ARGS: process.env.BENCH_NODE_ARGS } : {}),
        ...extra,
      },
      startTimeoutMs,
      checkout,
    );
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Anchors {
  /** pgbench's TPC-B-like transaction at scale 1: every transaction updates one of 1 branch rows. */
  tpcb1: number;
  /** The same at scale 10: ten branches, so `concurrency` clients spread over ten hot rows. */
  tpcb10: number;
  /** pgbench -S: one primary-key read per transaction, at scale 10. */
  selectOnly: number;
}

const run = promisify(execFile);

async function pgbench(url: string, args: string[]): Promise<number> {
  const { stdout } = await run('pgbench', [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  if (!m) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(m[1]);
}

/**
 * pgbench's standard runs on the same PostgreSQL, at the bench's concurrency and duration, each on a
 * throwaway database: the machine's own yardstick for what a transaction of that shape costs there.
 * pgbench comes with PostgreSQL (Debian's postgresql package).
 */
export async function pgbenchAnchors(admin: string, seconds: number, clients: number): Promise<Anchors> {
  const common = ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds)];
  const scaled = async (scale: number, runs: (url: string) => Promise<number[]>) => {
    const db = await throwawayDatabase(admin);
    try {
      await run('pgbench', ['-i', '-q', '-s', String(scale), db.url]);
      return await runs(db.url);
    } finally {
      await db.drop();
    }
  };
  try {
    const [tpcb1] = await scaled(1, async (url) => [await pgbench(url, common)]);
    const [tpcb10, selectOnly] = await scaled(10, async (url) => [
      await pgbench(url, common),
      await pgbench(url, ['-S', ...common]),
    ]);
    return { tpcb1: tpcb1!, tpcb10: tpcb10!, selectOnly: selectOnly! };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('pgbench is not installed: it comes with PostgreSQL (apt-get install postgresql).', {
        cause: err,
      });
    throw err;
  }
}

export const anchorsRow = (a: Anchors) =>
  `pgbench, same PostgreSQL: tpcb-like s1 ${a.tpcb1.toFixed(0)}/s · tpcb-like s10 ${a.tpcb10.toFixed(0)}/s · -S ${a.selectOnly.toFixed(0)}/s`;

/** The path's rate as a multiple of each pgbench run. */
export const ratioRow = (label: string, perSecond: number, a: Anchors) => {
  const ratio = (x: number) => `${(perSecond / x).toFixed(2)}×`;
  return `${label.padEnd(32)} ${ratio(a.tpcb1).padStart(6)} tpcb-like s1   ${ratio(a.tpcb10).padStart(6)} tpcb-like s10   ${ratio(a.selectOnly).padStart(6)} -S`;
};

/**
 * `ledger:verify` of another checkout on `url`: its own code for its own schema. The violations it
 * printed (empty when the ledger is sound).
 */
export async function verifyIn(checkout: string, url: string): Promise<string[]> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolveRun) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/ops/ledger-verify-cli.ts'],
      { cwd: checkout, env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'development' } },
      (err, _stdout, stderr) => {
        const lines = stderr.split('\n').filter((l) => l.trim() !== '');
        resolveRun(err ? (lines.length > 0 ? lines : [String(err)]) : []);
      },
    );
  });
}
