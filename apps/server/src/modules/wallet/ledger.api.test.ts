import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedDemoAccounts } from '../../db/seed/demo-accounts.ts';
import { seedDemo } from '../../db/seed/demo-seed.ts';
import { insertSeedMember } from '../../db/seed/seed-member.ts';
import { verifyLedger } from './ledger-verify.repository.ts';
import { type AccountRef, ledgerService, type LedgerService } from './ledger.service.ts';
import { ledgerRepository } from './ledger.repository.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let ledger: LedgerService;
const members: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  await seedDemoAccounts(database.db);
  for (let i = 0; i < 8; i++) {
    const id = await insertSeedMember(database.db, {
      account: `ledger${i}`,
      passwordHash: 'x',
      registerMethod: 'TEST',
    });
    members.push(id);
  }
  ledger = ledgerService(ledgerRepository(database.db));
});
afterAll(async () => database?.close());
beforeEach(async () => {
  expect(await verifyLedger(database.db)).toEqual([]);
});

let seq = 0;
const key = (p: string) => `${p}-${++seq}-${Math.random().toString(36).slice(2)}`;
const wallet = (memberId: string, currency = 'KRW'): AccountRef => ({ kind: 'MEMBER_MAIN', memberId, currency });
const cashier = (currency = 'KRW'): AccountRef => ({ kind: 'PAYMENT_CLEARING', currency });
const deposit = (memberId: string, amount: bigint, currency = 'KRW') =>
  ledger.transfer({
    idempotencyKey: key('dep'),
    kind: 'DEPOSIT',
    from: cashier(currency),
    to: wallet(memberId, currency),
    amount,
  });

describe('the ledger', () => {
  it('moves money between two accounts and keeps every currency at zero', async () => {
    const m = members[0]!;
    const r = await deposit(m, 10_000n);
    expect(r).toMatchObject({ replayed: false, toBalance: 10_000n, fromBalance: -10_000n });
    expect(await ledger.balance(wallet(m))).toBe(10_000n);
    expect(await verifyLedger(database.db)).toEqual([]);
  });

  it('refuses to overdraw a player wallet and changes nothing', async () => {
    const m = members[1]!;
    await deposit(m, 500n);
    const before = await database.db.selectFrom('ledgerTransfer').select('id').execute();
    await expect(
      ledger.transfer({ idempotencyKey: key('wd'), kind: 'WITHDRAWAL', from: wallet(m), to: cashier(), amount: 501n }),
    ).rejects.toMatchObject({ code: 'WALLET_INSUFFICIENT_FUNDS' });
    expect(await ledger.balance(wallet(m))).toBe(500n);
    expect(await database.db.selectFrom('ledgerTransfer').select('id').execute()).toHaveLength(before.length);
  });

  it('answers a repeated request with the first answer and moves the money once', async () => {
    const m = members[2]!;
    const req = { idempotencyKey: key('once'), kind: 'DEPOSIT', from: cashier(), to: wallet(m), amount: 700n };
    const first = await ledger.transfer(req);
    const again = await ledger.transfer(req);
    expect(again).toMatchObject({ replayed: true, transferId: first.transferId });
    expect(await ledger.balance(wallet(m))).toBe(700n);
  });

  it('refuses a request id reused for a different request', async () => {
    const m = members[2]!;
    const k = key('reuse');
    await ledger.transfer({ idempotencyKey: k, kind: 'DEPOSIT', from: cashier(), to: wallet(m), amount: 1n });
    await expect(
      ledger.transfer({ idempotencyKey: k, kind: 'DEPOSIT', from: cashier(), to: wallet(m), amount: 2n }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
  });

  it('refuses zero, negative and cross-currency amounts', async () => {
    const m = members[3]!;
    for (const amount of [0n, -5n])
      await expect(
        ledger.transfer({ idempotencyKey: key('bad'), kind: 'X', from: cashier(), to: wallet(m), amount }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      ledger.transfer({ idempotencyKey: key('fx'), kind: 'X', from: cashier('USD'), to: wallet(m), amount: 1n }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('never lets a transfer be changed or deleted: corrections are new transfers', async () => {
    await deposit(members[3]!, 5n);
    await expect(sql`UPDATE ledger_transfer SET amount = 1`.execute(database.db)).rejects.toThrow(/immutable/);
    await expect(sql`DELETE FROM ledger_transfer`.execute(database.db)).rejects.toThrow(/immutable/);
  });

  it("writes a caller's row in the transfer's own statement only when the money moved", async () => {
    await sql`CREATE TABLE IF NOT EXISTS ledger_probe (id text PRIMARY KEY, balance_after bigint)`.execute(database.db);
    const probe = key('probe');
    await sql`INSERT INTO ledger_probe (id) VALUES (${probe})`.execute(database.db);
    const note = sql`UPDATE ledger_probe SET balance_after = done.o_from_balance FROM done WHERE id = ${probe}`;
    const read = async () =>
      (
        await sql<{ balanceAfter: string | null }>`SELECT balance_after FROM ledger_probe WHERE id = ${probe}`.execute(
          database.db,
        )
      ).rows[0]!.balanceAfter;
    const [a, b] = [members[6]!, members[7]!];
    await deposit(a, 300n);
    const before = await ledger.balance(wallet(a));
    const overdraw = ledger.transferIn(
      database.db,
      { idempotencyKey: key('over'), kind: 'TRANSFER', from: wallet(a), to: wallet(b), amount: before + 1n },
      note,
    );
    await expect(overdraw).rejects.toMatchObject({ code: 'WALLET_INSUFFICIENT_FUNDS' });
    expect(await read()).toBeNull();
    const made = await ledger.transferIn(
      database.db,
      { idempotencyKey: key('ok'), kind: 'TRANSFER', from: wallet(a), to: wallet(b), amount: 100n },
      note,
    );
    expect(made.fromBalance).toBe(before - 100n);
    expect(await read()).toBe((before - 100n).toString());
  });

  it('lets a player wallet never go below zero, even written directly', async () => {
    await expect(
      sql`UPDATE ledger_account SET balance = -1 WHERE kind = 'MEMBER_MAIN'`.execute(database.db),
    ).rejects.toThrow();
  });
});

describe('the ledger under concurrency', () => {
  it('lets 100 concurrent withdrawals of 10 from a wallet of 500 succeed exactly 50 times', async () => {
    const m = members[4]!;
    await deposit(m, 500n);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        ledger.transfer({
          idempotencyKey: key('race'),
          kind: 'WITHDRAWAL',
          from: wallet(m),
          to: cashier(),
          amount: 10n,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(50);
    expect(refused.every((r) => (r as PromiseRejectedResult).reason.code === 'WALLET_INSUFFICIENT_FUNDS')).toBe(true);
    expect(await ledger.balance(wallet(m))).toBe(0n);
  });

  it('applies one request id sent 20 times at once exactly once', async () => {
    const m = members[5]!;
    const req = { idempotencyKey: key('same'), kind: 'DEPOSIT', from: cashier(), to: wallet(m), amount: 333n };
    const results = await Promise.all(Array.from({ length: 20 }, () => ledger.transfer(req)));
    expect(new Set(results.map((r) => r.transferId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ledger.balance(wallet(m))).toBe(333n);
  });

  it('keeps the total of all wallets constant in every snapshot while random transfers run (the bank test)', async () => {
    const accounts = members.slice(0, 6).map((m) => wallet(m, 'USDT'));
    for (const a of accounts) await deposit(a.memberId!, 1_000n, 'USDT');
    const total = 6_000n;
    let stop = false;
    const snapshots: bigint[] = [];
    // Transfers finished so far: a snapshot begun and ended with some but not all of them done was
    // taken in the middle of the run, not before or after it.
    // Transfers go in waves of 50 until at least 200 have run and, on PostgreSQL, the reader has taken
    // ten snapshots in the middle of the run (a busy machine can starve the reader of a fixed number).
    let settled = 0;
    let finished = false;
    let midRun = 0;
    // On PostgreSQL the reader has a connection of its own, so it is not queued behind the
    // transfers waiting for the pool and keeps snapshotting while they run.
    const own = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: '', poolSize: 1 }) : undefined;
    const readerDb = own?.db ?? database.db;
    const reader = (async () => {
      while (!stop) {
        const before = settled;
        const sum = await readerDb
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute(async (trx) => {
            const r = await sql<{ s: string; neg: string }>`
            SELECT coalesce(sum(balance), 0)::text AS s, count(*) FILTER (WHERE balance < 0)::text AS neg
            FROM ledger_account WHERE kind = 'MEMBER_MAIN' AND currency = 'USDT'`.execute(trx);
            expect(r.rows[0]!.neg).toBe('0');
            return BigInt(r.rows[0]!.s);
          });
        snapshots.push(sum);
        if (before > 0 && !finished) midRun += 1;
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    const rnd = (n: number) => Math.floor(Math.random() * n);
    const wave = () =>
      Promise.allSettled(
        Array.from({ length: 50 }, () => {
          const a = rnd(6);
          const b = (a + 1 + rnd(5)) % 6;
          return ledger
            .transfer({
              idempotencyKey: key('bank'),
              kind: 'P2P',
              from: accounts[a]!,
              to: accounts[b]!,
              amount: BigInt(1 + rnd(400)),
            })
            .finally(() => (settled += 1));
        }),
      );
    const wantsMore = () => database.label === 'postgres' && midRun < 10 && settled < 5_000;
    while (settled < 200 || wantsMore()) await wave();
    finished = true;
    stop = true;
    await reader;
    await own?.close();
    // PGlite runs one transaction at a time, so only PostgreSQL can show the reads overlapping the writes.
    if (database.label === 'postgres')
      expect(midRun, `${midRun} of ${snapshots.length} snapshots taken while transfers ran`).toBeGreaterThanOrEqual(10);
    expect(snapshots.every((s) => s === total)).toBe(true);
    let sum = 0n;
    for (const a of accounts) sum += await ledger.balance(a);
    expect(sum).toBe(total);
    expect(await verifyLedger(database.db)).toEqual([]);
  });
});

describe('the ledger against a model of balances', () => {
  it('agrees with a simple in-memory model for any sequence of deposits, transfers, withdrawals and replays', async () => {
    const op = fc.oneof(
      fc.record({ t: fc.constant('deposit' as const), to: fc.nat(2), amount: fc.bigInt(1n, 1000n) }),
      fc.record({ t: fc.constant('move' as const), from: fc.nat(2), to: fc.nat(2), amount: fc.bigInt(1n, 1000n) }),
      fc.record({ t: fc.constant('withdraw' as const), from: fc.nat(2), amount: fc.bigInt(1n, 1000n) }),
      fc.record({ t: fc.constant('replay' as const) }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 15 }), async (ops) => {
        // A fresh currency per run keeps the runs apart; codes are letters only.
        const n = run++;
        const currency = `Q${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + Math.floor(n / 26))}`;
        const model = [0n, 0n, 0n];
        const acct = (i: number) => wallet(members[i]!, currency);
        let last: Parameters<LedgerService['transfer']>[0] | null = null;
        for (const o of ops) {
          let req: Parameters<LedgerService['transfer']>[0] | null = null;
          if (o.t === 'deposit')
            req = {
              idempotencyKey: key('m'),
              kind: 'DEPOSIT',
              from: cashier(currency),
              to: acct(o.to),
              amount: o.amount,
            };
          if (o.t === 'move' && o.from !== o.to)
            req = { idempotencyKey: key('m'), kind: 'P2P', from: acct(o.from), to: acct(o.to), amount: o.amount };
          if (o.t === 'withdraw')
            req = {
              idempotencyKey: key('m'),
              kind: 'WITHDRAWAL',
              from: acct(o.from),
              to: cashier(currency),
              amount: o.amount,
            };
          if (o.t === 'replay') {
            if (last) expect((await ledger.transfer(last)).replayed).toBe(true);
            continue;
          }
          if (!req) continue;
          const fromIdx = o.t === 'move' || o.t === 'withdraw' ? o.from : null;
          const allowed = fromIdx === null || model[fromIdx]! >= req.amount;
          if (allowed) {
            await ledger.transfer(req);
            if (fromIdx !== null) model[fromIdx]! -= req.amount;
            if (o.t !== 'withdraw') model[(o as { to: number }).to]! += req.amount;
            last = req;
          } else {
            await expect(ledger.transfer(req)).rejects.toMatchObject({ code: 'WALLET_INSUFFICIENT_FUNDS' });
          }
        }
        for (let i = 0; i < 3; i++) expect(await ledger.balance(acct(i))).toBe(model[i]);
      }),
      { numRuns: 25 },
    );
    expect(await verifyLedger(database.db)).toEqual([]);
  });
});
