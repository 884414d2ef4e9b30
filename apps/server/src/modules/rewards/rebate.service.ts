import { GAME_CATEGORIES } from '@portal/contracts/limits.ts';
import type { RebateClaim, RebateLine } from '@portal/contracts/rewards/rebate.contract.ts';
import type { InTransaction } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import type { RebateClaimRow, RebateRepository } from './rebate.repository.ts';

/** Accruals are kept in 1/10 000 of a minor unit: stake × rate in hundredths of a percent. */
export const REBATE_SCALE = 10_000n;
const RECENT_CLAIMS = 10;

/** What a claim pays per category: the whole minor units of the accrual; the fraction stays. */
export function rebateOf(accrued: bigint): bigint {
  return accrued / REBATE_SCALE;
}

/**
 * Rebate (decision 071): a trigger accrues stake × rate per member and category as bets happen; a
 * claim locks the member's main wallet (the row every bet locks first), reads the accruals, records
 * the claim (unique per member and request id) and pays the whole units through the ledger under
 * the key `rebate:<claim id>`. Two clicks wait for each other: the second finds nothing left.
 */
export function rebateService(deps: { repo: RebateRepository; ledger: LedgerService; transaction: InTransaction }) {
  const { repo, ledger, transaction } = deps;
  const main = (memberId: string, currency: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency });
  const house = (currency: string) => ({ kind: 'BONUS' as const, currency });
  const toClaim = (c: RebateClaimRow): RebateClaim => ({
    id: c.id,
    amount: c.amount,
    currency: c.currency,
    lines: c.lines,
    createdAt: new Date(c.createdAt).toISOString(),
  });

  async function rateMap(): Promise<Map<string, number>> {
    return new Map((await repo.rates()).map((r) => [r.gameType, r.rateBp]));
  }

  return {
    /** The manualRebate page: each category with a rate or a valid bet since the last claim. */
    async overview(memberId: string, currency: string) {
      const [rows, rates, claims] = await Promise.all([
        repo.accruals(memberId, currency),
        rateMap(),
        repo.claims(memberId, RECENT_CLAIMS),
      ]);
      const byType = new Map(rows.map((r) => [r.gameType, r]));
      const types = [
        ...GAME_CATEGORIES.filter((g) => (rates.get(g) ?? 0) > 0 || byType.has(g)),
        ...rows.map((r) => r.gameType).filter((g) => !(GAME_CATEGORIES as readonly string[]).includes(g)),
      ];
      const lines: RebateLine[] = types.map((g) => {
        const r = byType.get(g);
        return {
          gameType: g,
          validBet: r?.validBet ?? '0',
          rateBp: rates.get(g) ?? 0,
          rebate: rebateOf(BigInt(r?.accrued ?? '0')).toString(),
        };
      });
      const total = lines.reduce((s, l) => s + BigInt(l.rebate), 0n);
      return {
        lines,
        total: total.toString(),
        currency,
        lastClaimAt: claims[0] ? new Date(claims[0].createdAt).toISOString() : null,
        claims: claims.map(toClaim),
      };
    },

    /** What a claim would pay now (the reward centre counts it). */
    async claimable(memberId: string, currency: string): Promise<bigint> {
      const rows = await repo.accruals(memberId, currency);
      return rows.reduce((s, r) => s + rebateOf(BigInt(r.accrued)), 0n);
    },

    /** Pays the unclaimed rebate once; a repeat of the request id answers the first claim. */
    async claim(memberId: string, currency: string, requestId: string): Promise<RebateClaim> {
      const prior = await repo.claimByRequest(memberId, requestId);
      if (prior) return toClaim(prior);
      await ledger.ensureAccount(main(memberId, currency));
      const row = await transaction(async (trx) => {
        await repo.lockMainWallet(trx, memberId, currency);
        const again = await repo.claimByRequest(memberId, requestId, trx);
        if (again) return again;
        const rows = await repo.accruals(memberId, currency, { exec: trx, lock: true });
        const lines = rows
          .map((r) => ({ gameType: r.gameType, validBet: r.validBet, paid: rebateOf(BigInt(r.accrued)) }))
          .filter((l) => l.paid > 0n);
        const total = lines.reduce((s, l) => s + l.paid, 0n);
        if (total <= 0n) throw new AppError('REBATE_NOTHING_TO_CLAIM', 409, 'There is no rebate to claim yet.');
        const claim = await repo.insertClaim(trx, {
          memberId,
          currency,
          requestId,
          amount: total,
          lines: lines.map((l) => ({ gameType: l.gameType, validBet: l.validBet, amount: l.paid.toString() })),
        });
        await ledger.transferIn(trx, {
          idempotencyKey: `rebate:${claim.id}`,
          kind: 'REBATE',
          from: house(currency),
          to: main(memberId, currency),
          amount: total,
          reference: { rebateClaimId: claim.id },
        });
        await repo.settle(
          trx,
          memberId,
          currency,
          lines.map((l) => ({ gameType: l.gameType, units: l.paid * REBATE_SCALE })),
        );
        return claim;
      });
      return toClaim(row);
    },

    /** The back office: every category's rate (0 where none is set). */
    async rates() {
      const rows = new Map((await repo.rates()).map((r) => [r.gameType, r]));
      return {
        items: GAME_CATEGORIES.map((g) => ({
          gameType: g,
          rateBp: rows.get(g)?.rateBp ?? 0,
          updatedAt: rows.get(g) ? new Date(rows.get(g)!.updatedAt).toISOString() : null,
        })),
      };
    },

    async saveRates(actor: Actor, items: { gameType: string; rateBp: number }[]) {
      const before = await rateMap();
      await transaction(async (trx) => {
        for (const i of items) await repo.setRate(trx, i.gameType, i.rateBp, actor.staffId);
        await writeAudit(trx, actor, {
          action: 'rebate.rates',
          target: 'rebate_rate:*',
          before: Object.fromEntries(items.map((i) => [i.gameType, before.get(i.gameType) ?? 0])),
          after: Object.fromEntries(items.map((i) => [i.gameType, i.rateBp])),
        });
      });
      return this.rates();
    },
  };
}
export type RebateService = ReturnType<typeof rebateService>;
