import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/**
 * The portal as `npm run serve` starts it, in a process of its own, on a port the system picks (read
 * from its start line, "Portal is running: http://HOST:PORT/"); answers once /healthz does. Used by
 * the browser stories (one per worker) and by the benches (the load comes from another process).
 * `env` is the whole environment the server gets; `checkout` another copy of the repository to run
 * (a bench's baseline), this one by default.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  checkout: string = root,
): Promise<ServerProcess> {
  const deadline = Date.now() + timeoutMs;
  const child: ChildProcess = spawn(
    process.execPath,
    [...(env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'apps/server/src/server.ts'],
    {
      cwd: checkout,
      env: { ...env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += String(d);
    process.stderr.write(d);
  });
  let url = '';
  let stdout = '';
  child.stdout?.on('data', (d: Buffer) => {
    if (url) return;
    stdout += String(d);
    const m = /Portal is running: (http:\/\/[^/\s]+)\//.exec(stdout);
    if (m) url = m[1]!;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let ended = false;
  void exited.then(() => (ended = true));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (!ended) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  while (!url || !(await healthy(url))) {
    if (ended || Date.now() > deadline) {
      await stop();
      throw new Error(
        `The portal server did not start within ${timeoutMs / 1000} s${ended ? ' (it exited)' : ''}:\n${stderr}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop };
}
