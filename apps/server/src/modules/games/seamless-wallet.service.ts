import { createHash } from 'node:crypto';
import type {
  SeamlessAnswer,
  SeamlessAuthenticate,
  SeamlessBet,
  SeamlessRollback,
  SeamlessStatus,
  SeamlessWin,
  SeamlessWins,
  SeamlessWinsAnswer,
} from '@portal/contracts/games/seamless.contract.ts';
import { inParallel } from '@portal/contracts/in-parallel.ts';
import { TRIAL_CREDIT, VENDOR } from '@portal/contracts/limits.ts';
import type { Transaction } from 'kysely';
import type { Database, LedgerAccountKind } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AccountRef, LedgerService, TransferRequest } from '../wallet/ledger.service.ts';
import { hashGameToken } from './game-session.service.ts';
import type { GameSessionRow, MoneyCall, SeamlessRepository, SeamlessRow } from './seamless.repository.ts';
import type { VendorRecord } from './vendor-registry.ts';

/** The transaction id was already taken: answer from the stored row. */
class Taken extends Error {
  constructor(readonly row: SeamlessRow) {
    super('taken');
  }
}

const walletKind = (currency: string): LedgerAccountKind =>
  currency === TRIAL_CREDIT.currency ? 'MEMBER_TRIAL' : 'MEMBER_MAIN';
const memberAccount = (memberId: string, currency: string): AccountRef => ({
  kind: walletKind(currency),
  memberId,
  currency,
});
/**
 * Shards of a vendor's clearing account per currency (decision 043): the bets of different players
 * meet different rows instead of queueing on one. A player always meets the same shard
 * (`member id mod n`); the vendor's clearing balance is the sum of its shards. Changing n is safe:
 * existing shards keep their balances and new ones open at their first transfer.
 */
export const CLEARING_SHARDS = 16;
const shardOf = (memberId: string) => Number(BigInt(memberId) % BigInt(CLEARING_SHARDS));
const clearing = (vendorId: string, currency: string, memberId: string): AccountRef => ({
  kind: 'VENDOR_CLEARING',
  vendorId,
  currency,
  shard: shardOf(memberId),
});
const hashOf = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');
const ledgerKey = (vendorId: string, transactionId: string) => `vendor:${vendorId}:${transactionId}`;

/** What tells a bet from a win; everything else of the two calls is one path (`moneyCall`). */
interface MoneyCallKind {
  action: 'BET' | 'WIN';
  /** Which side of the transfer the player's wallet is: a bet takes from it, a win pays into it. */
  player: 'from' | 'to';
  /** Refuse an expired token, a blocked member or a vendor out of service (a win is owed regardless). */
  liveSessionOnly: boolean;
  /** Refuse unless the round has a bet that was not rolled back. */
  needsStandingBet: boolean;
}
const BET: MoneyCallKind = { action: 'BET', player: 'from', liveSessionOnly: true, needsStandingBet: false };
const WIN: MoneyCallKind = { action: 'WIN', player: 'to', liveSessionOnly: false, needsStandingBet: true };

/**
 * The operator's side of the seamless-wallet protocol (DESIGN.md §3). Every money call runs in one
 * database transaction that first claims `(vendor, transaction_id)`: a replay finds the claim and gets
 * the stored answer, the same id with another payload gets DUPLICATE_TRANSACTION, and a refusal
 * (insufficient funds, expired token…) rolls the claim back with everything else, so nothing changes
 * and a later retry is judged afresh. Money moves through the ledger with the key
 * `vendor:{vendorId}:{transaction_id}`; bets and wins go between the player's wallet (trial credit for
 * demo sessions) and the vendor's clearing account.
 */
export function seamlessWalletService(repo: SeamlessRepository, ledger: LedgerService, now: () => number = Date.now) {
  const answer = (
    status: SeamlessStatus,
    balance: bigint | null,
    currency: string | null,
    requestId: string | undefined,
    extra: Partial<SeamlessAnswer> = {},
  ): SeamlessAnswer => ({
    status,
    balance: balance === null ? null : balance.toString(),
    currency,
    request_id: requestId ?? null,
    ...extra,
  });

  const session = (vendor: VendorRecord, token: string) => repo.sessionByTokenHash(vendor.id, hashGameToken(token));
  const expired = (s: GameSessionRow) => s.expiresAt.getTime() <= now();
  const balanceOf = (memberId: string, currency: string) => repo.balance(walletKind(currency), memberId, currency);

  /** A stored answer for a replay, DUPLICATE_TRANSACTION for another payload under the same id. */
  async function replay(
    row: Pick<SeamlessRow, 'action' | 'requestHash' | 'response'>,
    hash: string,
    s: GameSessionRow,
    requestId: string | undefined,
    isBet: boolean,
  ): Promise<SeamlessAnswer> {
    if (row.action === 'TOMBSTONE') {
      // Its rollback came first: the vendor already gave this bet up, so it must not stand now.
      const status = isBet ? 'BET_ALREADY_SETTLED' : 'DUPLICATE_TRANSACTION';
      return answer(status, await balanceOf(s.memberId, s.currency), s.currency, requestId);
    }
    if (row.requestHash !== hash || !row.response)
      return answer('DUPLICATE_TRANSACTION', await balanceOf(s.memberId, s.currency), s.currency, requestId);
    return { ...(row.response as SeamlessAnswer), request_id: requestId ?? null };
  }

  /**
   * Runs `work` (a rollback) in a transaction that claims the transaction id first; the claim
   * of a concurrent twin is waited for by the unique index and then answered as a replay.
   */
  async function claimed(
    s: GameSessionRow,
    requestId: string | undefined,
    hash: string,
    isBet: boolean,
    work: (trx: Transaction<Database>) => Promise<SeamlessAnswer>,
  ): Promise<SeamlessAnswer> {
    try {
      return await repo.transaction(work);
    } catch (err) {
      if (err instanceof Taken) return replay(err.row, hash, s, requestId, isBet);
      if (err instanceof AppError && err.code === 'WALLET_INSUFFICIENT_FUNDS')
        return answer('INSUFFICIENT_FUNDS', await balanceOf(s.memberId, s.currency), s.currency, requestId);
      throw err;
    }
  }

  async function claim(trx: Transaction<Database>, row: Omit<SeamlessRow, 'response'>): Promise<void> {
    if (await repo.claim(row, trx)) return;
    const taken = await repo.find(row.vendorId, row.transactionId, false, trx);
    if (!taken) throw new Error('seamless transaction vanished after a conflict');
    throw new Taken(taken);
  }

  /** Why a bet or win is refused before any money moves (the session as read for this call), or null. */
  function refusalOf(
    vendor: VendorRecord,
    s: GameSessionRow,
    body: { game_code: string; currency: string },
    amount: bigint,
    kind: MoneyCallKind,
  ): SeamlessStatus | null {
    if (kind.liveSessionOnly) {
      if (expired(s)) return 'TOKEN_EXPIRED';
      if (s.memberStatus !== 'ACTIVE') return 'USER_BLOCKED';
      if (vendor.status !== 'LIVE') return 'INVALID_GAME';
    }
    if (body.game_code !== s.gameCode) return 'INVALID_GAME';
    if (body.currency !== s.currency || !vendor.currencies.includes(body.currency)) return 'WRONG_CURRENCY';
    if (amount > VENDOR.maxAmountMinor) return 'LIMIT_REACHED';
    return null;
  }

  const reference = (vendor: VendorRecord, s: GameSessionRow, roundId: string | null, transactionId: string) => ({
    vendorId: vendor.id,
    gameCode: s.gameCode,
    gameType: s.gameType,
    roundId,
    transactionId,
  });

  /** The money call of a non-zero amount: one statement claims, checks, transfers and stores the answer. */
  async function transferCall(
    vendor: VendorRecord,
    body: SeamlessBet | SeamlessWin,
    kind: MoneyCallKind,
    s: GameSessionRow,
    claimRow: Pick<MoneyCall, 'vendorId' | 'transactionId' | 'requestHash' | 'memberId' | 'amount' | 'currency'>,
    okAnswer: Record<string, unknown>,
  ) {
    const player = memberAccount(s.memberId, s.currency);
    const vendorSide = clearing(vendor.id, s.currency, s.memberId);
    const playerPays = kind.player === 'from';
    const transfer: TransferRequest = {
      idempotencyKey: ledgerKey(vendor.id, body.transaction_id),
      kind: kind.action,
      from: playerPays ? player : vendorSide,
      to: playerPays ? vendorSide : player,
      amount: BigInt(body.amount),
      reference: reference(vendor, s, body.round_id, body.transaction_id),
    };
    const { hash: ledgerHash, at } = ledger.validated(transfer);
    const call = () =>
      repo.moneyCall({
        ...claimRow,
        action: kind.action,
        roundId: body.round_id,
        needsStandingBet: kind.needsStandingBet,
        playerPays,
        walletKind: player.kind,
        shard: vendorSide.shard ?? 0,
        ledgerKey: transfer.idempotencyKey,
        ledgerHash,
        reference: transfer.reference ?? {},
        answer: okAnswer,
        recordedAt: at,
      });
    const row = await call();
    if (row.oStatus !== 'MISSING_ACCOUNT') return row;
    await ledger.ensureAccount(transfer.from);
    await ledger.ensureAccount(transfer.to);
    return call();
  }

  /**
   * The one path of `bet` and `win`: check the call, then one statement claims the transaction id,
   * moves `amount` between the player's wallet and the player's shard of the vendor's clearing
   * account and stores the answer with the transfer (seamless_money_call, decision 043), in
   * autocommit: no client round trip while the wallet's row is locked. A call whose id is already
   * taken gets the stored answer, even when the checks would refuse it now (a replay of a bet taken
   * before the token expired). What differs between bet and win is data (`MoneyCallKind`).
   */
  async function moneyCall(
    vendor: VendorRecord,
    body: SeamlessBet | SeamlessWin,
    kind: MoneyCallKind,
    read: GameSessionRow | null = null,
  ): Promise<SeamlessAnswer> {
    const s = read ?? (await session(vendor, body.token));
    if (!s) return answer('INVALID_TOKEN', null, null, body.request_id);
    const amount = BigInt(body.amount);
    const isBet = kind.action === 'BET';
    const hash = hashOf([kind.action, s.memberId, body.round_id, body.game_code, amount.toString(), body.currency]);
    const refusal = refusalOf(vendor, s, body, amount, kind);
    if (refusal) {
      const taken = await repo.find(vendor.id, body.transaction_id, false);
      if (taken) return replay(taken, hash, s, body.request_id, isBet);
      return answer(refusal, await balanceOf(s.memberId, s.currency), s.currency, body.request_id);
    }
    const claimRow = {
      vendorId: vendor.id,
      transactionId: body.transaction_id,
      action: kind.action,
      requestHash: hash,
      memberId: s.memberId,
      roundId: body.round_id,
      referenceId: null,
      amount: amount.toString(),
      currency: body.currency,
    };
    const player = memberAccount(s.memberId, s.currency);
    const okAnswer = { status: 'OK', currency: s.currency, request_id: body.request_id ?? null };
    const row =
      amount === 0n
        ? // Nothing to move (a lost round's closing win): the claim, the standing-bet check and the
          // answer, in one statement too (seamless_zero_call).
          await repo.zeroCall({
            ...claimRow,
            needsStandingBet: kind.needsStandingBet,
            walletKind: player.kind,
            answer: okAnswer,
          })
        : await transferCall(vendor, body, kind, s, claimRow, okAnswer);
    switch (row.oStatus) {
      case 'OK':
        return answer(
          'OK',
          BigInt(row.oBalance!),
          s.currency,
          body.request_id,
          row.oTransferId === null ? {} : { operator_transaction_id: String(row.oTransferId) },
        );
      case 'TAKEN': {
        const response =
          row.oTakenResponse === null ? null : (JSON.parse(row.oTakenResponse) as Record<string, unknown>);
        return replay(
          { action: row.oTakenAction!, requestHash: row.oTakenHash!, response },
          hash,
          s,
          body.request_id,
          isBet,
        );
      }
      case 'INSUFFICIENT_FUNDS':
        return answer('INSUFFICIENT_FUNDS', BigInt(row.oBalance!), s.currency, body.request_id);
      case 'TRANSACTION_NOT_FOUND':
        return answer('TRANSACTION_NOT_FOUND', await balanceOf(s.memberId, s.currency), s.currency, body.request_id);
      default:
        throw new Error(`seamless ${kind.action} refused by the ledger (${row.oStatus})`);
    }
  }

  return {
    async authenticate(vendor: VendorRecord, body: SeamlessAuthenticate): Promise<SeamlessAnswer> {
      const s = await session(vendor, body.token);
      if (!s) return answer('INVALID_TOKEN', null, null, body.request_id);
      const balance = await balanceOf(s.memberId, s.currency);
      const refuse = (status: SeamlessStatus) => answer(status, balance, s.currency, body.request_id);
      if (expired(s)) return refuse('TOKEN_EXPIRED');
      if (s.memberStatus !== 'ACTIVE') return refuse('USER_BLOCKED');
      if (vendor.status !== 'LIVE') return refuse('INVALID_GAME');
      return answer('OK', balance, s.currency, body.request_id, { player_id: s.memberId, game_code: s.gameCode });
    },

    async balance(vendor: VendorRecord, body: SeamlessAuthenticate): Promise<SeamlessAnswer> {
      const s = await session(vendor, body.token);
      if (!s) return answer('INVALID_TOKEN', null, null, body.request_id);
      const balance = await balanceOf(s.memberId, s.currency);
      return answer(expired(s) ? 'TOKEN_EXPIRED' : 'OK', balance, s.currency, body.request_id);
    },

    /** Takes a stake from the player's wallet: only on a live token of an active member at a live vendor. */
    bet: (vendor: VendorRecord, body: SeamlessBet) => moneyCall(vendor, body, BET),

    /** Pays a round's win: after the token expired too, but only against a bet of the round that stands. */
    win: (vendor: VendorRecord, body: SeamlessWin) => moneyCall(vendor, body, WIN),

    /**
     * Many wins in one call (decision 104): their sessions read in one query, then each item exactly
     * as `win` (its own claim, its own one-statement transaction), VENDOR.seamlessBatchInFlight at a
     * time. An item that fails unexpectedly answers TEMPORARY_ERROR alone: its claim was rolled back
     * with its transaction, so the vendor sends it again.
     */
    async wins(
      vendor: VendorRecord,
      body: SeamlessWins,
      log?: { error: (o: object, msg: string) => void },
    ): Promise<SeamlessWinsAnswer> {
      const hashes = body.wins.map((w) => hashGameToken(w.token));
      const sessions = await repo.sessionsByTokenHash(vendor.id, hashes);
      const results = await inParallel(body.wins, VENDOR.seamlessBatchInFlight, async (w, i) => {
        const item = { ...w, request_id: body.request_id };
        const s = sessions.get(hashes[i]!);
        if (!s) return answer('INVALID_TOKEN', null, null, body.request_id);
        return moneyCall(vendor, item, WIN, s).catch((err: unknown) => {
          log?.error({ err }, `seamless wins: ${w.transaction_id} failed`);
          return answer('TEMPORARY_ERROR', null, null, body.request_id);
        });
      });
      return { ...answer('OK', null, null, body.request_id), results };
    },

    async rollback(vendor: VendorRecord, body: SeamlessRollback): Promise<SeamlessAnswer> {
      const s = await session(vendor, body.token);
      if (!s) return answer('INVALID_TOKEN', null, null, body.request_id);
      const ref = body.reference_transaction_id;
      const hash = hashOf(['ROLLBACK', s.memberId, ref]);
      return claimed(s, body.request_id, hash, false, async (trx) => {
        await claim(trx, {
          vendorId: vendor.id,
          transactionId: body.transaction_id,
          action: 'ROLLBACK',
          requestHash: hash,
          memberId: s.memberId,
          roundId: body.round_id ?? null,
          referenceId: ref,
          amount: '0',
          currency: s.currency,
        });
        // Every rollback answer is final and stored: a tombstone keeps "not found" true for good.
        const settle = async (status: SeamlessStatus, currency: string) => {
          const a = answer(
            status,
            await repo.balance(walletKind(currency), s.memberId, currency, trx),
            currency,
            body.request_id,
          );
          await repo.storeResponse(vendor.id, body.transaction_id, a, trx);
          return a;
        };
        let bet = await repo.find(vendor.id, ref, true, trx);
        if (!bet) {
          const tombstone = await repo.claim(
            {
              vendorId: vendor.id,
              transactionId: ref,
              action: 'TOMBSTONE',
              requestHash: '',
              memberId: s.memberId,
              roundId: body.round_id ?? null,
              referenceId: body.transaction_id,
              amount: '0',
              currency: s.currency,
            },
            trx,
          );
          if (tombstone) return settle('TRANSACTION_NOT_FOUND', s.currency);
          bet = await repo.find(vendor.id, ref, true, trx); // the bet committed meanwhile
        }
        if (!bet || bet.action !== 'BET' || bet.memberId !== s.memberId || !bet.currency)
          return settle('TRANSACTION_NOT_FOUND', s.currency);
        if ((await repo.rolledBack(vendor.id, [ref], trx)).size > 0) return settle('BET_ALREADY_SETTLED', bet.currency);
        if (bet.roundId && (await repo.roundHasWin(vendor.id, s.memberId, bet.roundId, trx)))
          return settle('BET_ALREADY_SETTLED', bet.currency);
        const amount = BigInt(bet.amount);
        if (amount === 0n) return settle('OK', bet.currency);
        const r = await ledger.transferIn(trx, {
          idempotencyKey: ledgerKey(vendor.id, body.transaction_id),
          kind: 'ROLLBACK',
          from: clearing(vendor.id, bet.currency, s.memberId),
          to: memberAccount(s.memberId, bet.currency),
          amount,
          reference: reference(vendor, s, bet.roundId, body.transaction_id),
        });
        await repo.setAmount(vendor.id, body.transaction_id, amount, trx);
        const a = answer('OK', r.toBalance, bet.currency, body.request_id, { operator_transaction_id: r.transferId });
        await repo.storeResponse(vendor.id, body.transaction_id, a, trx);
        return a;
      });
    },
  };
}
export type SeamlessWalletService = ReturnType<typeof seamlessWalletService>;
