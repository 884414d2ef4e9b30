import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { OPERATOR_KEY } from './test-app.ts';

/**
 * Options for a describe whose tests start processes: each start loads (and, on a cold cache,
 * compiles) TypeScript, which on a busy two-core CI machine can take tens of seconds per process.
 */
export const STARTS_PROCESSES = { timeout: 180_000 } as const;

export interface OpsRun {
  code: number | null;
  out: string;
  err: string;
}

/** Runs `npm run ops -- …` (the operator's command line) against the portal at `url`. */
export function runOps(url: string, args: string[], key = OPERATOR_KEY): Promise<OpsRun> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/cli.ts', ...args], {
      cwd: resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, PORTAL_URL: url, OPERATOR_KEY: key },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => done({ code, out, err }));
  });
}
