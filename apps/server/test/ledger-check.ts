import { afterEach, expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { verifyLedger } from '../src/modules/wallet/ledger-verify.repository.ts';

/**
 * Checks the ledger's invariants (DESIGN.md §2) after every test of the file that calls it, so a test
 * that breaks them is the one that fails. `db` is read late: the app starts in beforeAll.
 */
export function verifyLedgerAfterEach(db: () => Db | undefined): void {
  afterEach(async () => {
    const d = db();
    if (d) expect(await verifyLedger(d), 'ledger invariants after this test').toEqual([]);
  });
}
