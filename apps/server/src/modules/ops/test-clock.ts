import * as c from '@portal/contracts/ops/ops.contract.ts';
import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../plugins/app-error.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';

/**
 * A clock that can be moved (decision 032): real time plus an offset. The composition root uses it
 * outside production, so a story can end a settlement period without waiting; while it is moved, the
 * ledger records transfers at its time too, so bets made "after" a move land in the moved period.
 */
export function movableClock(real: () => number = Date.now) {
  let offsetMs = 0;
  return {
    now: () => new Date(real() + offsetMs),
    /** The time to record ledger transfers at: the moved time, or null (the database's) when not moved. */
    recordedAt: () => (offsetMs === 0 ? null : new Date(real() + offsetMs)),
    offsetMs: () => offsetMs,
    set(at: Date | null) {
      offsetMs = at === null ? 0 : at.getTime() - real();
    },
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}
export type MovableClock = ReturnType<typeof movableClock>;

const MAX_OFFSET_MS = 400 * 86_400_000;

/** The test clock's calls; the caller registers them only outside production. */
export function testClockRoutes(app: FastifyInstance, guards: RouteGuards, clock: MovableClock, jobs: JobQueue) {
  const view = (ran: { key: string; ok: boolean }[]) => ({
    now: clock.now().toISOString(),
    offsetMs: clock.offsetMs(),
    ran,
  });
  serve(app, guards, c.getTestClock, async () => view([]));
  serve(app, guards, c.setTestClock, async ({ body }) => {
    const before = clock.offsetMs();
    if (body.advanceMs !== undefined) clock.advance(body.advanceMs);
    else clock.set(body.at ? new Date(body.at) : null);
    if (Math.abs(clock.offsetMs()) > MAX_OFFSET_MS) {
      clock.set(new Date(Date.now() + before));
      throw new AppError('VALIDATION_FAILED', 400, 'The clock may move at most 400 days from real time.', 'body');
    }
    // The periods that ended by the new time are settled before the answer (the background ticker
    // would do the same within its interval).
    const report = await jobs.tick(clock.now());
    return view(report.ran.map(({ key, ok }) => ({ key, ok })));
  });
}
