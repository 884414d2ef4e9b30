/**
 * Shared by the `npm run bench:*` scripts: a throwaway PostgreSQL database, a driver that keeps N
 * calls in flight for a fixed time, and one line of output per side. Each bench compares an HTTP call
 * with the bare SQL it runs, side by side on the same machine and database (DESIGN.md §5).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

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
  return {
    url: url.toString(),
    host: url.host,
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export function p99(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? 0;
}

export interface DriveResult {
  perSecond: number;
  p99: number;
  ok: number;
  failures: number;
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
  return { perSecond: latencies.length / elapsed, p99: p99(latencies), ok: latencies.length, failures };
}

export const resultRow = (label: string, r: DriveResult) =>
  `${label.padEnd(32)} ${r.perSecond.toFixed(0).padStart(8)} /s   p99 ${r.p99.toFixed(1).padStart(7)} ms   (${r.ok} ok, ${r.failures} failed)`;

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
