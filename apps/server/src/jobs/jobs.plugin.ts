import type { FastifyInstance } from 'fastify';
import { JOB_QUEUE, type JobQueue } from './job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database job queue of this instance (tests drive `tick` with a fake clock). */
    jobs: JobQueue;
  }
}

export interface JobsOptions {
  /** 0 turns the background ticker off (the queue still works through `app.jobs.tick`). */
  tickMs?: number;
  now?: () => Date;
}

/**
 * Periodic work on the database job queue (built with its tasks in the composition root): starts
 * ticking when the app is ready and stops on close, waiting for a run in progress. A failed tick is
 * logged and the next one tries again.
 */
export function registerJobs(app: FastifyInstance, queue: JobQueue, opts: JobsOptions = {}): void {
  app.decorate('jobs', queue);
  const tickMs = opts.tickMs ?? JOB_QUEUE.tickMs;
  const now = opts.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let closing = false;

  const tick = () => {
    running = queue
      .tick(now())
      .then((report) => {
        for (const r of report.ran.filter((x) => !x.ok)) app.log.error({ job: r.key, error: r.error }, 'job failed');
      })
      .catch((err: unknown) => app.log.error({ err }, 'job queue tick failed'))
      .finally(() => {
        if (!closing) timer = setTimeout(tick, tickMs).unref();
      });
  };

  app.addHook('onReady', async () => {
    if (tickMs > 0) timer = setTimeout(tick, Math.min(tickMs, 1000)).unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
}
