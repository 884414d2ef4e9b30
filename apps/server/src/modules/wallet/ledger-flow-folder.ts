import type { Db } from '../../db/client.ts';
import { FLOW_FOLD_MS, foldLedgerFlows } from './ledger-flows.repository.ts';

/**
 * Folds every FLOW_FOLD_MS while the server runs, so the aggregates are at most a moment behind the
 * ledger even when nobody reads them. Returns `stop`, which waits for a fold in progress.
 */
export function ledgerFlowFolder(db: Db, onError: (err: unknown) => void, everyMs = FLOW_FOLD_MS) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = foldLedgerFlows(db)
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs).unref();
      });
  };
  timer = setTimeout(tick, everyMs).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
