import type {
  LargeWin,
  NewAddressSignIn,
  SharedCluster,
  SharedKind,
} from '@portal/contracts/backoffice/risk.contract.ts';
import { resolveRange, type RangeQuery } from '../wallet/history.service.ts';
import type { RiskRepository } from './risk.repository.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
interface Paging {
  page: number;
  pageSize: number;
}
const window = (p: Paging) => ({ limit: p.pageSize, offset: p.page * p.pageSize });

/**
 * The risk screens (issue 14, decision 028): members sharing a bank account, an address or a device,
 * large wins and new-address sign-ins. Date ranges are site days (`resolveRange`, as the dashboard).
 */
export function riskService(repo: RiskRepository, now: () => Date) {
  return {
    async shared(q: Paging & { kind: SharedKind; q?: string | undefined }) {
      const { rows, total } = await repo.sharedClusters(q.kind, { text: q.q, ...window(q) });
      const clusters: SharedCluster[] = rows.map((r) => ({
        kind: q.kind,
        value: r.value,
        memberCount: Number(r.memberCount),
        lastSeenAt: iso(r.lastSeenAt),
        members: (r.members ?? []).map((m) => ({ ...m, id: String(m.id), type: Number(m.type) })),
      }));
      return { clusters, total };
    },

    async largeWins(q: Paging & RangeQuery & { minWin: string }) {
      const { from, to, start, end } = resolveRange(q, now());
      const { rows, total, totals } = await repo.largeWins({ start, end, minWin: q.minWin, ...window(q) });
      const wins: LargeWin[] = rows.map((r) => ({
        vendorId: r.vendorId,
        vendorName: r.vendorName ?? r.vendorId,
        transactionId: r.transactionId,
        roundId: r.roundId,
        memberId: r.memberId === null ? null : String(r.memberId),
        memberAccount: r.memberAccount,
        currency: r.currency,
        win: String(r.win),
        bet: String(r.bet),
        at: iso(r.at),
      }));
      return { wins, total, totals, from, to, minWin: q.minWin };
    },

    async newAddressSignIns(q: Paging & RangeQuery & { account?: string | undefined }) {
      const { from, to, start, end } = resolveRange(q, now());
      const { rows, total } = await repo.newAddressChecks({ start, end, account: q.account, ...window(q) });
      const at = now().getTime();
      const events: NewAddressSignIn[] = rows.map((r) => ({
        memberId: String(r.memberId),
        memberAccount: r.memberAccount,
        ip: r.ip,
        method: r.method,
        portal: r.portal,
        state: r.usedAt !== null ? 'VERIFIED' : new Date(r.expiresAt).getTime() > at ? 'PENDING' : 'EXPIRED',
        attempts: Number(r.attempts),
        askedAt: iso(r.createdAt),
        verifiedAt: r.usedAt === null ? null : iso(r.usedAt),
      }));
      return { events, total, from, to };
    },
  };
}
export type RiskService = ReturnType<typeof riskService>;
