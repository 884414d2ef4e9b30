import { randomBytes } from 'node:crypto';
import { SITE_CURRENCY, VENDOR } from '@portal/contracts/limits.ts';
import type {
  VendorTransfer,
  VendorWallets,
  transferAllToMain,
} from '@portal/contracts/wallet/vendor-wallet.contract.ts';
import type { RouteValue } from '@portal/contracts/http.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AccountRef, LedgerService } from '../wallet/ledger.service.ts';
import type { TransferAnswer, TransferStatus, TransferVendorAdapter } from './vendor-adapter.ts';
import type { VendorRecord, VendorRegistry } from './vendor-registry.ts';
import type { VendorTransferRepository, VendorTransferRow } from './vendor-transfer.repository.ts';

type Direction = 'TO_VENDOR' | 'TO_MAIN';
type AllToMain = RouteValue<typeof transferAllToMain>;

const main = (memberId: string): AccountRef => ({ kind: 'MEMBER_MAIN', memberId, currency: SITE_CURRENCY });
const atVendor = (memberId: string, vendorId: string): AccountRef => ({
  kind: 'MEMBER_VENDOR',
  memberId,
  vendorId,
  currency: SITE_CURRENCY,
});
const clearing = (vendorId: string): AccountRef => ({ kind: 'VENDOR_CLEARING', vendorId, currency: SITE_CURRENCY });

/** A vendor call that takes longer than this has an unknown outcome. */
async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('vendor call timed out')), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const view = (t: VendorTransferRow): VendorTransfer => ({
  id: t.id,
  vendorId: t.vendorId,
  direction: t.direction,
  amount: t.amount,
  currency: t.currency,
  requestId: t.requestId,
  reference: t.reference,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  settledAt: t.settledAt?.toISOString() ?? null,
});

const failed = () =>
  new AppError('VENDOR_TRANSFER_FAILED', 409, 'The game vendor refused the transfer; your money is where it was.');

/**
 * Transfer-mode vendor wallets (DESIGN.md §3, issue 4 "Transfers"). The ledger account MEMBER_VENDOR
 * is the operator's record of the member's money at the vendor.
 *
 * - Main → vendor: the ledger moves main → MEMBER_VENDOR first (so the money cannot be spent twice),
 *   then the vendor is asked to credit. Refused: the move is reversed. No answer: PENDING.
 * - Vendor → main: the vendor is asked to debit first (only it knows what the player has there after
 *   playing); once it confirms, MEMBER_VENDOR → main. No answer: PENDING, nothing credited.
 * - PENDING is settled only by the vendor's own answer to checkTransfer (reconcile()), never guessed.
 * - One transfer per member and vendor is in flight at a time, so the balance the vendor reports with
 *   its answer belongs to that transfer; the difference to MEMBER_VENDOR is the play in between and is
 *   recorded against the vendor's clearing account (kind VENDOR_PLAY).
 */
export function vendorTransferService(
  repo: VendorTransferRepository,
  ledger: LedgerService,
  vendors: VendorRegistry,
  opts: { timeoutMs?: number } = {},
) {
  const timeoutMs = opts.timeoutMs ?? VENDOR.callTimeoutMs;
  const call = <T>(p: Promise<T>) => withTimeout(p, timeoutMs);
  const mainBalance = async (memberId: string) => (await ledger.balance(main(memberId))).toString();

  function adapterOf(vendor: VendorRecord | undefined): TransferVendorAdapter {
    if (!vendor || vendor.mode !== 'TRANSFER' || vendor.status === 'COMING')
      throw new AppError('VENDOR_NOT_TRANSFER', 404, 'This vendor has no transfer wallet.', 'vendorId');
    const adapter = vendors.transferAdapter(vendor.id);
    if (!adapter) throw new AppError('VENDOR_UNAVAILABLE', 503, 'The game vendor cannot be reached now.');
    return adapter;
  }

  async function playerIdFor(adapter: TransferVendorAdapter, memberId: string): Promise<string> {
    const known = await repo.playerId(adapter.vendorId, memberId);
    if (known) return known;
    const playerId = `m${memberId}`;
    try {
      await call(adapter.createMember(playerId, SITE_CURRENCY));
    } catch {
      throw new AppError('VENDOR_UNAVAILABLE', 503, 'The game vendor cannot be reached now.');
    }
    await repo.addMember(adapter.vendorId, memberId, playerId);
    return playerId;
  }

  /** Brings MEMBER_VENDOR to what the vendor holds (`target`); the difference is play at the vendor. */
  async function recordPlay(trx: Transaction<Database>, t: VendorTransferRow, target: bigint): Promise<void> {
    const account = atVendor(t.memberId, t.vendorId);
    const held = await repo.vendorAccountBalance(t.memberId, t.vendorId, SITE_CURRENCY, trx);
    const diff = target - held;
    if (diff === 0n) return;
    await ledger.transferIn(trx, {
      idempotencyKey: `vendor-transfer:${t.id}:play`,
      kind: 'VENDOR_PLAY',
      from: diff > 0n ? clearing(t.vendorId) : account,
      to: diff > 0n ? account : clearing(t.vendorId),
      amount: diff > 0n ? diff : -diff,
      reference: { vendorId: t.vendorId, transferId: t.id },
    });
  }

  /**
   * Applies the vendor's final answer to a pending transfer, once. `vendorBalance` is what the vendor
   * said the player has there afterwards, when it said so.
   */
  async function settle(t: VendorTransferRow, outcome: 'SUCCESS' | 'FAILED', vendorBalance?: bigint) {
    return repo.transaction(async (trx) => {
      const done = await repo.settle(t.id, outcome, trx);
      if (!done) return (await repo.byRequestId(t.memberId, t.requestId, trx))!;
      const amount = BigInt(t.amount);
      const ref = { vendorId: t.vendorId, transferId: t.id, reference: t.reference };
      /** The amount back from the member's wallet at the vendor to its main wallet, as the step of `t` named. */
      const backToMain = (step: 'reverse' | 'credit') =>
        ledger.transferIn(trx, {
          idempotencyKey: `vendor-transfer:${t.id}:${step}`,
          kind: step === 'reverse' ? 'VENDOR_TRANSFER' : 'VENDOR_TRANSFER_OUT',
          from: atVendor(t.memberId, t.vendorId),
          to: main(t.memberId),
          amount,
          reference: step === 'reverse' ? { ...ref, reversal: true } : ref,
        });
      if (t.direction === 'TO_VENDOR') {
        // A transfer in that failed: the money never left, so it comes back.
        if (outcome === 'FAILED') await backToMain('reverse');
        else if (vendorBalance !== undefined) await recordPlay(trx, t, vendorBalance);
      } else if (outcome === 'SUCCESS') {
        // Without the vendor's balance, what it paid out beyond our record can only be winnings.
        const held = await repo.vendorAccountBalance(t.memberId, t.vendorId, SITE_CURRENCY, trx);
        const target = vendorBalance !== undefined ? vendorBalance + amount : amount;
        if (vendorBalance !== undefined || held < amount) await recordPlay(trx, t, target);
        await backToMain('credit');
      }
      return done;
    });
  }

  /** Asks the vendor to move the money; any failure to get an answer is UNKNOWN. */
  async function ask(adapter: TransferVendorAdapter, t: VendorTransferRow, playerId: string): Promise<TransferAnswer> {
    const c = { playerId, reference: t.reference, amount: BigInt(t.amount), currency: t.currency };
    try {
      return await call(t.direction === 'TO_VENDOR' ? adapter.transferIn(c) : adapter.transferOut(c));
    } catch {
      return { status: 'UNKNOWN' };
    }
  }

  async function transfer(
    memberId: string,
    input: { vendorId: string; direction: Direction; amount: string; requestId: string },
  ): Promise<VendorTransferRow> {
    const amount = BigInt(input.amount);
    if (amount <= 0n || amount > VENDOR.maxAmountMinor)
      throw new AppError('AMOUNT_OUT_OF_RANGE', 400, 'The amount is outside the allowed range.', 'body.amount', {
        min: '1',
        max: VENDOR.maxAmountMinor.toString(),
      });
    const replay = (t: VendorTransferRow) => {
      if (t.vendorId !== input.vendorId || t.direction !== input.direction || t.amount !== amount.toString())
        throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another request.');
      if (t.status === 'FAILED') throw failed();
      return t;
    };
    const earlier = await repo.byRequestId(memberId, input.requestId);
    if (earlier) return replay(earlier);

    const vendor = await vendors.get(input.vendorId);
    const adapter = adapterOf(vendor);
    if (vendor!.status === 'MAINTENANCE') throw new AppError('GAME_MAINTENANCE', 503, 'The game is under maintenance.');
    const playerId = await playerIdFor(adapter, memberId);

    const pending = await repo.transaction(async (trx) => {
      const row = await repo.insertPending(
        {
          memberId,
          vendorId: input.vendorId,
          direction: input.direction,
          amount: amount.toString(),
          currency: SITE_CURRENCY,
          requestId: input.requestId,
          reference: `${input.vendorId}-${randomBytes(12).toString('hex')}`,
        },
        trx,
      );
      if (!row) return undefined;
      if (row.direction === 'TO_VENDOR')
        await ledger.transferIn(trx, {
          idempotencyKey: `vendor-transfer:${row.id}:debit`,
          kind: 'VENDOR_TRANSFER_IN',
          from: main(memberId),
          to: atVendor(memberId, row.vendorId),
          amount,
          reference: { vendorId: row.vendorId, transferId: row.id, reference: row.reference },
        });
      return row;
    });
    if (!pending) {
      const twin = await repo.byRequestId(memberId, input.requestId);
      if (twin) return replay(twin);
      throw new AppError(
        'VENDOR_TRANSFER_IN_PROGRESS',
        409,
        'A transfer with this vendor is still being processed; please wait.',
      );
    }

    const answer = await ask(adapter, pending, playerId);
    if (answer.status === 'SUCCESS') return settle(pending, 'SUCCESS', answer.balance);
    if (answer.status === 'FAILED') {
      await settle(pending, 'FAILED');
      throw failed();
    }
    return pending;
  }

  return {
    /** The member's player id at a transfer-mode vendor, created there on first use (launch, transfer). */
    async vendorPlayerId(vendorId: string, memberId: string): Promise<string> {
      return playerIdFor(adapterOf(await vendors.get(vendorId)), memberId);
    },

    async wallets(memberId: string): Promise<VendorWallets> {
      const [list, pending, balance] = await Promise.all([
        vendors.transferVendors(),
        repo.pendingAmounts(memberId),
        mainBalance(memberId),
      ]);
      const wallets = await Promise.all(
        list.map(async (v) => {
          const base = { vendorId: v.id, name: v.name, pendingAmount: (pending.get(v.id) ?? 0n).toString() };
          const playerId = await repo.playerId(v.id, memberId);
          const adapter = vendors.transferAdapter(v.id);
          const state = v.status === 'MAINTENANCE' ? ('MAINTENANCE' as const) : ('OK' as const);
          // A member who never moved money there has nothing there: no need to ask.
          if (!playerId) return { ...base, state, balance: '0' };
          if (!adapter) return { ...base, state: 'UNAVAILABLE' as const, balance: null };
          try {
            return { ...base, state, balance: (await call(adapter.balance(playerId, SITE_CURRENCY))).toString() };
          } catch {
            return { ...base, state: 'UNAVAILABLE' as const, balance: null };
          }
        }),
      );
      return { main: { balance, currency: SITE_CURRENCY }, wallets };
    },

    async transfer(memberId: string, input: Parameters<typeof transfer>[1]) {
      const t = await transfer(memberId, input);
      return { transfer: view(t), mainBalance: await mainBalance(memberId) };
    },

    /** Every vendor wallet's whole balance back to main; one vendor's trouble does not stop the others. */
    async allToMain(memberId: string, requestId: string): Promise<AllToMain> {
      const results: AllToMain['results'] = [];
      for (const v of await vendors.transferVendors()) {
        const playerId = await repo.playerId(v.id, memberId);
        const adapter = vendors.transferAdapter(v.id);
        if (!playerId) {
          results.push({ vendorId: v.id, outcome: 'SKIPPED', amount: '0' });
          continue;
        }
        if (v.status === 'MAINTENANCE' || !adapter) {
          results.push({
            vendorId: v.id,
            outcome: v.status === 'MAINTENANCE' ? 'MAINTENANCE' : 'UNAVAILABLE',
            amount: '0',
          });
          continue;
        }
        let there: bigint;
        try {
          there = await call(adapter.balance(playerId, SITE_CURRENCY));
        } catch {
          results.push({ vendorId: v.id, outcome: 'UNAVAILABLE', amount: '0' });
          continue;
        }
        if (there <= 0n) {
          results.push({ vendorId: v.id, outcome: 'SKIPPED', amount: '0' });
          continue;
        }
        const amount = there.toString();
        try {
          // ':' never appears in a client's request id, so derived ids cannot collide with one.
          const t = await transfer(memberId, {
            vendorId: v.id,
            direction: 'TO_MAIN',
            amount,
            requestId: `${requestId}:${v.id}`,
          });
          results.push({ vendorId: v.id, outcome: t.status, amount: t.amount });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const outcome =
            err.code === 'VENDOR_TRANSFER_IN_PROGRESS'
              ? 'IN_PROGRESS'
              : err.code === 'VENDOR_TRANSFER_FAILED'
                ? 'FAILED'
                : 'UNAVAILABLE';
          results.push({ vendorId: v.id, outcome, amount });
        }
      }
      return { results, mainBalance: await mainBalance(memberId) };
    },

    /**
     * Asks the vendor about every transfer still pending after `olderThanSeconds` and applies the
     * vendor's answer. PENDING or UNKNOWN answers leave it for the next run. Safe to run on several
     * instances at once: settling is a conditional update plus idempotent ledger keys.
     */
    async reconcile(olderThanSeconds: number = VENDOR.reconcileAfterSeconds, limit = 500) {
      const rows = await repo.pendingOlderThan(new Date(Date.now() - olderThanSeconds * 1000), limit);
      const tally = { checked: rows.length, succeeded: 0, failed: 0, stillPending: 0 };
      for (const t of rows) {
        const adapter = vendors.transferAdapter(t.vendorId);
        let status: TransferStatus = 'UNKNOWN';
        if (adapter) {
          try {
            status = await call(adapter.checkTransfer(t.reference));
          } catch {
            status = 'UNKNOWN';
          }
        }
        if (status === 'SUCCESS' || status === 'FAILED') {
          await settle(t, status);
          if (status === 'SUCCESS') tally.succeeded++;
          else tally.failed++;
        } else {
          await repo.countCheck(t.id);
          tally.stillPending++;
        }
      }
      return tally;
    },
  };
}
export type VendorTransferService = ReturnType<typeof vendorTransferService>;
