import { loadEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { hasLedgerTables, verifyLedger } from '../modules/wallet/ledger-verify.repository.ts';

/**
 * `npm run ledger:verify`: checks the ledger's invariants on the database of DATABASE_URL, or on the
 * embedded one in DATA_DIR (stop the portal first: the embedded database has one owner at a time).
 * Exits 1 and lists every violation when there is one.
 */
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  if (!(await hasLedgerTables(database.db))) {
    console.error('This database has no ledger yet: start the portal on it once (it applies the migrations).');
    process.exit(2);
  }
  const violations = await verifyLedger(database.db);
  if (violations.length === 0) {
    console.log(
      'ledger ok: every currency sums to zero, every balance equals its transfers, every key is unique, the report aggregates equal the ledger',
    );
  } else {
    for (const v of violations) console.error(`${v.rule}: ${v.detail}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
