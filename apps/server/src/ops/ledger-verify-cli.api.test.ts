import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { type Db, type DbHandle, openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ledgerService } from '../modules/wallet/ledger.service.ts';
import { ledgerRepository } from '../modules/wallet/ledger.repository.ts';
import { STARTS_PROCESSES } from '../../test/ops-cli.ts';

/**
 * `npm run ledger:verify` run as a process against a real database: on PostgreSQL (TEST_DATABASE_URL)
 * the file's throwaway database through DATABASE_URL, else an embedded database in a temporary
 * DATA_DIR — which has one owner at a time, so each step closes it before the command runs.
 */
let pgHandle: DbHandle | undefined;
let env: Record<string, string>;
let open: () => Promise<DbHandle>;
let dataDir: string | undefined;

beforeAll(async () => {
  const handle = await openTestDatabase();
  if (handle.url) {
    pgHandle = handle;
    const url = handle.url;
    env = { DATABASE_URL: url };
    open = () => openDatabase({ databaseUrl: url, dataDir: '' });
  } else {
    await handle.close();
    const dir = mkdtempSync(join(tmpdir(), 'ledger-verify-'));
    dataDir = dir;
    env = { DATABASE_URL: '', DATA_DIR: dir };
    open = () => openDatabase({ dataDir: dir });
  }
  await withDb((db) => migrateToLatest(db));
});
afterAll(async () => {
  await pgHandle?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const handle = await open();
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

function verify(): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/ledger-verify-cli.ts'], {
      cwd: resolve(import.meta.dirname, '../../../..'),
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => done({ code, out, err }));
  });
}

const house = { kind: 'HOUSE', currency: 'KRW' } as const;
const clearing = { kind: 'PAYMENT_CLEARING', currency: 'KRW' } as const;
const accountId = async (db: Db, kind: 'HOUSE' | 'PAYMENT_CLEARING') =>
  (await db.selectFrom('ledgerAccount').select('id').where('kind', '=', kind).executeTakeFirstOrThrow()).id;

describe('npm run ledger:verify', STARTS_PROCESSES, () => {
  it('passes with exit 0 on a database whose ledger holds only real transfers', async () => {
    await withDb(async (db) => {
      const ledger = ledgerService(ledgerRepository(db));
      for (let i = 0; i < 3; i++)
        await ledger.transfer({
          idempotencyKey: `verify-ok-${i}`,
          kind: 'TEST',
          from: clearing,
          to: house,
          amount: 1_000n,
        });
    });
    const clean = await verify();
    expect(clean.code, clean.err).toBe(0);
    expect(clean.out).toContain('ledger ok');
  });

  it('exits 1 naming BALANCE_NOT_ENTRIES when a cached balance is edited behind the ledger', async () => {
    // Money moved between two cached balances without a transfer: every currency still sums to zero.
    const [from, to] = await withDb(async (db) => {
      const ids = [await accountId(db, 'HOUSE'), await accountId(db, 'PAYMENT_CLEARING')];
      await sql`UPDATE ledger_account SET balance = balance - 500 WHERE id = ${ids[0]}`.execute(db);
      await sql`UPDATE ledger_account SET balance = balance + 500 WHERE id = ${ids[1]}`.execute(db);
      return ids;
    });
    try {
      const broken = await verify();
      expect(broken.code).toBe(1);
      expect(broken.err).toContain(`BALANCE_NOT_ENTRIES: account ${from}:`);
      expect(broken.err).toContain(`BALANCE_NOT_ENTRIES: account ${to}:`);
      expect(broken.err).not.toContain('CURRENCY_NOT_ZERO');
    } finally {
      await withDb(async (db) => {
        await sql`UPDATE ledger_account SET balance = balance + 500 WHERE id = ${from}`.execute(db);
        await sql`UPDATE ledger_account SET balance = balance - 500 WHERE id = ${to}`.execute(db);
      });
    }
    expect((await verify()).code).toBe(0);
  });

  it('exits 1 naming CURRENCY_NOT_ZERO when money appears from nowhere', async () => {
    const id = await withDb(async (db) => {
      const houseId = await accountId(db, 'HOUSE');
      await sql`UPDATE ledger_account SET balance = balance + 250 WHERE id = ${houseId}`.execute(db);
      return houseId;
    });
    try {
      const broken = await verify();
      expect(broken.code).toBe(1);
      expect(broken.err).toContain('CURRENCY_NOT_ZERO: KRW sums to 250');
    } finally {
      await withDb(async (db) => {
        await sql`UPDATE ledger_account SET balance = balance - 250 WHERE id = ${id}`.execute(db);
      });
    }
    expect((await verify()).code).toBe(0);
  });
});
