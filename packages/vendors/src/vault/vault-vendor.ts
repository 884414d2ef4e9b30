import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  VAULT_RULES,
  type VaultGameCode,
  type VaultRound,
  type VaultTable,
} from '@portal/contracts/games/vault-vendor.contract.ts';
import { VENDOR } from '@portal/contracts/limits.ts';
import { sql, type Selectable, type Transaction } from 'kysely';
import { VendorApiError } from '../vendor-api.ts';
import type { VaultDatabase, VaultDb, VaultRoundTable } from './vault-store.ts';

/**
 * "Vault Gaming", the demo transfer-mode vendor. This is the VENDOR's side: it keeps its own wallet
 * per player in its own tables (migration 0010a), applies each reference number at most once and
 * answers what became of a reference. The operator reaches it only through `vaultAdapter`.
 */
export interface VaultAnswer {
  status: 'SUCCESS' | 'FAILED';
  balance: bigint;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const RECENT_ROUNDS = 10;

type Outcome = VaultRound['outcome'];

/** One round of a Vault table: the outcome from the vendor's RNG and what it pays on `bet`. */
export function vaultOutcome(gameCode: VaultGameCode, bet: bigint, pick: number | undefined, rng = randomInt) {
  if (gameCode === 'vault-heist') {
    const picked = pick ?? 0;
    const gold = rng(VAULT_RULES.safes);
    const outcome: Outcome = { kind: 'heist', picked, gold };
    return { outcome, payout: picked === gold ? (bet * VAULT_RULES.heistPayoutPercent) / 100n : 0n };
  }
  // High card: one card each from two fresh decks; the higher rank wins, a tie gives the bet back.
  const player = rng(52);
  const dealer = rng(52);
  const outcome: Outcome = { kind: 'high-card', player, dealer };
  const [p, d] = [player % 13, dealer % 13];
  return { outcome, payout: p > d ? (bet * VAULT_RULES.highCardPayoutPercent) / 100n : p === d ? bet : 0n };
}

const roundView = (r: Selectable<VaultRoundTable>): VaultRound => ({
  roundId: r.id,
  gameCode: r.gameCode as VaultGameCode,
  bet: r.bet,
  payout: r.payout,
  outcome: r.outcome as Outcome,
  balanceAfter: r.balanceAfter,
  createdAt: r.createdAt.toISOString(),
});

export function vaultVendor(db: VaultDb) {
  const walletBalance = async (
    playerId: string,
    currency: string,
    executor: VaultDb | Transaction<VaultDatabase> = db,
  ) => {
    const row = await executor
      .selectFrom('vaultWallet')
      .select('balance')
      .where('playerId', '=', playerId)
      .where('currency', '=', currency)
      .executeTakeFirst();
    return row ? BigInt(row.balance) : undefined;
  };

  async function createMember(playerId: string, currency: string): Promise<void> {
    await db
      .insertInto('vaultWallet')
      .values({ playerId, currency })
      .onConflict((oc) => oc.columns(['playerId', 'currency']).doNothing())
      .execute();
  }

  async function sessionOf(token: string) {
    const s = await db
      .selectFrom('vaultSession')
      .select(['playerId', 'currency', 'gameCode'])
      .where('tokenHash', '=', hashToken(token))
      .where('expiresAt', '>', new Date())
      .executeTakeFirst();
    if (!s) throw new VendorApiError('GAME_SESSION_EXPIRED', 401, 'This game session has ended.');
    return s;
  }

  return {
    createMember,

    /** Applies a reference once; a repeat answers what the first call did. */
    async transfer(
      direction: 'IN' | 'OUT',
      call: { playerId: string; reference: string; amount: bigint; currency: string },
    ): Promise<VaultAnswer> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('vaultTransfer')
          .values({
            reference: call.reference,
            playerId: call.playerId,
            direction,
            amount: call.amount.toString(),
            currency: call.currency,
            status: 'SUCCESS',
          })
          .onConflict((oc) => oc.column('reference').doNothing())
          .returning('reference')
          .executeTakeFirst();
        if (!claimed) {
          const first = await trx
            .selectFrom('vaultTransfer')
            .select(['status', 'playerId', 'direction', 'amount'])
            .where('reference', '=', call.reference)
            .executeTakeFirstOrThrow();
          const same =
            first.playerId === call.playerId &&
            first.direction === direction &&
            first.amount === call.amount.toString();
          const balance = (await walletBalance(call.playerId, call.currency, trx)) ?? 0n;
          return { status: same ? first.status : 'FAILED', balance };
        }
        const delta = sql<string>`balance + ${(direction === 'IN' ? call.amount : -call.amount).toString()}::bigint`;
        const updated = await trx
          .updateTable('vaultWallet')
          .set({ balance: delta })
          .where('playerId', '=', call.playerId)
          .where('currency', '=', call.currency)
          .$if(direction === 'OUT', (q) => q.where('balance', '>=', call.amount.toString()))
          .returning('balance')
          .executeTakeFirst();
        if (updated) return { status: 'SUCCESS' as const, balance: BigInt(updated.balance) };
        await trx
          .updateTable('vaultTransfer')
          .set({ status: 'FAILED' })
          .where('reference', '=', call.reference)
          .execute();
        return { status: 'FAILED' as const, balance: (await walletBalance(call.playerId, call.currency, trx)) ?? 0n };
      });
    },

    /** Records a refusal under the reference, so a later check or retry gives the same answer. */
    async refuse(call: { playerId: string; reference: string; currency: string }, direction: 'IN' | 'OUT') {
      await db
        .insertInto('vaultTransfer')
        .values({ ...call, direction, amount: '0', status: 'FAILED' })
        .onConflict((oc) => oc.column('reference').doNothing())
        .execute();
    },

    async balance(playerId: string, currency: string): Promise<bigint> {
      return (await walletBalance(playerId, currency)) ?? 0n;
    },

    /**
     * What became of a reference. One never seen is recorded as FAILED before answering, so a transfer
     * that arrives after the question is refused and the answer stays true.
     */
    async checkTransfer(reference: string): Promise<'SUCCESS' | 'FAILED'> {
      await db
        .insertInto('vaultTransfer')
        .values({ reference, playerId: '', direction: 'UNKNOWN', amount: '0', currency: 'NONE', status: 'FAILED' })
        .onConflict((oc) => oc.column('reference').doNothing())
        .execute();
      const row = await db
        .selectFrom('vaultTransfer')
        .select('status')
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
      return row.status;
    },

    /**
     * The vendor side of a launch: makes sure the player has a Vault wallet and opens a session for
     * one game. The token goes to the browser once; Vault keeps only its hash.
     */
    async openSession(playerId: string, currency: string, gameCode: VaultGameCode): Promise<string> {
      await createMember(playerId, currency);
      const token = randomBytes(24).toString('base64url');
      await db
        .insertInto('vaultSession')
        .values({
          tokenHash: hashToken(token),
          playerId,
          currency,
          gameCode,
          expiresAt: new Date(Date.now() + VENDOR.gameSessionMinutes * 60_000),
        })
        .execute();
      return token;
    },

    /** Ends the player's open table sessions: the next round or table view answers GAME_SESSION_EXPIRED. */
    async endSessions(playerId: string): Promise<void> {
      await db
        .updateTable('vaultSession')
        .set({ expiresAt: new Date() })
        .where('playerId', '=', playerId)
        .where('expiresAt', '>', new Date())
        .execute();
    },

    async table(token: string): Promise<VaultTable> {
      const s = await sessionOf(token);
      const recent = await db
        .selectFrom('vaultRound')
        .selectAll()
        .where('playerId', '=', s.playerId)
        .where('gameCode', '=', s.gameCode)
        .orderBy('id', 'desc')
        .limit(RECENT_ROUNDS)
        .execute();
      return {
        gameCode: s.gameCode as VaultGameCode,
        currency: s.currency,
        balance: ((await walletBalance(s.playerId, s.currency)) ?? 0n).toString(),
        minBet: VAULT_RULES.minBet.toString(),
        maxBet: VAULT_RULES.maxBet.toString(),
        recent: recent.map(roundView),
      };
    },

    /**
     * Plays one round on the player's Vault wallet: the bet is taken and the payout added in one
     * statement, so the wallet never goes below zero; a repeated request id answers the first round.
     */
    async playRound(
      token: string,
      input: { requestId: string; bet: bigint; pick?: number | undefined },
    ): Promise<{ round: VaultRound; balance: string }> {
      const s = await sessionOf(token);
      if (input.bet < VAULT_RULES.minBet || input.bet > VAULT_RULES.maxBet)
        throw new VendorApiError('INVALID_BET', 400, 'The bet is outside the table limits.', 'bet');
      if (s.gameCode === 'vault-heist' && input.pick === undefined)
        throw new VendorApiError('VALIDATION_FAILED', 400, 'Pick a safe.', 'pick');
      const { outcome, payout } = vaultOutcome(s.gameCode as VaultGameCode, input.bet, input.pick);
      /** The round this request id already played, if any (a repeat answers it again). */
      const earlier = async (executor: VaultDb | Transaction<VaultDatabase>) => {
        const before = await executor
          .selectFrom('vaultRound')
          .selectAll()
          .where('playerId', '=', s.playerId)
          .where('requestId', '=', input.requestId)
          .executeTakeFirst();
        if (!before) return undefined;
        if (before.bet !== input.bet.toString() || before.gameCode !== s.gameCode)
          throw new VendorApiError('IDEMPOTENCY_CONFLICT', 409, 'This request id was used for another round.');
        return {
          round: roundView(before),
          balance: ((await walletBalance(s.playerId, s.currency, executor)) ?? 0n).toString(),
        };
      };
      const settle = () =>
        db.transaction().execute(async (trx) => {
          const repeat = await earlier(trx);
          if (repeat) return repeat;
          const wallet = await trx
            .updateTable('vaultWallet')
            .set({ balance: sql`balance - ${input.bet.toString()}::bigint + ${payout.toString()}::bigint` })
            .where('playerId', '=', s.playerId)
            .where('currency', '=', s.currency)
            .where('balance', '>=', input.bet.toString())
            .returning('balance')
            .executeTakeFirst();
          if (!wallet)
            throw new VendorApiError(
              'WALLET_INSUFFICIENT_FUNDS',
              409,
              'Your Vault balance is not enough for this bet.',
              'bet',
            );
          const round = await trx
            .insertInto('vaultRound')
            .values({
              playerId: s.playerId,
              currency: s.currency,
              gameCode: s.gameCode,
              requestId: input.requestId,
              bet: input.bet.toString(),
              payout: payout.toString(),
              balanceAfter: String(wallet.balance),
              outcome: JSON.stringify(outcome),
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return { round: roundView(round), balance: String(wallet.balance) };
        });
      try {
        return await settle();
      } catch (error) {
        // The same request id twice at once: the second insert loses (and rolls back); answer the first.
        if ((error as { code?: string }).code !== '23505') throw error;
        const repeat = await earlier(db);
        if (!repeat) throw error;
        return repeat;
      }
    },

    /** Stand-in for play at the vendor's tables: tests use it to make the player win or lose there. */
    async play(playerId: string, currency: string, delta: bigint): Promise<bigint> {
      const row = await db
        .updateTable('vaultWallet')
        .set({ balance: sql`balance + ${delta.toString()}::bigint` })
        .where('playerId', '=', playerId)
        .where('currency', '=', currency)
        .returning('balance')
        .executeTakeFirstOrThrow();
      return BigInt(row.balance);
    },
  };
}
export type VaultVendor = ReturnType<typeof vaultVendor>;
