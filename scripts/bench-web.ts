/**
 * `npm run bench:web [-- --runs 3 --port 8190 --no-build --pages /,/rng,/login]`
 * Builds the web app, serves it from the portal's own server (the built files, as in production, on a
 * fresh demo database), runs Lighthouse with its mobile defaults (simulated slow 4G and a 4× slower
 * CPU) on each page `runs` times in Debian's Chromium, and prints the medians beside the goals of
 * issue 13, with the JavaScript a first visit loads before anything else (gzip).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.BENCH_WEB_PORT ?? '8190' },
    pages: { type: 'string', default: '/,/rng,/login' },
    'no-build': { type: 'boolean', default: false },
    /** A folder to keep each run's Lighthouse report (JSON) in, for a closer look. */
    save: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const PAGES = values.pages.split(',');
const BASE = `http://127.0.0.1:${PORT}`;
const DIST = resolve('apps/web/dist');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const GOALS = { score: 90, lcpMs: 2500, cls: 0.1, initialJsKb: 170 };

/** The entry script and the module preloads of index.html: what every first visit downloads. */
function initialJavaScript(): { files: string[]; gzipKb: number; rawKb: number } {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1] as string);
  let gzip = 0;
  let raw = 0;
  for (const file of files) {
    const body = readFileSync(join(DIST, file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files, gzipKb: gzip / 1024, rawKb: raw / 1024 };
}

async function startServer(): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-web-'));
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/server.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPERATOR_KEY: 'bench-web-operator-key',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Each Lighthouse run is a new visitor from 127.0.0.1: the per-address API limit is for real visitors.
      RATE_LIMIT_MAX: '10000',
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return { child, dataDir };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Sample {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  jsKb: number;
  lcpElement: string;
}

async function lighthouseOnce(url: string): Promise<Sample> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, undefined);
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    if (values.save) {
      mkdirSync(values.save, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${Date.now()}.json`;
      writeFileSync(join(values.save, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })
        ?.items ?? [];
    const jsBytes = requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: unknown[] })?.items ?? [];
    const lcpNode = JSON.stringify(lcpItems).match(/"selector":"([^"]+)"/)?.[1] ?? '?';
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      si: num('speed-index'),
      jsKb: jsBytes / 1024,
      lcpElement: lcpNode,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then loses its trace on a busy machine (NO_NAVSTART and the like): run it again. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      if (i >= attempts) throw error;
      console.log(`  (retrying: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  if (!values['no-build']) {
    console.log('› Building the web app…');
    const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('build failed');
  }
  const initial = initialJavaScript();
  const { child, dataDir } = await startServer();
  const rows: string[] = [];
  let allOk = initial.gzipKb <= GOALS.initialJsKb;
  try {
    // One warm-up visit: the server's first answers (route compilation, the catalogue's first read) are not the page's.
    await fetch(`${BASE}/`).then((r) => r.text());
    await fetch(`${BASE}/api/site/permission`).catch(() => undefined);
    for (const page of PAGES) {
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) {
        const sample = await withRetries(() => lighthouseOnce(`${BASE}${page}`));
        samples.push(sample);
        console.log(
          `  ${page} run ${i + 1}: score ${sample.score}, FCP ${s(sample.fcp)}, LCP ${s(sample.lcp)}, ` +
            `TBT ${Math.round(sample.tbt)} ms, CLS ${sample.cls.toFixed(3)}, JS ${sample.jsKb.toFixed(0)} KB ` +
            `(LCP: ${sample.lcpElement})`,
        );
      }
      const m = (k: keyof Omit<Sample, 'lcpElement'>) => median(samples.map((x) => x[k]));
      const ok = m('score') >= GOALS.score && m('lcp') <= GOALS.lcpMs && m('cls') <= GOALS.cls;
      allOk &&= ok;
      rows.push(
        `${page.padEnd(8)} ${String(m('score')).padStart(5)} ${s(m('fcp')).padStart(8)} ${s(m('lcp')).padStart(8)} ` +
          `${`${Math.round(m('tbt'))} ms`.padStart(8)} ${m('cls').toFixed(3).padStart(6)} ${s(m('si')).padStart(8)} ` +
          `${`${m('jsKb').toFixed(0)} KB`.padStart(9)}  ${mark(ok)}`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nLighthouse ${RUNS}× per page, mobile defaults, medians (goal: score ≥ ${GOALS.score}, LCP ≤ 2.5 s, CLS ≤ 0.1)`,
  );
  console.log('page     score      FCP      LCP      TBT    CLS       SI  JS moved');
  for (const row of rows) console.log(row);
  console.log(
    `\nInitial JavaScript (index.html's entry and preloads, gzip -9): ${initial.gzipKb.toFixed(1)} KB ` +
      `(${initial.rawKb.toFixed(0)} KB raw, ${initial.files.length} files; goal ≤ ${GOALS.initialJsKb} KB)  ` +
      mark(initial.gzipKb <= GOALS.initialJsKb),
  );
  process.exitCode = allOk ? 0 : 1;
}

await main();
